--liquibase formatted sql

--changeset ledger:013-entry-kind splitStatements:false
-- History filtered by transaction type and direction (docs/statements.md, "History filters"):
-- every entry carries its kind, its transaction's type code times two plus one for a debit, and
-- an index leads with (account_id, kind) so that a page of one kind is one backward range of it,
-- however rare that kind is in a busy account's history. The codes are fixed here, once; the
-- posting code looks them up by type name, so a type without a code cannot be posted.
CREATE TABLE transaction_type_code (
    code smallint    NOT NULL,
    type varchar(32) NOT NULL,
    CONSTRAINT transaction_type_code_pk PRIMARY KEY (code),
    CONSTRAINT transaction_type_code_type UNIQUE (type),
    CONSTRAINT transaction_type_code_range CHECK (code BETWEEN 1 AND 16000)
);
INSERT INTO transaction_type_code (code, type) VALUES
    (1, 'DEPOSIT'), (2, 'TRANSFER'), (3, 'REVERSAL'), (4, 'WITHDRAWAL'),
    (5, 'WITHDRAWAL_COMPLETION'), (6, 'WITHDRAWAL_FAILURE'), (7, 'HOLD'), (8, 'HOLD_CAPTURE'),
    (9, 'HOLD_RELEASE'), (10, 'SWEEP');
CREATE TRIGGER transaction_type_code_append_only
    BEFORE UPDATE OR DELETE ON transaction_type_code
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();

-- Existing entries get their kind in one pass; the append-only trigger is lifted for this one
-- update, by the owner, as for the hash chain.
ALTER TABLE ledger_entry ADD COLUMN kind smallint;
ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only;
UPDATE ledger_entry e SET kind = c.code * 2 + (e.amount < 0)::int
FROM journal_transaction t JOIN transaction_type_code c ON c.type = t.type
WHERE t.id = e.transaction_id;
ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only;
ALTER TABLE ledger_entry ALTER COLUMN kind SET NOT NULL;
-- The direction bit says what the amount's sign says, checked where it is stored.
ALTER TABLE ledger_entry ADD CONSTRAINT ledger_entry_kind_direction
    CHECK (kind % 2 = (amount < 0)::int);
CREATE INDEX ledger_entry_by_kind ON ledger_entry (account_id, kind, created_at, id);

--changeset ledger:013-runtime-role-grants runOnChange:true
GRANT SELECT ON transaction_type_code TO "${runtimeRole}";
