#!/usr/bin/env bash
# The failover drill (docs/scale-out.md): a primary and a synchronous standby managed by Patroni
# (with etcd), HAProxy in front sending connections to whichever node Patroni's REST API calls the
# primary, two service instances on it behind their own HAProxy, and clients sending transfers
# that retry each one with its own Idempotency-Key until they get a definite answer. A third of
# the way through, the primary's node dies (Patroni and PostgreSQL killed with SIGKILL); the
# standby is promoted once the leader key expires; the clients keep going. Then every
# acknowledged transfer is looked up and every balance compared with what was acknowledged:
#
#   acknowledged N, lost 0, duplicated 0
#
#   ops/failover/drill.sh [--seconds S] [--clients C] [--wallets W] [--dir DIR] [--keep]
#
# S seconds of load (default 60), C clients (default 16), W wallets (default 200). Everything runs
# from DIR (default /tmp/ledger-failover) on ports of its own and is removed at the end unless
# --keep. Needs the built service (./mvnw -B -ntp package -DskipTests) and Debian's patroni,
# etcd-server and haproxy: apt-get install patroni etcd-server haproxy. Exits non-zero when an
# acknowledged transfer is lost, a transfer is posted twice or a balance is wrong.
set -euo pipefail
cd "$(dirname "$0")/../.."
LOAD_SECONDS=60 CLIENTS=16 WALLETS=200 DIR=/tmp/ledger-failover KEEP=false
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) LOAD_SECONDS=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --wallets) WALLETS=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DIR=$(realpath -m "$DIR")
for tool in patroni etcd haproxy; do
  command -v $tool >/dev/null || { echo "$tool is required: apt-get install patroni etcd-server haproxy" >&2; exit 1; }
done
ls bootstrap/target/bootstrap-*.jar >/dev/null 2>&1 \
  || { echo "build the service first: ./mvnw -B -ntp package -DskipTests" >&2; exit 1; }
. ops/postgres/server.sh
. bin/java-env.sh
. bin/dev-secret.sh
# Fixed ports below Linux's ephemeral range (32768-60999): a port in it can be taken at any moment
# as the local end of an outgoing connection (a standby once failed to bind 55442 that way).
ETCD_PORT=23790 ETCD_PEER_PORT=23800 DB_PORT=25440 HTTP_PORT=18090
PG_PORTS=(0 25441 25442) REST_PORTS=(0 28008 28009)
log() { echo "[drill] $*" >&2; }

cleanup() {
  local status=$?
  if [ "$status" != 0 ]; then # what went wrong, before the directory goes
    for f in "$DIR"/etcd.log "$DIR"/node1.log "$DIR"/node2.log "$DIR"/client.log; do
      [ ! -s "$f" ] || {
        log "first lines of $f:"; head -n 15 "$f" >&2
        log "last lines of $f:"; tail -n 25 "$f" >&2
      }
    done
  fi
  [ ! -e "$DIR/service/haproxy.pid" ] || ops/cluster/stop.sh --dir "$DIR/service" >/dev/null 2>&1 || true
  [ ! -e "$DIR/haproxy.pid" ] || kill "$(cat "$DIR/haproxy.pid")" 2>/dev/null || true
  pkill -9 -f "patroni $DIR/node" 2>/dev/null || true
  for node in 1 2; do
    pid=$(head -1 "$DIR/node$node/data/postmaster.pid" 2>/dev/null || true)
    [ -z "$pid" ] || { pkill -9 -P "$pid" 2>/dev/null || true; kill -9 "$pid" 2>/dev/null || true; }
  done
  [ ! -e "$DIR/etcd.pid" ] || kill "$(cat "$DIR/etcd.pid")" 2>/dev/null || true
  [ "$KEEP" = true ] || rm -rf "$DIR"
}
trap cleanup EXIT
rm -rf "$DIR"
mkdir -p "$DIR/node1" "$DIR/node2"
# Patroni runs as the postgres OS user and reads its configuration from $DIR, whatever the
# caller's umask made of it.
chmod 755 "$DIR"
server_owns "$DIR/node1" "$DIR/node2"

