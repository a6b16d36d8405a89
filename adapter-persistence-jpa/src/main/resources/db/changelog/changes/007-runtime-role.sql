--liquibase formatted sql

--changeset ledger:007-runtime-role-grants runOnChange:true
-- The service runs as a runtime role that owns nothing (ADR 0011, docs/operations.md); this
-- migration, run by the owner role, grants it exactly what the service does. Appending to the
-- journal, never changing it: no UPDATE or DELETE on journal_transaction or ledger_entry, no
-- TRUNCATE anywhere, nothing on the schema, so the process the append-only triggers protect cannot
-- switch them off (ALTER TABLE needs ownership; session_replication_role needs a superuser).
-- ${runtimeRole} comes from spring.liquibase.parameters.runtimeRole (the datasource user).
GRANT SELECT, INSERT ON journal_transaction, ledger_entry TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE (balance) ON account TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE (published, published_at), DELETE ON outbox_event TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE (status, settled_by, failure_reason, updated_at, payout_requested_at)
    ON withdrawal TO "${runtimeRole}";
GRANT SELECT, INSERT, UPDATE (status, captured_amount, settled_by, updated_at)
    ON hold TO "${runtimeRole}";
