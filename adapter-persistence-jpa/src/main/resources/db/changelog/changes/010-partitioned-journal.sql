--liquibase formatted sql

--changeset ledger:010-account-last-entry-at splitStatements:false
-- No entry of the account is later than this; postings write their time here, in the same UPDATE
-- as the balance. A posting takes its time after locking its accounts and never earlier than any
-- of theirs, so an account's entries are in time order in the order they were posted, whatever
-- the clocks of the instances that posted them (ADR 0012). History is read in (created_at, id)
-- order on that promise. Existing accounts get the later of now and the journal's newest entry
-- time as a constant default, which PostgreSQL keeps in the catalog instead of rewriting every
-- row (backfilling each account's own newest time took 73 s of this migration's 81 s on the
-- benchmark's 10 million wallets, and doubled the table); accounts opened later start empty.
DO $$
BEGIN
    EXECUTE format('ALTER TABLE account ADD COLUMN last_entry_at timestamptz DEFAULT %L',
                   greatest(now(), (SELECT max(created_at) FROM ledger_entry)));
END;
$$;
ALTER TABLE account ALTER COLUMN last_entry_at DROP DEFAULT;

--changeset ledger:010-partition-bounds-function splitStatements:false runOnChange:true
-- A partition's range as the catalog holds it: NULL for MINVALUE or MAXVALUE.
CREATE OR REPLACE FUNCTION ledger_entry_partition_bounds(partition regclass,
                                                         OUT lower_bound timestamptz,
                                                         OUT upper_bound timestamptz)
    LANGUAGE sql STABLE SET search_path FROM CURRENT AS
$$
    SELECT nullif(substring(bound FROM 'FROM \(''([^'']*)''\)'), '')::timestamptz,
           nullif(substring(bound FROM 'TO \(''([^'']*)''\)'), '')::timestamptz
      FROM pg_get_expr((SELECT relpartbound FROM pg_class WHERE oid = partition), partition)
           AS bound;
$$;

--changeset ledger:010-partition-coverage-functions splitStatements:false runOnChange:true
-- Whether a partition of ledger_entry holds the instant: whether a posting dated then has a place
-- (there is no default partition, by design).
CREATE OR REPLACE FUNCTION ledger_entry_partition_covers(instant timestamptz) RETURNS boolean
    LANGUAGE sql STABLE SET search_path FROM CURRENT AS
$$
    SELECT EXISTS (SELECT 1 FROM pg_inherits p CROSS JOIN ledger_entry_partition_bounds(p.inhrelid) b
                    WHERE p.inhparent = 'ledger_entry'::regclass
                      AND (b.lower_bound IS NULL OR b.lower_bound <= instant)
                      AND (b.upper_bound IS NULL OR instant < b.upper_bound));
$$;

-- The partition horizon: the first instant from now on that no partition covers, past which
-- postings would fail. Coverage ends only where a partition ends, so it is now or the upper bound of
-- some partition: the earliest of those that nothing covers. It sees a gap inside a month as well
-- as the end of the last partition; infinity only if a partition reached MAXVALUE.
CREATE OR REPLACE FUNCTION ledger_entry_partition_horizon() RETURNS timestamptz
    LANGUAGE sql STABLE SET search_path FROM CURRENT AS
$$
    SELECT coalesce(min(x.instant), 'infinity')
      FROM (SELECT now()
             UNION ALL
            SELECT b.upper_bound
              FROM pg_inherits p CROSS JOIN ledger_entry_partition_bounds(p.inhrelid) b
             WHERE p.inhparent = 'ledger_entry'::regclass AND b.upper_bound > now()) AS x(instant)
     WHERE NOT ledger_entry_partition_covers(x.instant);
$$;

--changeset ledger:010-entry-partitions-function splitStatements:false runOnChange:true
-- Creates the monthly partitions of ledger_entry (UTC months) from the current month to `months`
-- ahead, skipping any month a partition already covers; returns how many it created. It runs as
-- the schema's owner (only the owner may add partitions) and is the one thing the runtime role may
-- ask of it: the service calls it at start and on a schedule (ADR 0012). Its months are UTC months
-- whatever the caller's time zone: month arithmetic in another zone cuts months at local times (in
-- a zone west of UTC the first migration failed, naming two partitions after one month).
CREATE OR REPLACE FUNCTION ledger_entry_partitions_ahead(months integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT SET TimeZone TO 'UTC' AS
$$
DECLARE
    first_month timestamptz := date_trunc('month', now());
    month_start timestamptz;
    partition   text;
    created     integer := 0;
BEGIN
    IF months IS NULL OR months < 0 OR months > 36 THEN
        RAISE EXCEPTION 'months ahead must be between 0 and 36, not %', months
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- One maintainer at a time; the others find the partitions made.
    PERFORM pg_advisory_xact_lock(hashtext('ledger_entry_partitions_ahead'));
    FOR i IN 0..months LOOP
        month_start := first_month + make_interval(months => i);
        CONTINUE WHEN ledger_entry_partition_covers(month_start);
        partition := 'ledger_entry_p' || to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM');
        EXECUTE format('CREATE TABLE %I PARTITION OF ledger_entry FOR VALUES FROM (%L) TO (%L)',
                       partition, month_start, month_start + interval '1 month');
        -- A partition inherits the row triggers that refuse edits, not the TRUNCATE refusal.
        EXECUTE format('CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change()',
                       partition);
        created := created + 1;
    END LOOP;
    RETURN created;
END;
$$;
REVOKE ALL ON FUNCTION ledger_entry_partitions_ahead(integer) FROM PUBLIC;

--changeset ledger:010-partition-ledger-entry splitStatements:false
--validCheckSum: 9:9cf16eda283fff37a4bd9cd88aa4bef8
-- ledger_entry becomes a table partitioned by month of created_at (ADR 0012) without copying a
-- row: the existing table, if it holds entries, is attached whole as the partition of everything
-- before the next month (its CHECK constraint, validated once, spares the attach a second scan);
-- months from then on get partitions of their own. The primary key leads with the account, as
-- history reads it and as a table distributed by account must (docs/scale-out.md): history is one
-- backward range of (account_id, created_at, id) per partition, newest partition first.
-- The cutover is the start of a UTC month whatever the migrating session's zone: a month added in
-- a zone west of UTC ended a day early, and that day had no partition. Setting the zone is the only
-- change since the checksum above; a journal migrated from another zone before it shows its gap as
-- the partition horizon (ledger_entry_partition_horizon, docs/operations.md).
SET LOCAL TimeZone TO 'UTC';
ALTER TABLE ledger_entry RENAME TO ledger_entry_legacy;
ALTER INDEX ledger_entry_transaction RENAME TO ledger_entry_legacy_transaction;
-- Row triggers of a partitioned table are cloned onto every partition, under the same name: the
-- old table's own goes. Statement triggers are not cloned, so its TRUNCATE refusal stays.
DROP TRIGGER ledger_entry_append_only ON ledger_entry_legacy;

CREATE TABLE ledger_entry (
    id             bigint GENERATED ALWAYS AS IDENTITY,
    transaction_id uuid        NOT NULL REFERENCES journal_transaction (id),
    account_id     bigint      NOT NULL REFERENCES account (id),
    amount         bigint      NOT NULL,
    balance_after  bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    CONSTRAINT ledger_entry_amount_not_zero CHECK (amount <> 0),
    CONSTRAINT ledger_entry_pk PRIMARY KEY (account_id, created_at, id)
) PARTITION BY RANGE (created_at);
CREATE INDEX ledger_entry_transaction ON ledger_entry (transaction_id, created_at);
CREATE TRIGGER ledger_entry_append_only
    BEFORE UPDATE OR DELETE ON ledger_entry
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER ledger_entry_no_truncate
    BEFORE TRUNCATE ON ledger_entry
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

DO $$
DECLARE
    cutover timestamptz := date_trunc('month', now(), 'UTC') + interval '1 month';
    newest  bigint;
BEGIN
    SELECT max(id) INTO newest FROM ledger_entry_legacy;
    IF newest IS NULL THEN
        DROP TABLE ledger_entry_legacy;
        RETURN;
    END IF;
    ALTER TABLE ledger_entry_legacy ALTER COLUMN id DROP IDENTITY;
    ALTER TABLE ledger_entry_legacy DROP CONSTRAINT ledger_entry_pkey;
    DROP INDEX ledger_entry_account_history;
    EXECUTE format('ALTER TABLE ledger_entry_legacy ADD CONSTRAINT ledger_entry_legacy_range'
                   ' CHECK (created_at < %L)', cutover);
    CREATE UNIQUE INDEX ledger_entry_legacy_pk
        ON ledger_entry_legacy (account_id, created_at, id);
    ALTER TABLE ledger_entry_legacy
        ADD CONSTRAINT ledger_entry_legacy_pk PRIMARY KEY USING INDEX ledger_entry_legacy_pk;
    CREATE INDEX ledger_entry_legacy_transaction_at
        ON ledger_entry_legacy (transaction_id, created_at);
    DROP INDEX ledger_entry_legacy_transaction;
    EXECUTE format('ALTER TABLE ledger_entry ATTACH PARTITION ledger_entry_legacy'
                   ' FOR VALUES FROM (MINVALUE) TO (%L)', cutover);
    ALTER TABLE ledger_entry_legacy DROP CONSTRAINT ledger_entry_legacy_range;
    PERFORM setval(pg_get_serial_sequence('ledger_entry', 'id'), newest);
END;
$$;
SELECT ledger_entry_partitions_ahead(3);

--changeset ledger:010-entry-archive
-- Retention (ADR 0012, docs/operations.md): the oldest month of entries can leave the journal for
-- an archive, never silently and never without a trace. What each account had in an archived
-- partition stays here, so reconciliation still proves balance = opening + entries, and each
-- account's balance_after chain still starts where the archive ended.
CREATE SCHEMA ledger_archive;
CREATE TABLE ledger_entry_archived (
    partition_name     text        NOT NULL,
    account_id         bigint      NOT NULL REFERENCES account (id),
    entries            bigint      NOT NULL,
    amount             bigint      NOT NULL,
    last_entry_id      bigint      NOT NULL,
    last_balance_after bigint      NOT NULL,
    archived_at        timestamptz NOT NULL,
    CONSTRAINT ledger_entry_archived_pk PRIMARY KEY (account_id, partition_name)
);
CREATE TRIGGER ledger_entry_archived_append_only
    BEFORE UPDATE OR DELETE ON ledger_entry_archived
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER ledger_entry_archived_no_truncate
    BEFORE TRUNCATE ON ledger_entry_archived
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:010-runtime-role-grants runOnChange:true
-- What the runtime role may do with the partitioned journal (ADR 0011, ADR 0012): the grants of
-- its own; re-run whenever the runtime role is another.
GRANT SELECT, INSERT ON ledger_entry TO "${runtimeRole}";
GRANT UPDATE (last_entry_at) ON account TO "${runtimeRole}";
GRANT SELECT ON ledger_entry_archived TO "${runtimeRole}";
GRANT EXECUTE ON FUNCTION ledger_entry_partitions_ahead(integer) TO "${runtimeRole}";
