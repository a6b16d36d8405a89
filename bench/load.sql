-- Loads :wallets wallets straight into the ledger's schema with set-based SQL: wallet i is account
-- i, owned by user i, opened with :opening dong by one bulk opening transaction against the bank
-- clearing account, so every invariant (entries sum to zero, balance = sum of entries,
-- balance_after chain, each account's hash chain by ledger_entry_link) holds and reconciliation
-- stays clean. Run on a fresh, migrated database.
\set ON_ERROR_STOP on
BEGIN;
INSERT INTO account (id, owner_id, currency, kind, balance, allow_negative, created_at,
                     last_entry_at, last_hash)
OVERRIDING SYSTEM VALUE
SELECT g, g, 'VND', 'USER', :opening, false, now(), now(),
       ledger_entry_link('\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '00000000-0000-4000-8000-000000000001', g,
                         :opening, :opening, now())
FROM generate_series(1, :wallets) g;
INSERT INTO account (id, owner_id, currency, kind, balance, allow_negative, created_at,
                     last_entry_at, last_hash)
OVERRIDING SYSTEM VALUE
VALUES (:wallets + 1, NULL, 'VND', 'BANK_CLEARING', -(:opening::bigint * :wallets), true, now(),
        now(), ledger_entry_link('\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, '00000000-0000-4000-8000-000000000001',
                                 :wallets + 1, -(:opening::bigint * :wallets),
                                 -(:opening::bigint * :wallets), now()));
ALTER TABLE account ALTER COLUMN id RESTART WITH 1000000000;
INSERT INTO journal_transaction (id, type, principal_id, idempotency_key, request_fingerprint, created_at)
VALUES ('00000000-0000-4000-8000-000000000001', 'DEPOSIT', 0, 'bench-opening', repeat('0', 64), now());
-- Each entry's hash is its account's chain end, set above: every chain is one entry long.
-- Each entry's kind is the DEPOSIT code, plus one for the clearing account's debit.
INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at, hash, kind)
SELECT '00000000-0000-4000-8000-000000000001', a.id, a.balance, a.balance, now(), a.last_hash,
       c.code * 2 + (a.balance < 0)::int
FROM account a, transaction_type_code c
WHERE a.id <= :wallets + 1 AND c.type = 'DEPOSIT' ORDER BY a.id DESC;
COMMIT;
-- A freshly loaded table has no statistics: without them the foreign-key checks of the first
-- minute are planned as sequential scans, and the benchmark would measure that artifact.
ANALYZE;
