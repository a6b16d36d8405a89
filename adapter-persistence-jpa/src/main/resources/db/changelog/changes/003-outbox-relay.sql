--liquibase formatted sql

--changeset ledger:003-outbox-published-at
-- Pruning deletes published rows by age; without this index every prune would scan the table.
CREATE INDEX outbox_event_published_at ON outbox_event (published_at) WHERE published;
