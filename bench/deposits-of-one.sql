-- Books :count deposits of 1 to the wallet :wallet in one transaction, as posting leaves them:
-- each a journal transaction of two entries against the VND clearing account, every balance_after
-- and every hash chain link in order (ledger_chain, the migration's aggregate), both balances, the
-- newest entry times and the chain ends updated, so the books still reconcile and verify. For the
-- statement benchmark (bench/statement.sh) and StatementsIT, which need more entries than posting
-- them one request at a time would give in reasonable time. Run as the schema's owner.
WITH clearing AS (
  SELECT id, balance, last_hash FROM account
  WHERE kind = 'BANK_CLEARING' AND currency = 'VND' AND owner_id IS NULL AND parent_id IS NULL
  FOR UPDATE),
wallet AS (SELECT id, balance, last_hash FROM account WHERE id = :wallet FOR UPDATE),
booked AS (
  INSERT INTO journal_transaction
    (id, type, principal_id, idempotency_key, request_fingerprint, created_at)
  SELECT gen_random_uuid(), 'DEPOSIT', 0, 'bulk-' || gen_random_uuid(), repeat('0', 64),
    clock_timestamp()
  FROM generate_series(1, :count) RETURNING id, created_at),
numbered AS (
  SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS n FROM booked),
lines AS (
  SELECT b.id AS transaction_id, c.id AS account_id, -1::bigint AS amount,
    c.balance - b.n AS balance_after, b.created_at, b.n, 0 AS side,
    ledger_chain(c.last_hash, b.id, c.id, -1::bigint, c.balance - b.n, b.created_at)
      OVER (ORDER BY b.n) AS hash
  FROM numbered b, clearing c
  UNION ALL
  SELECT b.id, w.id, 1::bigint, w.balance + b.n, b.created_at, b.n, 1,
    ledger_chain(w.last_hash, b.id, w.id, 1::bigint, w.balance + b.n, b.created_at)
      OVER (ORDER BY b.n)
  FROM numbered b, wallet w),
entries AS (
  INSERT INTO ledger_entry
    (transaction_id, account_id, amount, balance_after, created_at, hash, kind)
  SELECT l.transaction_id, l.account_id, l.amount, l.balance_after, l.created_at, l.hash,
    c.code * 2 + (l.amount < 0)::int
  FROM lines l JOIN transaction_type_code c ON c.type = 'DEPOSIT' ORDER BY l.n, l.side
  RETURNING account_id, created_at)
UPDATE account a
SET balance = a.balance + CASE WHEN a.id = :wallet THEN :count ELSE -:count END,
  last_entry_at = (SELECT max(created_at) FROM entries),
  last_hash = (SELECT l.hash FROM lines l WHERE l.account_id = a.id ORDER BY l.n DESC LIMIT 1)
WHERE a.id = :wallet OR a.id = (SELECT id FROM clearing);
