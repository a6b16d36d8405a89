#!/usr/bin/env bash
# Stops a replica started by ops/replica/start.sh, drops its replication slot on the primary (so
# the primary stops keeping WAL for it) and removes its data directory.
#
#   ops/replica/stop.sh [--dir DIR]
set -euo pipefail
DIR=/tmp/ledger-replica
while [ $# -gt 0 ]; do
  case $1 in
    --dir) DIR=$2; shift 2 ;;
    *) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DIR=$(realpath -m "$DIR")
. "$(dirname "$0")/../postgres/server.sh"
[ -e "$DIR/replica.conf" ] || { echo "no replica in $DIR" >&2; exit 1; }
read -r primary role slot < "$DIR/replica.conf"
if [ -e "$DIR/data/postmaster.pid" ]; then
  as_server_user "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop > /dev/null || true
fi
psql -h "${primary%:*}" -p "${primary##*:}" -U "$role" -d postgres -Atqc \
  "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '$slot'" \
  > /dev/null || echo "could not drop slot $slot on $primary: drop it there, or it keeps WAL" >&2
rm -rf "$DIR"
echo "replica in $DIR stopped, slot $slot dropped"