await() { # await <seconds> <what> <command...>
  local seconds=$1 what=$2; shift 2
  for _ in $(seq 1 $(( seconds * 5 ))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  log "gave up waiting ${seconds} s for $what"; return 1
}
primary_is() { curl -sf "http://127.0.0.1:${REST_PORTS[$1]}/primary"; }
sync_standby_is() { curl -sf "http://127.0.0.1:${REST_PORTS[$1]}/sync"; }

log "etcd on 127.0.0.1:$ETCD_PORT"
etcd --name drill --data-dir "$DIR/etcd" \
  --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster "drill=http://127.0.0.1:$ETCD_PEER_PORT" > "$DIR/etcd.log" 2>&1 &
echo $! > "$DIR/etcd.pid"
await 30 etcd curl -sf "http://127.0.0.1:$ETCD_PORT/health"

# ttl 10 s: a dead primary's leader key expires within 10 s; loop_wait and retry_timeout as
# Patroni requires (ttl >= loop_wait + 2 * retry_timeout). synchronous_mode: a commit is
# acknowledged only once the synchronous standby has it, so the standby promoted has every
# acknowledged transfer. Not strict: alone after the failover, the survivor keeps serving.
node_config() {
  local node=$1
  cat <<YAML
scope: ledger-drill
namespace: /ledger-drill/
name: node$node
restapi:
  listen: 127.0.0.1:${REST_PORTS[$node]}
  connect_address: 127.0.0.1:${REST_PORTS[$node]}
etcd3:
  hosts: 127.0.0.1:$ETCD_PORT
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 3
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 100
        wal_log_hints: "on"
  initdb:
  - encoding: UTF8
  - data-checksums
  pg_hba:
  - local all all trust
  - host all all 127.0.0.1/32 trust
  - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${PG_PORTS[$node]}
  connect_address: 127.0.0.1:${PG_PORTS[$node]}
  data_dir: $DIR/node$node/data
  bin_dir: $PG_BIN
  pgpass: $DIR/node$node/pgpass
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicator
      password: replicator
  parameters:
    unix_socket_directories: $DIR/node$node
YAML
}
start_node() {
  node_config "$1" > "$DIR/node$1.yml"
  chmod 644 "$DIR/node$1.yml"
  # From the drill's own directory: Patroni's initdb runs as postgres, which cannot enter a
  # checkout made by mktemp (mode 700), and there its bootstrap never finished.
  as_server_user env -C "$DIR" patroni "$DIR/node$1.yml" > "$DIR/node$1.log" 2>&1 &
}
log "Patroni node1 (PostgreSQL on ${PG_PORTS[1]}) bootstraps the primary"
start_node 1
# Bootstrapping (initdb, the first start) took about 10 s here, but once over 90 s on a loaded
# machine, with Patroni saying only "bootstrap in progress": the wait is generous, and a failure
# prints the start of each log too.
await 180 "node1 to lead" primary_is 1
log "Patroni node2 (PostgreSQL on ${PG_PORTS[2]}) joins as the synchronous standby"
start_node 2
await 120 "node2 to be the synchronous standby" sync_standby_is 2

cat > "$DIR/haproxy.cfg" <<CFG
global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s
listen primary
  bind 127.0.0.1:$DB_PORT
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server node1 127.0.0.1:${PG_PORTS[1]} check port ${REST_PORTS[1]}
  server node2 127.0.0.1:${PG_PORTS[2]} check port ${REST_PORTS[2]}
CFG
haproxy -D -f "$DIR/haproxy.cfg" -p "$DIR/haproxy.pid"
# HAProxy counts a server up until its checks say otherwise: wait until every connection lands
# on the primary (the standby fails two checks a second apart).
only_primary() {
  for _ in 1 2 3 4 5 6; do
    [ "$(psql -h 127.0.0.1 -p "$DB_PORT" -U postgres -d postgres -Atc "SELECT pg_is_in_recovery()")" = f ] || return 1
  done
}
sleep 2
await 30 "HAProxy to send connections to the primary only" only_primary

PGPORT=$DB_PORT
export PGPORT
. bin/db-roles.sh
ensure_ledger_database ledger
unset PGPORT

log "two service instances on jdbc:postgresql://127.0.0.1:$DB_PORT/ledger behind http://127.0.0.1:$HTTP_PORT"
LEDGER_DB_URL=jdbc:postgresql://127.0.0.1:$DB_PORT/ledger LEDGER_DB_POOL_SIZE=20 \
  LEDGER_SECURITY_MODE=local LEDGER_OUTBOX_RELAY_ENABLED=false LEDGER_BANK_GATEWAY=simulator \
  LEDGER_RATE_LIMIT_PER_USER_PER_SECOND=1000000 \
  ops/cluster/start.sh --instances 2 --port "$HTTP_PORT" --dir "$DIR/service" >&2

seq 1000001 $(( 1000000 + WALLETS )) | java bench/Tokens.java 7200 > "$DIR/tokens.txt"
LEDGER_OPERATOR_TOKEN=$(bin/dev-token 1 --operator --ttl 7200)
export LEDGER_OPERATOR_TOKEN
java ops/failover/DrillClient.java "http://127.0.0.1:$HTTP_PORT" "$DIR" "$LOAD_SECONDS" "$CLIENTS" \
  > "$DIR/client.log" 2>&1 &
client=$!
await 600 "the wallets" test -e "$DIR/wallets-ready"
log "$CLIENTS clients sending transfers for $LOAD_SECONDS s"
sleep $(( LOAD_SECONDS / 3 ))

old=1 new=2
primary_is 1 >/dev/null || { old=2 new=1; }
postmaster=$(head -1 "$DIR/node$old/data/postmaster.pid")
log "killing node$old: Patroni and PostgreSQL (postmaster $postmaster), SIGKILL"
killed=$(date +%s%N)
pkill -9 -f "patroni $DIR/node$old.yml"
pkill -9 -P "$postmaster" || true
kill -9 "$postmaster"
await 120 "node$new to be promoted" primary_is "$new"
promoted=$(date +%s%N)
log "node$new promoted $(( (promoted - killed) / 1000000 )) ms after the kill"

wait $client || { cat "$DIR/client.log" >&2; exit 1; }
# shellcheck disable=SC1091 # written by the client
. "$DIR/drill.properties"
posted=$(psql -h 127.0.0.1 -p "$DB_PORT" -U postgres -d ledger -Atc \
  "SELECT count(*) FROM journal_transaction WHERE type = 'TRANSFER'")
duplicated=$(( posted - (acknowledged - lost) ))
reconciliation=$(curl -s -H "Authorization: Bearer $LEDGER_OPERATOR_TOKEN" \
  "http://127.0.0.1:$HTTP_PORT/v1/reconciliation")
echo "acknowledged $acknowledged, lost $lost, duplicated $duplicated"
echo "refused $refused (insufficient funds), unresolved $unresolved, wrong balances $wrong_balances"
echo "retried after: ${retries:-nothing}"
echo "primary killed; standby promoted after $(( (promoted - killed) / 1000000 )) ms;" \
  "clients without a definite answer for at most $longest_gap_ms ms"
echo "reconciliation: $reconciliation"
[ "$lost" -eq 0 ] && [ "$duplicated" -eq 0 ] && [ "$wrong_balances" -eq 0 ] && [ "$unresolved" -eq 0 ] \
  && [[ $reconciliation == *'"mismatches":[]'* ]]
