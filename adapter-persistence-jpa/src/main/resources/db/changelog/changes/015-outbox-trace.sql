--liquibase formatted sql

--changeset ledger:015-outbox-trace
-- The W3C traceparent of the request that posted the event's transaction, so that the record the
-- relay sends later continues that request's trace (docs/operations.md, "Tracing"). NULL for
-- untraced requests and for rows written before this column. No default: adding it rewrites no
-- row. The runtime role's table-wide INSERT and SELECT cover it; it is never updated.
ALTER TABLE outbox_event ADD COLUMN trace_parent varchar(55);
