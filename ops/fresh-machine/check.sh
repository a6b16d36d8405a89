#!/usr/bin/env bash
# What a new user on a machine with only a JDK does, checked: bin/run, which finds no database
# configured and runs on the embedded PostgreSQL, exporting traces to an OTLP receiver
# (ops/otlp-sink); one transfer's trace reaches the receiver; both generated clients' tests pass
# against the service; the operator console's committed bundle is what its sources build, and its
# browser tests pass in Chromium; its data survives a restart; and the persistence tests run on the
# embedded PostgreSQL too, as the test suite does where neither Docker nor a local server is there.
#
#   ops/fresh-machine/check.sh [--port P] [--keep]
#
# PostgreSQL refuses to run as root, so as root (CI) the service runs as the unprivileged user
# ledger-dev (created when missing) from a clone of this checkout's HEAD, with its own home, whose
# Maven repository starts as a copy of this one's (only to spare the download). The Java client's
# test runs with Maven and the TypeScript client's with npm, both from this checkout. --keep leaves
# the work directory (logs, clone, embedded data) in place.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=18480
KEEP=false
while [ $# -gt 0 ]; do
  case $1 in
    --port) PORT=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
SINK_PORT=$(( PORT + 1 ))
URL=http://127.0.0.1:$PORT
for port in "$PORT" "$SINK_PORT" "$(( PORT + 2 ))"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is taken: stop what listens there, or pass --port" >&2
    exit 1
  fi
done
. bin/java-env.sh
work=$(mktemp -d /tmp/ledger-clients.XXXXXX)
chmod 755 "$work"
run=$(basename "$work")
pids=()
cleanup() {
  pkill -TERM -f -- "--ledger.clients-test=$run" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "$KEEP" = true ]; then echo "work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() { echo "ops/fresh-machine/check.sh: $*" >&2; echo "--- service log (last 40 lines)" >&2; tail -40 "$work/service.log" >&2 || true; exit 1; }

# The service's checkout, home and user.
if [ "$(id -u)" = 0 ]; then
  id ledger-dev >/dev/null 2>&1 || useradd --create-home --shell /bin/bash ledger-dev
  git clone -q . "$work/checkout"
  mkdir -p "$work/home/.m2"
  [ -d "$HOME/.m2/repository" ] && cp -r "$HOME/.m2/repository" "$work/home/.m2/"
  [ -d "$HOME/.m2/wrapper" ] && cp -r "$HOME/.m2/wrapper" "$work/home/.m2/"
  chown -R ledger-dev "$work/checkout" "$work/home"
  as_service_user() { runuser -u ledger-dev -- "$@"; }
else
  ln -s "$PWD" "$work/checkout"
  mkdir -p "$work/home"
  cp -r "$HOME/.m2" "$work/home/" 2>/dev/null || true
  as_service_user() { "$@"; }
fi
touch "$work/service.log" && chmod 666 "$work/service.log"

java ops/otlp-sink/OtlpSink.java --port "$SINK_PORT" > "$work/sink.log" 2>&1 &
pids+=($!)

start_service() {
  # A fresh data directory (XDG_DATA_HOME) and home per run of this script: nothing left over
  # from an earlier one is read. LEDGER_DB_EMBEDDED: here a PostgreSQL answers on 5432.
  as_service_user env -C "$work/checkout" HOME="$work/home" PATH="$PATH" JAVA_HOME="$JAVA_HOME" \
    JAVA_TOOL_OPTIONS="-Duser.home=$work/home" XDG_DATA_HOME="$work/home/data" \
    LEDGER_DB_EMBEDDED=true LEDGER_DB_EMBEDDED_PORT=$(( PORT + 2 )) LEDGER_PORT="$PORT" \
    OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$SINK_PORT" \
    bin/run "--ledger.clients-test=$run" >> "$work/service.log" 2>&1 &
  service=$!
  pids+=("$service")
  for _ in $(seq 1 600); do
    curl -sf "$URL/actuator/health/readiness" >/dev/null && return 0
    kill -0 "$service" 2>/dev/null || fail "the service stopped before it was ready"
    sleep 1
  done
  fail "the service was not ready within 10 minutes"
}

stop_service() {
  # The service's own command line carries this run's marker (bin/run passes it to Spring, which
  # ignores a property nothing reads).
  pkill -TERM -f -- "--ledger.clients-test=$run" || true
  for _ in $(seq 1 60); do
    curl -sf "$URL/actuator/health" >/dev/null || return 0
    sleep 1
  done
  fail "the service did not stop"
}

echo "== bin/run on the embedded PostgreSQL (a build, then the service)"
start_service
grep -q "Running on the embedded PostgreSQL" "$work/service.log" \
  || fail "the service did not say it runs on the embedded PostgreSQL"

