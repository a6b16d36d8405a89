-- The seed's transfer flow as plain SQL, one database transaction, for pgbench: the ceiling the
-- service is compared with. :wallets and :hot (0 = uniform, else every credit goes to :hot).
-- Run with -M prepared: variables then travel as parameters, as the service's do.
\set from random(1, :wallets)
\set to random(1, :wallets)
\set to CASE WHEN :hot > 0 THEN :hot WHEN :to = :from THEN (:from % :wallets) + 1 ELSE :to END
\set from CASE WHEN :from = :to THEN (:to % :wallets) + 1 ELSE :from END
BEGIN;
INSERT INTO journal_transaction (id, type, principal_id, idempotency_key, request_fingerprint, created_at)
VALUES (gen_random_uuid(), 'TRANSFER', :from, gen_random_uuid()::text, repeat('0', 64), now())
ON CONFLICT (principal_id, idempotency_key) DO NOTHING RETURNING id AS tx \gset
SELECT id FROM account WHERE id IN (:from, :to) ORDER BY id FOR UPDATE;
UPDATE account SET balance = balance - 1 WHERE id = :from RETURNING balance AS from_after \gset
UPDATE account SET balance = balance + 1 WHERE id = :to RETURNING balance AS to_after \gset
INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
VALUES (:tx, :from, -1, :from_after, now()), (:tx, :to, 1, :to_after, now());
INSERT INTO outbox_event (event_id, topic, payload, created_at)
VALUES (gen_random_uuid(), 'wallet.transfers', jsonb_build_object('source', 'pgbench'), now());
COMMIT;
