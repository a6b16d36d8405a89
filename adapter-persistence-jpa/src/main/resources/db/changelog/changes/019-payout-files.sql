--liquibase formatted sql

--changeset ledger:019-payout-files
-- Payment files of payouts (docs/bank-reconciliation.md): which withdrawals each file holds, in
-- which order, so that a file is written again the same from its record. A withdrawal is in one
-- file at most (the item's primary key). Append-only like the journal.
CREATE TABLE payout_file (
    id             varchar(35) PRIMARY KEY,
    currency       char(3)     NOT NULL,
    created_at     timestamptz NOT NULL,
    execution_date date        NOT NULL,
    payouts        integer     NOT NULL CHECK (payouts > 0),
    total          bigint      NOT NULL CHECK (total > 0)
);
CREATE TABLE payout_file_item (
    withdrawal_id uuid        PRIMARY KEY REFERENCES withdrawal (id),
    file_id       varchar(35) NOT NULL REFERENCES payout_file (id),
    position      integer     NOT NULL CHECK (position > 0),
    CONSTRAINT payout_file_item_position UNIQUE (file_id, position)
);
-- What a run gathers: pending withdrawals that name a payee, oldest first, per currency.
CREATE INDEX withdrawal_pending_payout ON withdrawal (currency, created_at, id)
    WHERE status = 'PENDING' AND payee_name IS NOT NULL;
CREATE TRIGGER payout_file_append_only BEFORE UPDATE OR DELETE ON payout_file
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER payout_file_item_append_only BEFORE UPDATE OR DELETE ON payout_file_item
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:019-payout-files-grants runOnChange:true
GRANT SELECT, INSERT ON payout_file, payout_file_item TO "${runtimeRole}";
