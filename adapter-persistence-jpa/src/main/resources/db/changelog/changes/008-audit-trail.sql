--liquibase formatted sql

--changeset ledger:008-audit-event
-- Every state-changing request, refused ones included (ADR 0011, docs/operations.md). Append-only
-- like the journal: the runtime role may only insert and read, and a trigger refuses any change
-- even to the owner.
CREATE TABLE audit_event (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at     timestamptz  NOT NULL,
    actor           varchar(255),
    operator        boolean      NOT NULL,
    token_id        varchar(255),
    issuer          varchar(512),
    client_address  varchar(64)  NOT NULL,
    method          varchar(8)   NOT NULL,
    path            varchar(512) NOT NULL,
    idempotency_key varchar(255),
    status          integer      NOT NULL,
    code            varchar(64),
    transaction_id  uuid,
    account_ids     bigint[]     NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_event_by_actor ON audit_event (actor, id);
CREATE INDEX audit_event_by_time ON audit_event (occurred_at);
CREATE INDEX audit_event_by_account ON audit_event USING gin (account_ids);
CREATE TRIGGER audit_event_append_only
    BEFORE UPDATE OR DELETE ON audit_event
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER audit_event_no_truncate
    BEFORE TRUNCATE ON audit_event
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:008-audit-event-grants runOnChange:true
GRANT SELECT, INSERT ON audit_event TO "${runtimeRole}";
