#!/usr/bin/env bash
# Hot-merchant benchmark: N concurrent payers crediting one merchant over HTTP (wrk), with 1 shard
# and with 16, at 8, 32 and 64 connections. Prints a markdown table: transfers/s, p50, p99, non-2xx
# and the sharded/unsharded ratio; then checks the books still reconcile.
#   bench/merchant-bench.sh [seconds per run, default 15] [payers, default 200]
# Needs: PostgreSQL on 127.0.0.1:5432 (trust), wrk (apt-get install wrk), openssl, curl, jq-free.
# It creates and drops its own database 'ledger_bench'; the service runs on port 18080.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/java-env.sh
. bin/dev-secret.sh
DURATION=${1:-15}
PAYERS_COUNT=${2:-200}
PORT=18080
BASE=http://127.0.0.1:$PORT
OUT=bench/out
mkdir -p "$OUT"
command -v wrk >/dev/null || { echo "wrk is required: apt-get install -y wrk" >&2; exit 1; }

. bin/db-roles.sh
psql -h 127.0.0.1 -U postgres -qc 'DROP DATABASE IF EXISTS ledger_bench WITH (FORCE)'
ensure_ledger_database ledger_bench
./mvnw -B -q -ntp -DskipTests -Dspotless.check.skip install
LEDGER_DB_URL=jdbc:postgresql://127.0.0.1:5432/ledger_bench LEDGER_PORT=$PORT \
LEDGER_RATE_LIMIT_PER_USER_PER_SECOND=1000000 LEDGER_OUTBOX_RELAY_ENABLED=false \
  LEDGER_BANK_GATEWAY=simulator LEDGER_SECURITY_MODE=local java -Xmx1g -jar bootstrap/target/bootstrap-0.1.0-SNAPSHOT.jar > "$OUT/service.log" 2>&1 &
SERVICE=$!
trap 'kill $SERVICE 2>/dev/null; wait $SERVICE 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -sf "$BASE/actuator/health" >/dev/null && break; sleep 1; done

OPS=$(bin/dev-token 1 --operator)
json_field() { sed -E "s/.*\"$1\":\"?([^\",}]*)\"?.*/\1/"; }
post() { curl -sf -X POST "$BASE$1" -H "Authorization: Bearer $2" -H 'Content-Type: application/json' ${3:+-H "Idempotency-Key: $3"} -d "$4"; }

echo "creating $PAYERS_COUNT payers and two merchants..." >&2
: > "$OUT/payers.txt"
for i in $(seq 1 "$PAYERS_COUNT"); do
  user=$((1000 + i)); token=$(bin/dev-token "$user" --ttl 7200)
  id=$(post /v1/accounts "$token" "" '{"currency":"VND"}' | json_field id)
  post /v1/deposits "$OPS" "fund-$id" "{\"accountId\":$id,\"amount\":1000000000}" >/dev/null
  echo "$id $token" >> "$OUT/payers.txt"
done
merchant() { post /v1/accounts "$OPS" "" "{\"currency\":\"VND\",\"kind\":\"MERCHANT\",\"ownerId\":$1,\"shards\":$2}" | json_field id; }
M1=$(merchant 900001 1)
M16=$(merchant 900016 16)

run() { # merchant connections seconds -> wrk output
  TARGET=$1 PAYERS=$OUT/payers.txt wrk -t "$(( $2 < 4 ? $2 : 4 ))" -c "$2" -d "${3}s" --latency \
    -s bench/transfer.lua "$BASE" 2>&1
}
ms() { # a wrk latency like 1.23ms / 456.00us / 1.02s -> milliseconds
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[^m]s$/) n *= 1000; printf "%.1f", n }'
}
echo "warming up..." >&2
run "$M16" 32 5 > /dev/null

declare -A RATE
{
  echo "| shards | connections | transfers/s | p50 ms | p99 ms | non-2xx |"
  echo "|---:|---:|---:|---:|---:|---:|"
  for shards in 1 16; do
    target=$([ "$shards" = 1 ] && echo "$M1" || echo "$M16")
    for c in 8 32 64; do
      out=$(run "$target" "$c" "$DURATION")
      echo "$out" > "$OUT/wrk-$shards-$c.txt"
      rps=$(echo "$out" | awk '/^Requests\/sec/ {printf "%.0f", $2}')
      p50=$(ms "$(echo "$out" | awk '$1 == "50%" {print $2}')")
      p99=$(ms "$(echo "$out" | awk '$1 == "99%" {print $2}')")
      errors=$(echo "$out" | awk '/Non-2xx/ {print $5}'); errors=${errors:-0}
      RATE[$shards-$c]=$rps
      echo "| $shards | $c | $rps | $p50 | $p99 | $errors |"
    done
  done
  echo
  for c in 8 32 64; do
    awk -v c="$c" -v a="${RATE[16-$c]}" -v b="${RATE[1-$c]}" \
      'BEGIN { printf "sharded/unsharded at %d connections: %.2fx\n", c, a / b }'
  done
} | tee "$OUT/merchant-bench.md"

recon=$(curl -sf "$BASE/v1/reconciliation" -H "Authorization: Bearer $OPS")
echo "reconciliation: $recon"
echo "$recon" | grep -q '"mismatches":\[\]' || { echo "RECONCILIATION FAILED" >&2; exit 1; }
