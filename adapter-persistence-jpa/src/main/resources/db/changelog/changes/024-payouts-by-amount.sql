--liquibase formatted sql

--changeset ledger:024-payouts-by-amount
-- What an end-of-day debit naming no withdrawal pays out: the one pending withdrawal of its amount
-- whose payout the bank was asked for in the days before its value date
-- (docs/bank-reconciliation.md, matching).
CREATE INDEX withdrawal_pending_by_amount ON withdrawal (currency, amount, payout_requested_at)
    WHERE status = 'PENDING';
