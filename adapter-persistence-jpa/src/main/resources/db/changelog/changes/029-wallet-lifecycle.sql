--liquibase formatted sql

--changeset ledger:029-closed-and-dormant
-- A wallet's whole life (docs/lifecycle.md): a wallet may be CLOSED (at a zero balance, by its owner
-- or an operator; it takes no posting), recorded in account_status_change like a freeze. DORMANT is
-- allowed here for the dormancy of a wallet nobody paid from for a configured period, which the
-- service does not set yet (docs/lifecycle.md).
ALTER TABLE account DROP CONSTRAINT account_status_known;
ALTER TABLE account ADD CONSTRAINT account_status_known
    CHECK (status IN ('ACTIVE', 'FROZEN_DEBITS', 'FROZEN_ALL', 'DORMANT', 'CLOSED'));
ALTER TABLE account_status_change DROP CONSTRAINT account_status_change_known;
ALTER TABLE account_status_change ADD CONSTRAINT account_status_change_known
    CHECK (status IN ('ACTIVE', 'FROZEN_DEBITS', 'FROZEN_ALL', 'DORMANT', 'CLOSED'));

--changeset ledger:029-suspense
-- Money that arrives for a closed wallet (a late refund, a reversal, a deposit the bank holds) is
-- kept in its currency's SUSPENSE account, one row per transaction with the wallet as reference,
-- until an operator reopens the wallet and a SUSPENSE_RELEASE pays it back (released_by, set once).
INSERT INTO transaction_type_code (code, type) VALUES (13, 'SUSPENSE_RELEASE');
CREATE TABLE suspense_item (
    transaction_id uuid         PRIMARY KEY REFERENCES journal_transaction (id),
    account_id     bigint       NOT NULL REFERENCES account (id),
    suspense_id    bigint       NOT NULL REFERENCES account (id),
    currency       char(3)      NOT NULL,
    amount         bigint       NOT NULL CONSTRAINT suspense_item_amount_positive CHECK (amount > 0),
    type           varchar(32)  NOT NULL,
    booked_at      timestamptz  NOT NULL,
    released_by    uuid         REFERENCES journal_transaction (id)
);
CREATE INDEX suspense_item_kept ON suspense_item (account_id) WHERE released_by IS NULL;
CREATE INDEX suspense_item_by_currency ON suspense_item (currency, booked_at DESC);

--changeset ledger:029-suspense-release-once splitStatements:false
-- An item is released once: the release may set released_by, nothing else changes, nothing goes.
CREATE FUNCTION ledger_suspense_item_release_once() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'UPDATE' THEN
        RAISE EXCEPTION 'suspense_item % is never deleted', OLD.transaction_id
            USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.released_by IS NOT NULL OR NEW.released_by IS NULL
        OR (NEW.transaction_id, NEW.account_id, NEW.suspense_id, NEW.currency, NEW.amount, NEW.type,
            NEW.booked_at)
           IS DISTINCT FROM (OLD.transaction_id, OLD.account_id, OLD.suspense_id, OLD.currency,
            OLD.amount, OLD.type, OLD.booked_at) THEN
        RAISE EXCEPTION 'suspense_item % is released once and never otherwise changed',
            OLD.transaction_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER suspense_item_release_once BEFORE UPDATE OR DELETE ON suspense_item
    FOR EACH ROW EXECUTE FUNCTION ledger_suspense_item_release_once();

--changeset ledger:029-suspense-no-truncate
CREATE TRIGGER suspense_item_no_truncate BEFORE TRUNCATE ON suspense_item
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:029-wallet-lifecycle-grants runOnChange:true
GRANT SELECT, INSERT ON suspense_item TO "${runtimeRole}";
GRANT UPDATE (released_by) ON suspense_item TO "${runtimeRole}";

