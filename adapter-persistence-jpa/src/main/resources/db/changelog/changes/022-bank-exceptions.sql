--liquibase formatted sql

--changeset ledger:022-bank-exceptions
-- The bank view of reconciliation (docs/bank-reconciliation.md): withdrawals pending longer than the
-- bank usually takes, oldest first, and statement lines by booking date.
CREATE INDEX withdrawal_pending_since ON withdrawal (created_at, id) WHERE status = 'PENDING';
CREATE INDEX bank_statement_line_by_booking ON bank_statement_line (booking_date, id);
