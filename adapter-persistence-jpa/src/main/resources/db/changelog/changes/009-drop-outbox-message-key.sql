--liquibase formatted sql

--changeset ledger:009-drop-outbox-message-key
-- Never read: the relay keys each Kafka record by account id, taken from the payload's entries
-- (ADR 0005); the transaction id this column repeated is in the payload too.
ALTER TABLE outbox_event DROP COLUMN message_key;