--changeset ledger:029-dormant-wallets
-- Dormancy (docs/lifecycle.md#dormancy) sets DORMANT, allowed above: a user wallet whose owner did
-- nothing with it for the dormancy period; money arrives, none leaves until it is reactivated. The
-- unclaimed-property report reads the dormant wallets of a currency through this partial index, on
-- a status no posting writes, so balance updates stay heap-only.
CREATE INDEX account_dormant ON account (currency, id) WHERE status = 'DORMANT';

--changeset ledger:029-idempotency-refusals
-- The status of an idempotency key (docs/lifecycle.md): a refused request claims nothing, so its
-- refusal is kept here, as answered, the latest per key; a key that posted keeps none. Kept as long
-- as the claims are (no retention yet).
CREATE TABLE idempotency_refusal (
    principal_id    bigint        NOT NULL,
    idempotency_key varchar(255)  NOT NULL,
    status          smallint      NOT NULL CONSTRAINT idempotency_refusal_4xx
                                      CHECK (status BETWEEN 400 AND 499),
    code            varchar(64)   NOT NULL,
    problem         text          NOT NULL,
    refused_at      timestamptz   NOT NULL,
    CONSTRAINT idempotency_refusal_pk PRIMARY KEY (principal_id, idempotency_key)
);

--changeset ledger:029-idempotency-refusals-grants runOnChange:true
GRANT SELECT, INSERT, UPDATE ON idempotency_refusal TO "${runtimeRole}";

--changeset ledger:029-scheduled-transfers
-- Scheduled and recurring transfers (docs/lifecycle.md): each run posts a plain transfer under a key
-- made of the schedule and the run's due time, so a run posts once whoever tries it; each try is
-- recorded once (its key: schedule, run, attempt).
CREATE TABLE scheduled_transfer (
    id               uuid          PRIMARY KEY,
    owner_id         bigint        NOT NULL,
    from_account     bigint        NOT NULL REFERENCES account (id),
    to_account       bigint        NOT NULL REFERENCES account (id),
    amount           bigint        NOT NULL CONSTRAINT scheduled_transfer_amount CHECK (amount > 0),
    reference        varchar(140),
    description      varchar(500),
    metadata         jsonb,
    frequency        varchar(16)   NOT NULL
        CONSTRAINT scheduled_transfer_frequency CHECK (frequency IN ('ONCE', 'DAILY', 'WEEKLY', 'MONTHLY')),
    day_of_month     smallint      CONSTRAINT scheduled_transfer_day CHECK (day_of_month BETWEEN 1 AND 31),
    until            timestamptz,
    attempts         smallint      NOT NULL,
    retry_every_s    integer       NOT NULL CONSTRAINT scheduled_transfer_retry CHECK (retry_every_s >= 0),
    status           varchar(16)   NOT NULL
        CONSTRAINT scheduled_transfer_status CHECK (status IN ('ACTIVE', 'PAUSED', 'CANCELLED', 'FINISHED')),
    due              timestamptz   NOT NULL,
    next_attempt_at  timestamptz   NOT NULL,
    failed_attempts  smallint      NOT NULL,
    principal_id     bigint        NOT NULL,
    idempotency_key  varchar(255)  NOT NULL,
    fingerprint      varchar(64)   NOT NULL,
    created_at       timestamptz   NOT NULL,
    CONSTRAINT scheduled_transfer_idempotency UNIQUE (principal_id, idempotency_key)
);
CREATE INDEX scheduled_transfer_due ON scheduled_transfer (next_attempt_at) WHERE status = 'ACTIVE';
CREATE INDEX scheduled_transfer_by_owner ON scheduled_transfer (owner_id, created_at DESC);
CREATE TABLE scheduled_execution (
    schedule_id    uuid          NOT NULL REFERENCES scheduled_transfer (id),
    due            timestamptz   NOT NULL,
    attempt        smallint      NOT NULL,
    outcome        varchar(16)   NOT NULL
        CONSTRAINT scheduled_execution_outcome CHECK (outcome IN ('POSTED', 'REFUSED')),
    transaction_id uuid          REFERENCES journal_transaction (id),
    refusal        varchar(64),
    detail         varchar(1000),
    at             timestamptz   NOT NULL,
    retry_at       timestamptz,
    CONSTRAINT scheduled_execution_pk PRIMARY KEY (schedule_id, due, attempt),
    CONSTRAINT scheduled_execution_posted CHECK ((outcome = 'POSTED') = (transaction_id IS NOT NULL))
);

--changeset ledger:029-scheduled-transfers-grants runOnChange:true
GRANT SELECT, INSERT, UPDATE ON scheduled_transfer TO "${runtimeRole}";
GRANT SELECT, INSERT ON scheduled_execution TO "${runtimeRole}";
