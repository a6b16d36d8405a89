--liquibase formatted sql

--changeset ledger:004-withdrawal
-- A withdrawal's id is the id of the journal transaction that moved its amount into the hold.
CREATE TABLE withdrawal (
    id             uuid PRIMARY KEY REFERENCES journal_transaction (id),
    account_id     bigint      NOT NULL REFERENCES account (id),
    currency       char(3)     NOT NULL,
    amount         bigint      NOT NULL CHECK (amount > 0),
    status         varchar(16) NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
    settled_by     uuid REFERENCES journal_transaction (id),
    failure_reason varchar(500),
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    CONSTRAINT withdrawal_settled_once CHECK ((status = 'PENDING') = (settled_by IS NULL))
);
CREATE INDEX withdrawal_pending_by_account ON withdrawal (account_id) WHERE status = 'PENDING';

--changeset ledger:004-hold
CREATE TABLE hold (
    id                     uuid PRIMARY KEY REFERENCES journal_transaction (id),
    account_id             bigint      NOT NULL REFERENCES account (id),
    destination_account_id bigint      NOT NULL REFERENCES account (id),
    currency               char(3)     NOT NULL,
    amount                 bigint      NOT NULL CHECK (amount > 0),
    captured_amount        bigint      NOT NULL DEFAULT 0 CHECK (captured_amount BETWEEN 0 AND amount),
    status                 varchar(16) NOT NULL
        CHECK (status IN ('PENDING', 'CAPTURED', 'VOIDED', 'EXPIRED')),
    expires_at             timestamptz NOT NULL,
    settled_by             uuid REFERENCES journal_transaction (id),
    created_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL,
    CONSTRAINT hold_settled_once CHECK ((status = 'PENDING') = (settled_by IS NULL))
);
CREATE INDEX hold_pending_by_account ON hold (account_id) WHERE status = 'PENDING';
CREATE INDEX hold_pending_by_expiry ON hold (expires_at) WHERE status = 'PENDING';
