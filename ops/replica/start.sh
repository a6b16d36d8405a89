#!/usr/bin/env bash
# A streaming replica of the ledger's PostgreSQL primary, for history reads (docs/scale-out.md).
#
#   ops/replica/start.sh [--primary HOST:PORT] [--port PORT] [--dir DIR] [--user ROLE]
#
# Takes a base backup of the primary (default 127.0.0.1:5432) over the replication protocol as
# ROLE (default postgres), with a physical replication slot so that the primary keeps the WAL the
# replica has not received yet, and starts it as a hot standby on 127.0.0.1:PORT (default 5433)
# from DIR/data (default /tmp/ledger-replica): read-only, streaming and replaying the primary's
# WAL asynchronously, with hot_standby_feedback on so that long reads are not cancelled by the
# primary's vacuum. Waits until it streams, then prints the LEDGER_DB_REPLICA_URL to set. Stop it,
# and drop its slot on the primary, with ops/replica/stop.sh [--dir DIR].
#
# The primary must accept replication connections from this host as ROLE: a pg_hba.conf line
# such as "host replication postgres 127.0.0.1/32 trust" (or scram-sha-256 with a password in
# ~/.pgpass). As root, the server runs as the postgres OS user, as Debian's packages run it.
set -euo pipefail
PRIMARY=127.0.0.1:5432 PORT=5433 DIR=/tmp/ledger-replica ROLE=postgres
while [ $# -gt 0 ]; do
  case $1 in
    --primary) PRIMARY=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --user) ROLE=$2; shift 2 ;;
    *) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DIR=$(realpath -m "$DIR")
. "$(dirname "$0")/../postgres/server.sh"
host=${PRIMARY%:*} primary_port=${PRIMARY##*:}
slot=ledger_replica_$PORT
[ ! -e "$DIR/data" ] || { echo "$DIR/data exists: stop that replica first (ops/replica/stop.sh --dir $DIR)" >&2; exit 1; }
mkdir -p "$DIR"
server_owns "$DIR"
echo "$PRIMARY $ROLE $slot" > "$DIR/replica.conf"

if ! as_server_user "$PG_BIN/pg_basebackup" -h "$host" -p "$primary_port" -U "$ROLE" -D "$DIR/data" \
    -X stream -R -C -S "$slot" -c fast 2> "$DIR/basebackup.log"; then
  cat "$DIR/basebackup.log" >&2
  echo "the base backup failed; the primary must allow replication from here, e.g. in its pg_hba.conf:" >&2
  echo "  host replication $ROLE 127.0.0.1/32 trust" >&2
  rm -rf "$DIR"
  exit 1
fi

# A hot standby needs at least the primary's values of these; the rest is this server's own.
settings=$(psql -h "$host" -p "$primary_port" -U "$ROLE" -d postgres -Atc \
  "SELECT string_agg(name || ' = ' || setting, E'\n') FROM pg_settings WHERE name IN
   ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions',
    'max_locks_per_transaction')")
as_server_user tee "$DIR/data/postgresql.conf" > /dev/null <<CONF
$settings
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
hot_standby = on
hot_standby_feedback = on
CONF
# Debian keeps pg_hba.conf outside the data directory, so the backup has none: trust local
# connections as this machine's primary does (production replaces this with its own rules).
[ -e "$DIR/data/pg_hba.conf" ] || as_server_user tee "$DIR/data/pg_hba.conf" > /dev/null <<HBA
local all all trust
host all all 127.0.0.1/32 trust
HBA
as_server_user "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start > /dev/null

for _ in $(seq 1 300); do
  status=$(psql -h 127.0.0.1 -p "$PORT" -U "$ROLE" -d postgres -Atc \
    "SELECT status FROM pg_stat_wal_receiver" 2>/dev/null || true)
  if [ "$status" = streaming ]; then
    echo "replica of $PRIMARY streaming on 127.0.0.1:$PORT (data $DIR/data, slot $slot)"
    echo "LEDGER_DB_REPLICA_URL=jdbc:postgresql://127.0.0.1:$PORT/<the primary's database>"
    exit 0
  fi
  sleep 0.1
done
echo "the replica did not start streaming within 30 s; see $DIR/server.log" >&2
exit 1
