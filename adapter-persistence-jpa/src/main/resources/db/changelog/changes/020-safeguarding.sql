--liquibase formatted sql

--changeset ledger:020-safeguarding
-- The safeguarding check (docs/bank-reconciliation.md) asks, per completed withdrawal, whether a
-- statement line has been matched to it: a payout the bank has not reported yet is still at the
-- bank. And it sums the lines still waiting in the exceptions queue.
CREATE INDEX bank_line_resolution_matched_withdrawal ON bank_line_resolution (withdrawal_id)
    WHERE status = 'MATCHED' AND withdrawal_id IS NOT NULL;
