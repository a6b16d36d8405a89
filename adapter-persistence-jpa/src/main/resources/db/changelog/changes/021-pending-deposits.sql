--liquibase formatted sql

--changeset ledger:021-pending-deposits
-- Money the bank announced for a wallet and has not settled (docs/bank-reconciliation.md): nothing
-- is posted until it settles, when settled_by names the deposit transaction; the wallet shows the
-- pending ones as pendingIn. Announced with an idempotency key of its own, failed with one.
CREATE TABLE pending_deposit (
    id              uuid PRIMARY KEY,
    account_id      bigint       NOT NULL REFERENCES account (id),
    currency        char(3)      NOT NULL,
    amount          bigint       NOT NULL CHECK (amount > 0),
    reference       varchar(128),
    description     varchar(140),
    metadata        jsonb,
    status          varchar(16)  NOT NULL CHECK (status IN ('PENDING', 'SETTLED', 'FAILED')),
    settled_by      uuid REFERENCES journal_transaction (id),
    failure_reason  varchar(500),
    principal_id    bigint       NOT NULL,
    idempotency_key varchar(255) NOT NULL,
    fingerprint     char(64)     NOT NULL,
    failure_key     varchar(300),
    created_at      timestamptz  NOT NULL,
    updated_at      timestamptz  NOT NULL,
    CONSTRAINT pending_deposit_idempotency UNIQUE (principal_id, idempotency_key),
    CONSTRAINT pending_deposit_settled_once CHECK ((status = 'SETTLED') = (settled_by IS NOT NULL)),
    CONSTRAINT pending_deposit_failed_once CHECK ((status = 'FAILED') = (failure_reason IS NOT NULL))
);
-- A wallet's pendingIn, summed on every account read.
CREATE INDEX pending_deposit_pending_by_account ON pending_deposit (account_id, amount)
    WHERE status = 'PENDING';
-- A reference waits once per currency: a bank credit naming it pays one pending deposit.
CREATE UNIQUE INDEX pending_deposit_reference_waits_once ON pending_deposit (currency, reference)
    WHERE status = 'PENDING' AND reference IS NOT NULL;
-- What a credit pays: the pending deposit with its reference, or the one it settled before.
CREATE INDEX pending_deposit_by_reference ON pending_deposit (currency, reference, updated_at)
    WHERE reference IS NOT NULL;

-- A statement line resolved by settling a pending deposit names it.
ALTER TABLE bank_line_resolution ADD COLUMN pending_deposit_id uuid REFERENCES pending_deposit (id);

--changeset ledger:021-pending-deposits-grants runOnChange:true
GRANT SELECT, INSERT, UPDATE ON pending_deposit TO "${runtimeRole}";
