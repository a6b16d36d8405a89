--liquibase formatted sql

--changeset ledger:014-account-status
-- An operator may freeze a wallet (docs/money-movements.md, "Freezes"): DEBITS stops money leaving
-- it, ALL stops money entering too. The posting path reads the status with the row lock it already
-- takes, so a freeze and a posting on the same account are ordered by that lock. A constant
-- default: adding the column rewrites no row.
ALTER TABLE account ADD COLUMN status varchar(16) NOT NULL DEFAULT 'ACTIVE'
    CONSTRAINT account_status_known CHECK (status IN ('ACTIVE', 'FROZEN_DEBITS', 'FROZEN_ALL'));

-- Every freeze and unfreeze, with who asked and why: append-only, like the journal.
CREATE TABLE account_status_change (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint       NOT NULL REFERENCES account (id),
    status      varchar(16)  NOT NULL
        CONSTRAINT account_status_change_known CHECK (status IN ('ACTIVE', 'FROZEN_DEBITS', 'FROZEN_ALL')),
    reason      varchar(500),
    changed_by  bigint       NOT NULL,
    changed_at  timestamptz  NOT NULL
);
CREATE INDEX account_status_change_by_account ON account_status_change (account_id, id);
CREATE TRIGGER account_status_change_append_only
    BEFORE UPDATE OR DELETE ON account_status_change
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER account_status_change_no_truncate
    BEFORE TRUNCATE ON account_status_change
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:014-shard-status splitStatements:false
-- A merchant's shards share its status: a shard opened while the merchant is frozen is frozen too.
-- FOR SHARE waits for a freeze under way on the merchant, so the shard takes the status it sets.
CREATE FUNCTION ledger_shard_takes_merchant_status() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.parent_id IS NOT NULL THEN
        SELECT status INTO NEW.status FROM account WHERE id = NEW.parent_id FOR SHARE;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER account_shard_status
    BEFORE INSERT ON account
    FOR EACH ROW EXECUTE FUNCTION ledger_shard_takes_merchant_status();

--changeset ledger:014-posting-type
-- Operators' multi-leg postings (docs/money-movements.md) get their type's code for the entry kind.
INSERT INTO transaction_type_code (code, type) VALUES (11, 'POSTING');

--changeset ledger:014-refunds
-- Refunds (docs/money-movements.md): each links the transfer it pays part of back. The constraint is
-- validated apart from its creation, so a large journal is scanned without blocking postings.
ALTER TABLE journal_transaction ADD COLUMN refund_of uuid REFERENCES journal_transaction (id);
ALTER TABLE journal_transaction ADD CONSTRAINT journal_transaction_refund_linked
    CHECK ((type = 'REFUND') = (refund_of IS NOT NULL)) NOT VALID;
ALTER TABLE journal_transaction VALIDATE CONSTRAINT journal_transaction_refund_linked;
CREATE INDEX journal_transaction_by_refund ON journal_transaction (refund_of)
    WHERE refund_of IS NOT NULL;
INSERT INTO transaction_type_code (code, type) VALUES (12, 'REFUND');

--changeset ledger:014-fees
-- Transfer fees (docs/money-movements.md): the fee a transaction charged its payer, kept with it so
-- that a replay answers with the fee the first answer carried. NULL for none.
ALTER TABLE journal_transaction ADD COLUMN fee bigint CONSTRAINT journal_transaction_fee_positive
    CHECK (fee > 0);

--changeset ledger:014-outgoing-limits
-- Outgoing limits per wallet (docs/money-movements.md, "Outgoing limits"): a wallet's own limits,
-- set by operators (NULL: the currency's default), and what left it per UTC day ('D') and month
-- ('M'), read and written by the posting path with the wallet's row locked.
CREATE TABLE account_limit (
    account_id  bigint       PRIMARY KEY REFERENCES account (id),
    daily_out   bigint       CONSTRAINT account_limit_daily_out CHECK (daily_out >= 0),
    monthly_out bigint       CONSTRAINT account_limit_monthly_out CHECK (monthly_out >= 0),
    changed_by  bigint       NOT NULL,
    changed_at  timestamptz  NOT NULL
);
CREATE TABLE outgoing_usage (
    account_id bigint   NOT NULL REFERENCES account (id),
    period     char(1)  NOT NULL CONSTRAINT outgoing_usage_period CHECK (period IN ('D', 'M')),
    starts     date     NOT NULL,
    used       bigint   NOT NULL CONSTRAINT outgoing_usage_used CHECK (used >= 0),
    CONSTRAINT outgoing_usage_pk PRIMARY KEY (account_id, period, starts)
);

--changeset ledger:014-account-status-grants runOnChange:true
GRANT UPDATE (status) ON account TO "${runtimeRole}";
GRANT SELECT, INSERT ON account_status_change TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE ON account_limit, outgoing_usage TO "${runtimeRole}";
