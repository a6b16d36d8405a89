--liquibase formatted sql

--changeset ledger:023-safeguarding-shortfalls
-- A safeguarding shortfall found against an end-of-day statement (docs/bank-reconciliation.md),
-- recorded once per statement however often the check runs, with the event that announced it.
CREATE TABLE safeguarding_shortfall (
    statement_id      bigint      PRIMARY KEY REFERENCES bank_statement (id),
    currency          char(3)     NOT NULL,
    bank_closing      bigint      NOT NULL,
    expected_at_bank  bigint      NOT NULL,
    difference        bigint      NOT NULL CHECK (difference < 0),
    event_id          uuid        NOT NULL UNIQUE,
    detected_at       timestamptz NOT NULL
);

-- The one Kafka record key of an event that touches no account (a safeguarding shortfall is keyed
-- by its currency); null for a ledger event, whose records are keyed by the accounts in its entries.
ALTER TABLE outbox_event ADD COLUMN record_key varchar(128);

--changeset ledger:023-safeguarding-shortfalls-grants runOnChange:true
GRANT SELECT, INSERT ON safeguarding_shortfall TO "${runtimeRole}";
