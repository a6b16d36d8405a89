--liquibase formatted sql

--changeset ledger:001-account
CREATE TABLE account (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id       bigint,
    currency       char(3)     NOT NULL,
    kind           varchar(32) NOT NULL,
    balance        bigint      NOT NULL DEFAULT 0,
    allow_negative boolean     NOT NULL,
    created_at     timestamptz NOT NULL,
    -- The last safety net: whatever the code does, a wallet never goes below zero.
    CONSTRAINT account_balance_non_negative CHECK (allow_negative OR balance >= 0),
    CONSTRAINT account_wallet_has_owner CHECK (kind <> 'USER' OR owner_id IS NOT NULL)
);
CREATE INDEX account_owner ON account (owner_id, id) WHERE owner_id IS NOT NULL;
-- One system account per kind and currency (bank clearing, later payout clearing and holds).
CREATE UNIQUE INDEX account_system_per_currency ON account (kind, currency) WHERE owner_id IS NULL;

--changeset ledger:001-journal-transaction
CREATE TABLE journal_transaction (
    id                  uuid PRIMARY KEY,
    type                varchar(32)  NOT NULL,
    -- Idempotency: a key is unique per caller (the token's sub; 0 for the ledger's own jobs).
    principal_id        bigint       NOT NULL,
    idempotency_key     varchar(255) NOT NULL,
    request_fingerprint char(64)     NOT NULL,
    reversal_of         uuid REFERENCES journal_transaction (id),
    reason              varchar(500),
    created_at          timestamptz  NOT NULL,
    CONSTRAINT journal_transaction_idempotency UNIQUE (principal_id, idempotency_key),
    -- A transaction is reversed at most once, whatever keys the reversals carry.
    CONSTRAINT journal_transaction_reversed_once UNIQUE (reversal_of),
    CONSTRAINT journal_transaction_reversal_linked CHECK ((type = 'REVERSAL') = (reversal_of IS NOT NULL))
);

--changeset ledger:001-ledger-entry
CREATE TABLE ledger_entry (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transaction_id uuid        NOT NULL REFERENCES journal_transaction (id),
    account_id     bigint      NOT NULL REFERENCES account (id),
    amount         bigint      NOT NULL,
    balance_after  bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    CONSTRAINT ledger_entry_amount_not_zero CHECK (amount <> 0)
);
-- History, newest first, by keyset: WHERE account_id = ? AND id < ? ORDER BY id DESC.
CREATE INDEX ledger_entry_account_history ON ledger_entry (account_id, id);
CREATE INDEX ledger_entry_transaction ON ledger_entry (transaction_id);

--changeset ledger:001-outbox-event
CREATE TABLE outbox_event (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id     uuid         NOT NULL UNIQUE,
    topic        varchar(128) NOT NULL,
    message_key  varchar(128) NOT NULL,
    payload      jsonb        NOT NULL,
    created_at   timestamptz  NOT NULL,
    published    boolean      NOT NULL DEFAULT false,
    published_at timestamptz
);
CREATE INDEX outbox_event_unpublished ON outbox_event (id) WHERE NOT published;