echo "== one transfer's trace, as the OTLP receiver got it"
user=$(( (RANDOM << 15 | RANDOM) + 1000000 ))
token=$(bin/dev-token "$user")
operator=$(bin/dev-token 1 --operator)
open_wallet() {
  curl -sf -X POST "$URL/v1/accounts" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d '{"currency":"VND"}' | sed -E 's/^\{"id":([0-9]+).*/\1/'
}
from=$(open_wallet); to=$(open_wallet)
curl -sf -X POST "$URL/v1/deposits" -H "Authorization: Bearer $operator" -H "Idempotency-Key: dep-$user" \
  -H 'Content-Type: application/json' -d "{\"accountId\":$from,\"amount\":100000}" >/dev/null
trace=$(openssl rand -hex 16)
curl -sf -X POST "$URL/v1/transfers" -H "Authorization: Bearer $token" -H "Idempotency-Key: tr-$user" \
  -H "traceparent: 00-$trace-$(openssl rand -hex 8)-01" -H 'Content-Type: application/json' \
  -d "{\"fromAccountId\":$from,\"toAccountId\":$to,\"amount\":25000}" >/dev/null \
  || fail "the transfer was refused"
for _ in $(seq 1 60); do
  request=$(awk -v t="$trace" '$1 == t && $4 == "SERVER" {print $2}' "$work/sink.log")
  [ -n "$request" ] && grep -q "ledger.posting.batch links=.*$trace:$request" "$work/sink.log" && break
  sleep 1
done
[ -n "$request" ] || fail "no span of trace $trace reached the receiver"
grep "$trace" "$work/sink.log"
batch=$(grep "ledger.posting.batch links=.*$trace:$request" "$work/sink.log" | awk '{print $1, $2}') \
  || fail "no batch span links the transfer's request"
statements=$(awk -v t="${batch% *}" -v s="${batch#* }" '$1 == t && $3 == s && $4 == "CLIENT"' "$work/sink.log" | wc -l)
echo "the batch ${batch#* } (trace ${batch% *}) carried it, with $statements statement spans"
[ "$statements" -gt 0 ] || fail "the batch span has no statement spans"

echo "== the Java client against the service"
# The client builds on the domain module: install what it needs first, so that this runs on a
# machine whose Maven repository has never held the project's own artifacts.
./mvnw -B -q -ntp -pl clients/java -am install -DskipTests -Djacoco.skip -Dspotless.check.skip
./mvnw -B -q -ntp -pl clients/java verify -Djacoco.skip -Dspotless.check.skip -Dledger.url="$URL"

echo "== the TypeScript client against the service"
( cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error && npm test && LEDGER_URL="$URL" npm run test:service )

echo "== the operator console: its committed bundle is what its sources build, and it works in Chromium"
( cd console && npm ci --no-audit --no-fund --loglevel=error \
  && committed=$(mktemp -d) && cp -r dist/. "$committed" && npm run build >/dev/null \
  && { diff -r "$committed" dist || { cp -r "$committed"/. dist; false; }; } ) \
  || fail "console/dist is not what (cd console && npm ci && npm run build) makes of its sources"
( cd console && LEDGER_URL="$URL" npx playwright test ) || fail "the console's browser tests failed"

echo "== the data outlives a restart"
stop_service
start_service
balance=$(curl -sf "$URL/v1/accounts/$to" -H "Authorization: Bearer $token" | sed -E 's/.*"balance":([0-9]+).*/\1/')
[ "$balance" = 25000 ] || fail "after the restart wallet $to holds '$balance', not 25000"
echo "wallet $to still holds $balance after the restart"
stop_service
echo "== the persistence tests on the embedded PostgreSQL (LEDGER_TEST_PG=embedded)"
as_service_user env -C "$work/checkout" HOME="$work/home" PATH="$PATH" JAVA_HOME="$JAVA_HOME" \
  JAVA_TOOL_OPTIONS="-Duser.home=$work/home" LEDGER_TEST_PG=embedded \
  ./mvnw -B -ntp -pl adapter-persistence-jpa -am verify -Djacoco.skip -Dspotless.check.skip \
  -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dit.test='PessimisticLockIT,OutboxIT,JpaAdaptersContractIT' > "$work/embedded-tests.log" 2>&1 \
  || { tail -60 "$work/embedded-tests.log" >&2; fail "the persistence tests failed on the embedded PostgreSQL"; }
grep -q "\[test-db\] no Docker engine and no local PostgreSQL: embedded" "$work/embedded-tests.log" \
  || fail "the persistence tests did not run on the embedded PostgreSQL"
grep -E "Tests run: [0-9]+, Failures" "$work/embedded-tests.log" | tail -1
echo "ops/fresh-machine/check.sh: passed"
