--liquibase formatted sql

--changeset ledger:030-details-digest
-- The hash chain's version 2 (docs/statements.md#the-hash-chain): every transaction posted from now
-- on carries the SHA-256 digest of its reference, description and metadata, and its entries' links
-- commit to that digest, not to the text. Transactions posted before keep no digest and their
-- entries stay version 1, verified as they were written: nothing is rewritten. details_erased_at
-- is set once, when a user's personal data is erased (docs/lifecycle.md#erasure).
ALTER TABLE journal_transaction
    ADD COLUMN details_digest bytea
        CONSTRAINT journal_transaction_details_digest_length CHECK (octet_length(details_digest) = 32),
    ADD COLUMN details_erased_at timestamptz;

--changeset ledger:030-chain-link-v2 splitStatements:false runOnChange:true
-- One link of the chain, version 2: the 80 bytes of version 1 (ledger_entry_link above) followed by
-- the transaction's details digest; without a digest, the link is version 1's.
CREATE OR REPLACE FUNCTION ledger_entry_link(previous bytea, transaction_id uuid, account_id bigint,
                                             amount bigint, balance_after bigint,
                                             created_at timestamptz, details_digest bytea)
    RETURNS bytea
    LANGUAGE sql STABLE PARALLEL SAFE AS
$$
SELECT sha256(previous
              || decode(replace(transaction_id::text, '-', ''), 'hex')
              || int8send(account_id) || int8send(amount) || int8send(balance_after)
              || int8send((extract(epoch FROM created_at) * 1000000)::bigint)
              || coalesce(details_digest, ''::bytea))
$$;
-- What erasure leaves of a text: nothing stays nothing, anything else is '[erased]'.
CREATE OR REPLACE FUNCTION ledger_erased_text(text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$
SELECT CASE WHEN text IS NULL THEN NULL ELSE '[erased]' END
$$;
-- What erasure leaves of a transaction's metadata: every key kept, every value '[erased]'.
CREATE OR REPLACE FUNCTION ledger_erased_metadata(metadata jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$
SELECT CASE WHEN metadata IS NULL THEN NULL
            ELSE coalesce((SELECT jsonb_object_agg(k, '[erased]') FROM jsonb_object_keys(metadata) k),
                          '{}'::jsonb) END
$$;

--changeset ledger:030-erase-only splitStatements:false
-- The journal stays append-only with one exception, for everyone who connects: erasing personal
-- data may, once per transaction, turn its description, operator's reason and every metadata value
-- into '[erased]' and set details_erased_at. Anything else, and deleting, is still refused; the
-- digest, the amounts and the reference stay, so every chain still verifies.
CREATE FUNCTION ledger_journal_transaction_erase_only() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.details_erased_at IS NULL AND NEW.details_erased_at IS NOT NULL
        AND to_jsonb(NEW) - ARRAY ['description', 'metadata', 'reason', 'details_erased_at']
            = to_jsonb(OLD) - ARRAY ['description', 'metadata', 'reason', 'details_erased_at']
        AND NEW.description IS NOT DISTINCT FROM ledger_erased_text(OLD.description)
        AND NEW.reason IS NOT DISTINCT FROM ledger_erased_text(OLD.reason)
        AND NEW.metadata IS NOT DISTINCT FROM ledger_erased_metadata(OLD.metadata) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the journal is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation',
              HINT = 'post a reversing transaction instead; only erasing personal data may edit details';
END;
$$;
DROP TRIGGER journal_transaction_append_only ON journal_transaction;
CREATE TRIGGER journal_transaction_append_only
    BEFORE UPDATE OR DELETE ON journal_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_journal_transaction_erase_only();

--changeset ledger:030-erasure-record
-- Each erasure, append-only: whose data, who asked (the operator's principal id), when, and how
-- many rows of each kind it erased.
CREATE TABLE personal_data_erasure (
    id                  bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id             bigint       NOT NULL,
    requested_by        bigint       NOT NULL,
    erased_at           timestamptz  NOT NULL,
    transactions        integer      NOT NULL,
    pending_deposits    integer      NOT NULL,
    scheduled_transfers integer      NOT NULL
);
CREATE INDEX personal_data_erasure_by_user ON personal_data_erasure (user_id, id);
CREATE TRIGGER personal_data_erasure_append_only BEFORE UPDATE OR DELETE ON personal_data_erasure
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER personal_data_erasure_no_truncate BEFORE TRUNCATE ON personal_data_erasure
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:030-erasure-grants runOnChange:true
GRANT UPDATE (description, metadata, reason, details_erased_at) ON journal_transaction
    TO "${runtimeRole}";
GRANT SELECT, INSERT ON personal_data_erasure TO "${runtimeRole}";
