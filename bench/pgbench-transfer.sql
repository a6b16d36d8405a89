-- The seed's transfer flow as plain SQL, one database transaction, for pgbench: the ceiling the
-- service is compared with. :wallets and :hot (0 = uniform, else every credit goes to :hot).
-- Run with -M prepared: variables then travel as parameters, as the service's do. Each balance
-- update extends its account's hash chain in the same statement (ledger_entry_link), as the
-- service's does, so the ceiling does the same work.
\set from random(1, :wallets)
\set to random(1, :wallets)
\set to CASE WHEN :hot > 0 THEN :hot WHEN :to = :from THEN (:from % :wallets) + 1 ELSE :to END
\set from CASE WHEN :from = :to THEN (:to % :wallets) + 1 ELSE :from END
BEGIN;
INSERT INTO journal_transaction (id, type, principal_id, idempotency_key, request_fingerprint, created_at)
VALUES (gen_random_uuid(), 'TRANSFER', :from, gen_random_uuid()::text, repeat('0', 64), now())
ON CONFLICT (principal_id, idempotency_key) DO NOTHING RETURNING id AS tx \gset
SELECT id FROM account WHERE id IN (:from, :to) ORDER BY id FOR UPDATE;
-- The posting's time is read once the rows are locked, so that each account's entries are in
-- time order as they are in chain order (the service does the same).
SELECT clock_timestamp() AS at \gset
UPDATE account SET balance = balance - 1, last_entry_at = :at,
  last_hash = ledger_entry_link(last_hash, :tx, id, -1, balance - 1, :at)
WHERE id = :from RETURNING balance AS from_after, last_hash AS from_hash \gset
UPDATE account SET balance = balance + 1, last_entry_at = :at,
  last_hash = ledger_entry_link(last_hash, :tx, id, 1, balance + 1, :at)
WHERE id = :to RETURNING balance AS to_after, last_hash AS to_hash \gset
-- Each entry's kind is the TRANSFER code, plus one for the debit, looked up as the service does.
INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at, hash, kind)
VALUES (:tx, :from, -1, :from_after, :at, :from_hash,
        (SELECT code * 2 + 1 FROM transaction_type_code WHERE type = 'TRANSFER')),
       (:tx, :to, 1, :to_after, :at, :to_hash,
        (SELECT code * 2 FROM transaction_type_code WHERE type = 'TRANSFER'));
INSERT INTO outbox_event (event_id, topic, payload, created_at)
VALUES (gen_random_uuid(), 'wallet.transfers', jsonb_build_object('source', 'pgbench'), now());
COMMIT;
