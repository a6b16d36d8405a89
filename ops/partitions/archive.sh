#!/usr/bin/env bash
# Retention of the journal (ADR 0012, docs/operations.md "Journal partitions and retention").
#
#   ops/partitions/archive.sh --list
#       the partitions of ledger_entry, oldest first, with their ranges, row estimates and sizes
#   ops/partitions/archive.sh <partition> <directory>
#       moves the partition (the oldest, of a month that is over) out of the journal into the
#       ledger_archive schema, keeping each account's totals of it for reconciliation, then dumps
#       the archived table to <directory>/<partition>.dump and checks the dump holds every row.
#
# It never drops anything: once the dump is stored away from the database server, drop the table
# with the command it prints. Runs as the schema's owner; the connection comes from the usual
# libpq variables (PGHOST, PGPORT, PGDATABASE; default 127.0.0.1:5432/ledger) and
# LEDGER_DB_OWNER (default ledger_owner).
set -euo pipefail

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGDATABASE="${PGDATABASE:-ledger}"
export PGUSER="${LEDGER_DB_OWNER:-ledger_owner}"
psql=(psql -X -q -v ON_ERROR_STOP=1 -At)

usage() { sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

if [[ "${1:-}" == "--list" ]]; then
  "${psql[@]}" -F ' | ' -c "
    SELECT c.relname, coalesce(b.lower_bound::text, '-infinity'),
           coalesce(b.upper_bound::text, 'infinity'), greatest(c.reltuples, 0)::bigint,
           pg_size_pretty(pg_total_relation_size(c.oid))
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     CROSS JOIN ledger_entry_partition_bounds(i.inhrelid) b
     WHERE i.inhparent = 'ledger_entry'::regclass
     ORDER BY b.lower_bound NULLS FIRST"
  exit 0
fi
[[ $# -eq 2 ]] || usage
partition="$1" directory="$2"
[[ "$partition" =~ ^ledger_entry_[a-z0-9_]+$ ]] || { echo "not a partition name: $partition" >&2; exit 2; }
mkdir -p "$directory"
dump="$directory/$partition.dump"
[[ ! -e "$dump" ]] || { echo "$dump exists already; not overwriting it" >&2; exit 1; }

archived=$("${psql[@]}" -c "SELECT ledger_archive_entry_partition('$partition')")
echo "moved $archived entries of $partition to ledger_archive.$partition"

pg_dump --format=custom --table="ledger_archive.$partition" --file="$dump"
# Rows in the dump: the lines between COPY and its end marker.
dumped=$(pg_restore --data-only --file=- "$dump" | awk '/^COPY /{copy=1; next} /^\\\.$/{copy=0} copy' | wc -l)
if [[ "$dumped" -ne "$archived" ]]; then
  echo "the dump holds $dumped rows, the archive $archived: keep ledger_archive.$partition" >&2
  exit 1
fi
echo "dumped $dumped rows to $dump (restore with: pg_restore --dbname=<db> $dump)"
echo "once the dump is stored away from this server, drop the archived table with:"
echo "  psql -c 'DROP TABLE ledger_archive.$partition'"
