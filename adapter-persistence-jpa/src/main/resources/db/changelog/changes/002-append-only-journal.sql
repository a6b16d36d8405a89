--liquibase formatted sql

--changeset ledger:002-refuse-journal-changes splitStatements:false
-- The journal is the source of truth: mistakes are corrected by reversing transactions, never by
-- editing history. The database itself refuses edits, whatever connects to it.
CREATE FUNCTION ledger_refuse_journal_change() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    RAISE EXCEPTION 'the journal is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation',
              HINT = 'post a reversing transaction instead';
END;
$$;

--changeset ledger:002-append-only-triggers
CREATE TRIGGER journal_transaction_append_only
    BEFORE UPDATE OR DELETE ON journal_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER journal_transaction_no_truncate
    BEFORE TRUNCATE ON journal_transaction
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER ledger_entry_append_only
    BEFORE UPDATE OR DELETE ON ledger_entry
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER ledger_entry_no_truncate
    BEFORE TRUNCATE ON ledger_entry
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();
