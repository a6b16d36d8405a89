--liquibase formatted sql

--changeset ledger:006-payout-requested-at
-- When the bank was asked to pay a withdrawal out. A withdrawal committed PENDING whose request was
-- never noted (the process stopped between the commit and the call, or the bank was unreachable)
-- is asked again by the payout job, with the withdrawal id as the bank's idempotency key. Rows
-- written before this column existed were asked right after their commit by the version that
-- wrote them, so they are noted as asked then.
ALTER TABLE withdrawal ADD COLUMN payout_requested_at timestamptz;
UPDATE withdrawal SET payout_requested_at = created_at;
CREATE INDEX withdrawal_payout_not_requested ON withdrawal (created_at)
    WHERE status = 'PENDING' AND payout_requested_at IS NULL;
CREATE INDEX withdrawal_pending_by_age ON withdrawal (created_at) WHERE status = 'PENDING';
