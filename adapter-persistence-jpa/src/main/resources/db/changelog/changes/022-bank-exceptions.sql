--liquibase formatted sql

--changeset ledger:022-bank-exceptions
-- The bank view of reconciliation (docs/bank-reconciliation.md): withdrawals pending longer than the
-- bank usually takes, oldest first, and statement lines by booking date.
CREATE INDEX withdrawal_pending_since ON withdrawal (created_at, id) WHERE status = 'PENDING';
CREATE INDEX bank_statement_line_by_booking ON bank_statement_line (booking_date, id);

--changeset ledger:022-pending-deposit-amounts
-- What an end-of-day credit naming no reference pays: the one pending deposit of its amount
-- announced near its value date (docs/bank-reconciliation.md, matching).
CREATE INDEX pending_deposit_pending_by_amount ON pending_deposit (currency, amount, created_at)
    WHERE status = 'PENDING';
