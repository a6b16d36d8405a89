--liquibase formatted sql

--changeset ledger:011-transaction-details
-- What the client says about a transaction (docs/api.md): its reference, a description for the
-- wallet's owner and string metadata. Nullable columns without a default: adding them rewrites
-- nothing, however large the journal.
ALTER TABLE journal_transaction
    ADD COLUMN reference   varchar(128),
    ADD COLUMN description varchar(140),
    ADD COLUMN metadata    jsonb,
    ADD CONSTRAINT journal_transaction_metadata_object
        CHECK (metadata IS NULL OR jsonb_typeof(metadata) = 'object');
-- GET /v1/transactions?reference= and the history filter by reference.
CREATE INDEX journal_transaction_by_reference ON journal_transaction (reference, created_at)
    WHERE reference IS NOT NULL;

--changeset ledger:011-deposit-reference
-- A deposit's reference is unique per currency, so one bank credit cannot be booked twice by two
-- back-office systems: the primary key decides between deposits racing with one reference.
-- Append-only like the journal it indexes.
CREATE TABLE deposit_reference (
    currency       char(3)      NOT NULL,
    reference      varchar(128) NOT NULL,
    transaction_id uuid         NOT NULL REFERENCES journal_transaction (id),
    CONSTRAINT deposit_reference_unique PRIMARY KEY (currency, reference)
);
CREATE TRIGGER deposit_reference_append_only
    BEFORE UPDATE OR DELETE ON deposit_reference
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER deposit_reference_no_truncate
    BEFORE TRUNCATE ON deposit_reference
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:011-deposit-reference-grants runOnChange:true
GRANT SELECT, INSERT ON deposit_reference TO "${runtimeRole}";
