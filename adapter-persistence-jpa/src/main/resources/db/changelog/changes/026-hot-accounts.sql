--liquibase formatted sql

--changeset ledger:026-hot-accounts
-- The ledger's own splitting of hot merchants (docs/hot-accounts.md). An operator's policy per
-- merchant (none: AUTOMATIC), and every decision, append-only: the ledger's splits with the
-- measurement that triggered them, and operators' policies.
CREATE TABLE hot_account_policy (
    account_id bigint      PRIMARY KEY REFERENCES account (id),
    splitting  varchar(16) NOT NULL CHECK (splitting IN ('AUTOMATIC', 'FORBIDDEN', 'PINNED'))
);

CREATE TABLE hot_account_decision (
    id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id        bigint      NOT NULL REFERENCES account (id),
    action            varchar(16) NOT NULL
                                  CHECK (action IN ('SPLIT', 'AUTOMATIC', 'FORBIDDEN', 'PINNED')),
    shards_before     integer     NOT NULL CHECK (shards_before >= 0),
    shards_after      integer     NOT NULL CHECK (shards_after >= shards_before),
    measured_row      bigint      REFERENCES account (id),
    postings_per_second bigint    NOT NULL CHECK (postings_per_second >= 0),
    threshold         bigint      NOT NULL CHECK (threshold >= 0),
    decided_by        bigint,
    decided_at        timestamptz NOT NULL,
    CONSTRAINT hot_account_decision_by_whom
        CHECK ((action = 'SPLIT') = (decided_by IS NULL) AND (action = 'SPLIT') = (measured_row IS NOT NULL))
);
CREATE TRIGGER hot_account_decision_append_only
    BEFORE UPDATE OR DELETE ON hot_account_decision
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER hot_account_decision_no_truncate
    BEFORE TRUNCATE ON hot_account_decision
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:026-hot-accounts-grants runOnChange:true
GRANT SELECT, INSERT, UPDATE ON hot_account_policy TO "${runtimeRole}";
GRANT SELECT, INSERT ON hot_account_decision TO "${runtimeRole}";
