--liquibase formatted sql

--changeset ledger:005-merchant-shards
-- A hot merchant is a main account plus N shards; credits land on a random shard, a sweep
-- gathers them into the main account. Only merchant shards have a parent.
ALTER TABLE account ADD COLUMN parent_id bigint REFERENCES account (id);
ALTER TABLE account ADD COLUMN shard_no integer;
ALTER TABLE account ADD CONSTRAINT account_shard_has_parent
    CHECK ((kind = 'MERCHANT_SHARD') = (parent_id IS NOT NULL AND shard_no IS NOT NULL));
CREATE UNIQUE INDEX account_shard_per_merchant ON account (parent_id, shard_no)
    WHERE parent_id IS NOT NULL;
