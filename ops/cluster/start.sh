#!/usr/bin/env bash
# Several stateless instances of the service on one database, behind HAProxy (docs/scale-out.md).
#
#   ops/cluster/start.sh [--instances N] [--port P] [--dir DIR]
#
# Starts N instances (default 3) of the built service (bootstrap/target; build it first with
# ./mvnw package -DskipTests) on ports P+1..P+N and HAProxy on P (default 18080), which sends each
# request to the next instance that its readiness probe (/actuator/health/readiness, every second)
# finds up, takes an instance out after three failed probes, and names the instance in an
# X-Served-By response header. Every instance gets this environment: the same database, Redis
# (one rate budget) and Kafka (the outbox relay runs on all, one batch at a time). Logs, pids and
# haproxy.cfg go to DIR (default ops/cluster/run); stop everything with ops/cluster/stop.sh
# [--dir DIR]. Needs haproxy (apt-get install haproxy).
set -euo pipefail
cd "$(dirname "$0")/../.."
INSTANCES=3 PORT=18080 DIR=ops/cluster/run
while [ $# -gt 0 ]; do
  case $1 in
    --instances) INSTANCES=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
command -v haproxy >/dev/null || { echo "haproxy is required: apt-get install haproxy" >&2; exit 1; }
jar=$(ls bootstrap/target/bootstrap-*.jar 2>/dev/null | head -1)
[ -n "$jar" ] || { echo "build the service first: ./mvnw -B -ntp package -DskipTests" >&2; exit 1; }
. bin/java-env.sh
. bin/jvm-options.sh
mkdir -p "$DIR"

{
  echo "global"
  echo "  maxconn 4096"
  echo "defaults"
  echo "  mode http"
  echo "  timeout connect 2s"
  echo "  timeout client 30s"
  echo "  timeout server 30s"
  # A readiness probe may be slow on a loaded machine: an instance leaves only after three
  # probes failed or took more than 5 s each.
  echo "  timeout check 5s"
  echo "frontend ledger"
  echo "  bind 127.0.0.1:$PORT"
  echo "  default_backend instances"
  echo "backend instances"
  echo "  balance roundrobin"
  echo "  option httpchk GET /actuator/health/readiness"
  echo "  http-response set-header X-Served-By %s"
  for i in $(seq 1 "$INSTANCES"); do
    echo "  server instance-$i 127.0.0.1:$(( PORT + i )) check inter 1s fall 3 rise 1"
  done
} > "$DIR/haproxy.cfg"

start_instance() {
  # shellcheck disable=SC2086 # the options are words
  LEDGER_PORT=$(( PORT + $1 )) java $LEDGER_JAVA_OPTS -jar "$jar" > "$DIR/instance-$1.log" 2>&1 &
  echo $! > "$DIR/instance-$1.pid"
}
ready() { curl -sf "http://127.0.0.1:$(( PORT + $1 ))/actuator/health/readiness" >/dev/null; }
alive() {
  kill -0 "$(cat "$DIR/instance-$1.pid")" 2>/dev/null \
    || { echo "instance $1 stopped; its log:" >&2; tail -30 "$DIR/instance-$1.log" >&2; exit 1; }
}

# The first instance runs the migrations alone (Liquibase's own tables cannot be created by two
# processes at once on a new database); the others start once it is ready.
start_instance 1
for _ in $(seq 1 180); do alive 1; ready 1 && break; sleep 1; done
for i in $(seq 2 "$INSTANCES"); do start_instance "$i"; done
haproxy -D -f "$DIR/haproxy.cfg" -p "$DIR/haproxy.pid"

# The instances the balancer sends requests to: it goes round them in turn, so twice as many
# requests as instances reach every one that it has in rotation. An instance answers its own probe
# up to a second before HAProxy's next probe puts it back in rotation.
in_rotation() {
  for _ in $(seq 1 $(( 2 * INSTANCES ))); do
    curl -sf -D - -o /dev/null "http://127.0.0.1:$PORT/actuator/health/readiness" \
      | tr -d '\r' | sed -n 's/^[Xx]-[Ss]erved-[Bb]y: //p'
  done | sort -u | wc -l
}

# Up when every instance answers its readiness probe and the balancer forwards requests to each.
for _ in $(seq 1 180); do
  up=0
  for i in $(seq 1 "$INSTANCES"); do
    alive "$i"
    ! ready "$i" || up=$(( up + 1 ))
  done
  if [ "$up" -eq "$INSTANCES" ] && [ "$(in_rotation)" -eq "$INSTANCES" ]; then
    echo "cluster up: $INSTANCES instances behind http://127.0.0.1:$PORT"
    exit 0
  fi
  sleep 1
done
echo "the cluster did not come up within 180 s; logs in $DIR" >&2
exit 1
