--liquibase formatted sql

--changeset ledger:031-webhook-delivery-by-reference
-- A delivery names its event in the outbox (outbox_id) instead of carrying a copy of its body and
-- its ordering keys: the posting writes a row of a few dozen bytes per endpoint, and both are
-- derived from the outbox row when the delivery is read, identically every time. Deliveries
-- written before keep the copies they have (body and ordering_keys stay, NULL from now on). The
-- outbox keeps an event while any delivery names it (JdbcOutboxStoreAdapter's prune), found
-- through the endpoint's index on outbox_id below, which also lists an endpoint's deliveries in
-- event order.
ALTER TABLE webhook_delivery ALTER COLUMN body DROP NOT NULL,
                             ALTER COLUMN ordering_keys DROP NOT NULL;
-- No foreign key to webhook_endpoint: its check took a KEY SHARE lock on the endpoint's row for
-- every delivery written, so the concurrent writers' batches shared that one row's lock through a
-- new multixact per batch (docs/benchmarks.md, a dead endpoint's cost). It guarded nothing that
-- can happen: the fan-out
-- takes the endpoint's id from the row in the same statement, and endpoints are never deleted,
-- only marked so.
ALTER TABLE webhook_delivery DROP CONSTRAINT webhook_delivery_endpoint_id_fkey;
DROP INDEX webhook_delivery_by_endpoint;
CREATE INDEX webhook_delivery_by_endpoint ON webhook_delivery (endpoint_id, outbox_id);
-- A deleted endpoint's deliveries will never be sent: they finish as failed when it is deleted, so
-- they are pruned after the retention and hold no event in the outbox for ever. Those of endpoints
-- deleted before this change finish now.
UPDATE webhook_delivery d SET status = 'FAILED', finished_at = w.deleted_at
    FROM webhook_endpoint w
    WHERE w.id = d.endpoint_id AND w.deleted_at IS NOT NULL AND d.status = 'PENDING';
