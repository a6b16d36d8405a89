--liquibase formatted sql

--changeset ledger:016-transaction-details-index runInTransaction:false
-- A history page shows each entry's transaction type (from the entry's kind) and the transaction's
-- reference, description and metadata. Only transactions that carry one of those are looked up
-- (docs/benchmarks.md, "Reads: pages answered together"): this partial index
-- holds exactly them, so an entry whose transaction has none costs one probe of a small index
-- instead of a probe of the primary key and a read of the transaction's row. Built concurrently:
-- writers are not held up while an existing journal is scanned.
CREATE INDEX CONCURRENTLY IF NOT EXISTS journal_transaction_with_details ON journal_transaction (id)
    WHERE reference IS NOT NULL OR description IS NOT NULL OR metadata IS NOT NULL;
