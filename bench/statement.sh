#!/usr/bin/env bash
# The statement benchmark: a wallet with ENTRIES entries (default 1,000,000), its whole statement
# streamed as CSV, and a tenth of it, while jstat samples the service's heap every 100 ms. A
# streamed statement holds no more than a fetch of rows at a time, so the heap it needs does not
# grow with the number of entries: the report prints both peaks side by side.
#
#   bench/statement.sh [--entries N]
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust) and a JDK (jstat). Uses its own database,
# ledger_statement_bench, dropped at the start; the report goes to bench/out/statement.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/java-env.sh
. bin/dev-secret.sh
. bin/jvm-options.sh
ENTRIES=1000000
while [ $# -gt 0 ]; do
  case "$1" in
    --entries) ENTRIES=$2; shift 2 ;;
    *) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DB=ledger_statement_bench PORT=18096 OUT=bench/out/statement
BASE=http://127.0.0.1:$PORT
mkdir -p "$OUT"
log() { echo "[statement] $*" >&2; }

. bin/db-roles.sh
psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
ensure_ledger_database "$DB"
./mvnw -B -q -ntp -DskipTests -Dspotless.check.skip install
jar=$(ls bootstrap/target/bootstrap-*.jar | head -1)
# shellcheck disable=SC2086 # the options are words
LEDGER_DB_URL=jdbc:postgresql://127.0.0.1:5432/$DB LEDGER_PORT=$PORT LEDGER_SECURITY_MODE=local \
  LEDGER_OUTBOX_RELAY_ENABLED=false LEDGER_BANK_GATEWAY=simulator \
  java $LEDGER_JAVA_OPTS -jar "$jar" > "$OUT/service.log" 2>&1 &
service=$!
trap 'kill $service 2>/dev/null; wait $service 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -sf "$BASE/actuator/health" >/dev/null && break; sleep 1; done

user=$(bin/dev-token 7 --ttl 7200)
operator=$(bin/dev-token 1 --operator --ttl 7200)
wallet=$(curl -sf -X POST "$BASE/v1/accounts" -H "Authorization: Bearer $user" \
  -H 'Content-Type: application/json' -d '{"currency":"VND"}' | sed 's/.*"id":\([0-9]*\).*/\1/')
# One deposit through the API opens the VND clearing account the bulk deposits pay from.
curl -sf -o /dev/null -X POST "$BASE/v1/deposits" -H "Authorization: Bearer $operator" \
  -H "Idempotency-Key: statement-bench-$wallet" -H 'Content-Type: application/json' \
  -d "{\"accountId\":$wallet,\"amount\":1}"
log "booking $ENTRIES deposits to wallet $wallet..."
started=$(date +%s)
psql -h 127.0.0.1 -U "$LEDGER_DB_OWNER" -d "$DB" -q -v wallet="$wallet" -v count="$ENTRIES" \
  -f bench/deposits-of-one.sql
psql -h 127.0.0.1 -U postgres -d "$DB" -qc "ANALYZE"
log "booked in $(( $(date +%s) - started )) s"
from=$(psql -h 127.0.0.1 -U postgres -d "$DB" -Atc \
  "SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM ledger_entry WHERE account_id = $wallet")
tenth=$(psql -h 127.0.0.1 -U postgres -d "$DB" -Atc \
  "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM ledger_entry WHERE account_id = $wallet ORDER BY created_at, id OFFSET $(( ENTRIES / 10 )) LIMIT 1")
to=$(date -u -d '+1 hour' +%FT%TZ)

# stream <label> <to>: the CSV of [from, to) to /dev/null, the heap sampled meanwhile.
stream() {
  local label=$1 until=$2
  jcmd "$service" GC.run > /dev/null
  jstat -gc "$service" 100 > "$OUT/jstat-$label.txt" &
  local sampler=$!
  sleep 0.3
  local cpu_before
  cpu_before=$(awk '{print $14 + $15}' "/proc/$service/stat")
  curl -sf -H "Authorization: Bearer $user" -H 'Accept: text/csv' \
    -o "$OUT/statement-$label.csv" -w '%{size_download} %{time_total}\n' \
    "$BASE/v1/accounts/$wallet/statement?from=$from&to=$until" > "$OUT/curl-$label.txt"
  local cpu_after
  cpu_after=$(awk '{print $14 + $15}' "/proc/$service/stat")
  sleep 0.3
  kill "$sampler"
  local rows bytes seconds
  rows=$(( $(wc -l < "$OUT/statement-$label.csv") - 1 ))
  read -r bytes seconds < "$OUT/curl-$label.txt"
  # Heap in use = survivors + eden + old (KiB); the first sample is the baseline after the GC.
  awk -v label="$label" -v rows="$rows" -v bytes="$bytes" -v seconds="$seconds" \
    -v cpu=$(( cpu_after - cpu_before )) -v hz="$(getconf CLK_TCK)" '
    NR > 1 && $1 ~ /^[0-9.]+$/ {
      used = ($3 + $4 + $6 + $8) / 1024
      if (n == 0) { base = used }
      if (used > peak) { peak = used }
      n++
    }
    END {
      printf "| %s | %d | %.0f MB | %.1f s | %.0f rows/s | %.0f | %.0f | %.2f |\n",
        label, rows, bytes / 1048576, seconds, rows / seconds, base, peak, cpu / hz / seconds
    }' "$OUT/jstat-$label.txt"
  rm -f "$OUT/statement-$label.csv"
}

{
  echo "Statement as CSV, $ENTRIES-entry wallet, $(nproc) cores, $(date -u +%F)"
  echo
  echo "| statement | rows | size | time | rate | heap before (MB) | heap peak (MB) | JVM cores |"
  echo "|---|---|---|---|---|---|---|---|"
  stream tenth "$tenth"
  stream whole "$to"
} | tee "$OUT/report.md"
