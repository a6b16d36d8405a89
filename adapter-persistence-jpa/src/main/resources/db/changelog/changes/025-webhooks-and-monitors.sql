--liquibase formatted sql

--changeset ledger:025-balance-monitors
-- A watch on one account's amount that fires once each time its condition becomes true
-- (docs/webhooks.md, monitors). condition_met is the edge the next posting is compared with; the
-- posting path reads and writes it with the account's row locked.
CREATE TABLE balance_monitor (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id    bigint      NOT NULL REFERENCES account (id),
    field         varchar(16) NOT NULL,
    operator      varchar(2)  NOT NULL CHECK (operator IN ('<', '<=', '>', '>=', '=')),
    value         bigint      NOT NULL,
    condition_met boolean     NOT NULL,
    created_by    bigint      NOT NULL,
    created_at    timestamptz NOT NULL
);
CREATE INDEX balance_monitor_by_account ON balance_monitor (account_id);

--changeset ledger:025-webhook-endpoints
-- Where the ledger sends its events over HTTPS (docs/webhooks.md). The secrets sign deliveries
-- (HMAC-SHA256); previous_secret signs too until previous_secret_until, so that receivers can
-- rotate without a gap. A deleted endpoint keeps its row for its deliveries' history.
CREATE TABLE webhook_endpoint (
    id                    bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url                   varchar(2048) NOT NULL,
    event_types           text[]        NOT NULL CHECK (cardinality(event_types) > 0),
    account_id            bigint        REFERENCES account (id),
    secret                varchar(128)  NOT NULL,
    previous_secret       varchar(128),
    previous_secret_until timestamptz,
    paused                boolean       NOT NULL DEFAULT false,
    healthy               boolean       NOT NULL DEFAULT true,
    failed_rounds         integer       NOT NULL DEFAULT 0,
    retry_at              timestamptz,
    lease_owner           uuid,
    lease_until           timestamptz,
    created_by            bigint        NOT NULL,
    created_at            timestamptz   NOT NULL,
    deleted_at            timestamptz
);

-- One row per event and endpoint that wants it, written by the statement that writes the event to
-- the outbox, so in the posting's own transaction, once (no unique index: every index here is paid
-- by every posting while an endpoint is registered). outbox_id orders an endpoint's deliveries;
-- ordering_keys are the accounts (or the currency) whose order the deliverer keeps.
CREATE TABLE webhook_delivery (
    id              bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id     bigint       NOT NULL REFERENCES webhook_endpoint (id),
    outbox_id       bigint       NOT NULL,
    event_id        uuid         NOT NULL,
    event_type      varchar(64)  NOT NULL,
    ordering_keys   text[]       NOT NULL,
    body            text         NOT NULL,
    status          varchar(16)  NOT NULL DEFAULT 'PENDING'
                                 CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts        integer      NOT NULL DEFAULT 0,
    created_at      timestamptz  NOT NULL,
    next_attempt_at timestamptz  NOT NULL,
    finished_at     timestamptz
);
CREATE INDEX webhook_delivery_pending ON webhook_delivery (endpoint_id, outbox_id)
    WHERE status = 'PENDING';
CREATE INDEX webhook_delivery_by_endpoint ON webhook_delivery (endpoint_id, id);
-- What the hourly prune deletes: deliveries finished (delivered or failed for good) long ago.
CREATE INDEX webhook_delivery_finished ON webhook_delivery (finished_at) WHERE status <> 'PENDING';

-- Every attempt of a delivery: what the receiver answered (or why there was no answer) and how long
-- it took.
CREATE TABLE webhook_attempt (
    delivery_id bigint       NOT NULL REFERENCES webhook_delivery (id) ON DELETE CASCADE,
    attempt     integer      NOT NULL,
    at          timestamptz  NOT NULL,
    status_code integer,
    latency_ms  integer      NOT NULL,
    error       varchar(500),
    PRIMARY KEY (delivery_id, attempt)
);

--changeset ledger:025-webhooks-and-monitors-grants runOnChange:true
GRANT SELECT, INSERT, UPDATE (condition_met), DELETE ON balance_monitor TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE ON webhook_endpoint TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE (status, attempts, next_attempt_at, finished_at), DELETE
    ON webhook_delivery TO "${runtimeRole}";
GRANT SELECT, INSERT, DELETE ON webhook_attempt TO "${runtimeRole}";
