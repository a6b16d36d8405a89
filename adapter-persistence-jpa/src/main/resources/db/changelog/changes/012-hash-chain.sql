--liquibase formatted sql

--changeset ledger:012-hash-chain-functions splitStatements:false runOnChange:true
-- One link of an account's hash chain, byte for byte as the posting code computes it (EntryHash,
-- docs/statements.md): SHA-256 of the previous hash, the transaction id's 16 bytes, then the
-- account id, amount, balance after and the time in microseconds since the epoch, each a
-- big-endian 64-bit integer. The aggregate runs it along an account's entries, oldest first.
CREATE OR REPLACE FUNCTION ledger_entry_link(previous bytea, transaction_id uuid, account_id bigint,
                                             amount bigint, balance_after bigint,
                                             created_at timestamptz) RETURNS bytea
    LANGUAGE sql STABLE STRICT PARALLEL SAFE AS
$$
SELECT sha256(previous
              || decode(replace(transaction_id::text, '-', ''), 'hex')
              || int8send(account_id) || int8send(amount) || int8send(balance_after)
              || int8send((extract(epoch FROM created_at) * 1000000)::bigint))
$$;
-- The chain along rows given oldest first, from the hash before the first of them (GENESIS, or
-- where an archive left the account's chain).
CREATE OR REPLACE FUNCTION ledger_chain_step(state bytea, start bytea, transaction_id uuid,
                                             account_id bigint, amount bigint,
                                             balance_after bigint, created_at timestamptz)
    RETURNS bytea
    LANGUAGE sql STABLE PARALLEL SAFE AS
$$
SELECT ledger_entry_link(coalesce(state, start), transaction_id, account_id, amount,
                         balance_after, created_at)
$$;
CREATE OR REPLACE AGGREGATE ledger_chain(bytea, uuid, bigint, bigint, bigint, timestamptz) (
    SFUNC = ledger_chain_step,
    STYPE = bytea,
    PARALLEL = SAFE
);

--changeset ledger:012-hash-chain splitStatements:false
-- Every entry gets its link, every account the end of its chain (GENESIS, 32 zero bytes, before
-- its first entry), computed in one pass over the journal in each account's order; then new
-- entries must carry one. The append-only trigger is lifted for this one update, by the owner.
-- Partitions archived before the chain existed stay outside it: the chain starts at GENESIS with
-- the oldest retained entry, and their ledger_entry_archived rows have no last_hash.
ALTER TABLE account ADD COLUMN last_hash bytea NOT NULL DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea,
    ADD CONSTRAINT account_last_hash_length CHECK (octet_length(last_hash) = 32);
ALTER TABLE ledger_entry ADD COLUMN hash bytea;
ALTER TABLE ledger_entry_archived ADD COLUMN last_hash bytea;
COMMENT ON COLUMN ledger_entry_archived.last_hash IS
    'where the account''s hash chain ended in the archived partition; NULL when it was archived before the chain existed, and the chain starts again from genesis after it';
ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only;
UPDATE ledger_entry e SET hash = c.hash
FROM (SELECT account_id, created_at, id,
             ledger_chain('\x0000000000000000000000000000000000000000000000000000000000000000'::bytea, transaction_id, account_id, amount,
                          balance_after, created_at)
                 OVER (PARTITION BY account_id ORDER BY created_at, id) AS hash
      FROM ledger_entry) c
WHERE e.account_id = c.account_id AND e.created_at = c.created_at AND e.id = c.id;
ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only;
ALTER TABLE ledger_entry ALTER COLUMN hash SET NOT NULL;
ALTER TABLE ledger_entry ADD CONSTRAINT ledger_entry_hash_length CHECK (octet_length(hash) = 32);
UPDATE account a SET last_hash = l.hash
FROM (SELECT DISTINCT ON (account_id) account_id, hash FROM ledger_entry
      ORDER BY account_id, created_at DESC, id DESC) l
WHERE a.id = l.account_id;

--changeset ledger:012-entry-archive-function splitStatements:false runOnChange:true
-- Moves the oldest partition of ledger_entry, once its month is over, out of the journal into the
-- ledger_archive schema, after writing each account's totals of it (and where its hash chain ended
-- in it) to ledger_entry_archived; all in
-- one transaction. Returns the number of entries archived. The owner runs it (ops/partitions/
-- archive.sh, which then dumps the archived table to a file); the service may not.
CREATE OR REPLACE FUNCTION ledger_archive_entry_partition(partition text) RETURNS bigint
    LANGUAGE plpgsql SET search_path FROM CURRENT AS
$$
DECLARE
    oid_of   regclass := to_regclass(partition);
    bounds   record;
    archived bigint;
BEGIN
    IF oid_of IS NULL OR NOT EXISTS (SELECT 1 FROM pg_inherits
                                      WHERE inhparent = 'ledger_entry'::regclass
                                        AND inhrelid = oid_of) THEN
        RAISE EXCEPTION '% is not a partition of ledger_entry', partition
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO bounds FROM ledger_entry_partition_bounds(oid_of);
    IF bounds.upper_bound IS NULL OR bounds.upper_bound > date_trunc('month', now(), 'UTC') THEN
        RAISE EXCEPTION '% holds a month that is not over', partition
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    -- Oldest first, so that what is archived of an account is always its earliest entries.
    IF bounds.lower_bound IS NOT NULL AND EXISTS (
        SELECT 1 FROM pg_inherits p CROSS JOIN ledger_entry_partition_bounds(p.inhrelid) b
         WHERE p.inhparent = 'ledger_entry'::regclass AND p.inhrelid <> oid_of
           AND (b.lower_bound IS NULL OR b.lower_bound < bounds.lower_bound)) THEN
        RAISE EXCEPTION '% is not the oldest partition of ledger_entry', partition
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    EXECUTE format('INSERT INTO ledger_entry_archived (partition_name, account_id, entries,'
                   ' amount, last_entry_id, last_balance_after, last_hash, archived_at)'
                   ' SELECT %L, account_id, count(*), sum(amount), max(id),'
                   ' (array_agg(balance_after ORDER BY created_at DESC, id DESC))[1],'
                   ' (array_agg(hash ORDER BY created_at DESC, id DESC))[1], now()'
                   ' FROM %s GROUP BY account_id', partition, oid_of);
    EXECUTE format('SELECT count(*) FROM %s', oid_of) INTO archived;
    EXECUTE format('ALTER TABLE ledger_entry DETACH PARTITION %s', oid_of);
    EXECUTE format('ALTER TABLE %s SET SCHEMA ledger_archive', oid_of);
    -- Detaching drops the row triggers the partition had from ledger_entry: the archive keeps
    -- refusing edits.
    IF NOT EXISTS (SELECT 1 FROM pg_trigger
                    WHERE tgrelid = oid_of AND tgname = 'ledger_entry_append_only') THEN
        EXECUTE format('CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON %s'
                       ' FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change()', oid_of);
    END IF;
    RETURN archived;
END;
$$;
REVOKE ALL ON FUNCTION ledger_archive_entry_partition(text) FROM PUBLIC;

--changeset ledger:012-runtime-role-grants runOnChange:true
GRANT UPDATE (last_hash) ON account TO "${runtimeRole}";
