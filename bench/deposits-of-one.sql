-- Books :count deposits of 1 to the wallet :wallet in one transaction, as posting leaves them:
-- each a journal transaction of two entries against the VND clearing account, every balance_after
-- in order, both balances and last_entry_at updated, so the books still reconcile. For the
-- statement benchmark (bench/statement.sh) and StatementsIT, which need more entries than posting
-- them one request at a time would give in reasonable time. Run as the schema's owner.
WITH clearing AS (
  SELECT id, balance FROM account
  WHERE kind = 'BANK_CLEARING' AND currency = 'VND' AND owner_id IS NULL FOR UPDATE),
wallet AS (SELECT id, balance FROM account WHERE id = :wallet FOR UPDATE),
booked AS (
  INSERT INTO journal_transaction
    (id, type, principal_id, idempotency_key, request_fingerprint, created_at)
  SELECT gen_random_uuid(), 'DEPOSIT', 0, 'bulk-' || gen_random_uuid(), repeat('0', 64),
    clock_timestamp()
  FROM generate_series(1, :count) RETURNING id, created_at),
numbered AS (
  SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS n FROM booked),
entries AS (
  INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
  SELECT e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at
  FROM (
    SELECT b.id AS transaction_id, c.id AS account_id, -1 AS amount,
      c.balance - b.n AS balance_after, b.created_at, b.n, 0 AS side
    FROM numbered b, clearing c
    UNION ALL
    SELECT b.id, w.id, 1, w.balance + b.n, b.created_at, b.n, 1
    FROM numbered b, wallet w) e
  ORDER BY e.n, e.side
  RETURNING account_id, created_at)
UPDATE account a
SET balance = a.balance + CASE WHEN a.id = :wallet THEN :count ELSE -:count END,
  last_entry_at = (SELECT max(created_at) FROM entries)
WHERE a.id = :wallet OR a.id = (SELECT id FROM clearing);
