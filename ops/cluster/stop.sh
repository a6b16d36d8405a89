#!/usr/bin/env bash
# Stops what ops/cluster/start.sh started: HAProxy first, then each instance (gracefully: in-flight
# requests finish), waiting for every process to end.
#
#   ops/cluster/stop.sh [--dir DIR]
set -uo pipefail
cd "$(dirname "$0")/../.."
DIR=ops/cluster/run
[ "${1:-}" = --dir ] && DIR=$2
for pidfile in "$DIR"/haproxy.pid "$DIR"/instance-*.pid; do
  [ -f "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  kill "$pid" 2>/dev/null
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -9 "$pid" 2>/dev/null
  rm -f "$pidfile"
done
