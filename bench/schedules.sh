#!/usr/bin/env bash
# Scheduled transfers under load (docs/lifecycle.md): SCHEDULES runs (default 10,000) all due at the
# same instant, a few seconds after the service has started, each paying from one of WALLETS
# wallets (default 20,000, loaded as bench/run.sh loads them) to another. The service's own job
# (every ledger.schedules.check-interval, 5 s by default) runs them; the report gives how late each
# run was posted after its due time (p50, p99, max, from scheduled_execution), the rate at which
# they posted, and checks that each run posted exactly once and the books balance.
#
#   bench/schedules.sh [--schedules N] [--wallets N] [--keep]
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust). Uses its own database, ledger_schedules_bench,
# dropped at the start and at the end (kept with --keep); the report goes to
# bench/out/schedules/report.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SCHEDULES=10000 WALLETS=20000 KEEP=false
while [ $# -gt 0 ]; do
  case "$1" in
    --schedules) SCHEDULES=$2; shift 2 ;;
    --wallets) WALLETS=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DB=ledger_schedules_bench PORT=18098 OUT=bench/out/schedules
log() { echo "[schedules] $*" >&2; }
. bench/service.sh
start_service

log "loading $WALLETS wallets..."
as_admin -v wallets="$WALLETS" -v opening=1000000000 -f bench/load.sql
as_admin -c "ANALYZE"
operator=$(bin/dev-token 1 --operator --ttl 86400)

# Every run due at one instant, ten seconds from now: wallet i pays wallet i + WALLETS / 2.
due=$(date -u -d '+10 seconds' +%Y-%m-%dT%H:%M:%SZ)
log "$SCHEDULES runs due at $due"
as_admin -v schedules="$SCHEDULES" -v wallets="$WALLETS" -v due="$due" <<'SQL'
INSERT INTO scheduled_transfer (id, owner_id, from_account, to_account, amount, frequency,
    attempts, retry_every_s, status, due, next_attempt_at, failed_attempts, principal_id,
    idempotency_key, fingerprint, created_at)
SELECT gen_random_uuid(), p, p, (p + :wallets / 2 - 1) % :wallets + 1, 100, 'ONCE', 1, 0,
       'ACTIVE', :'due', :'due', 0, p, 'bench-schedule-' || g, repeat('0', 64), now()
FROM generate_series(1, :schedules) g, LATERAL (SELECT (g - 1) % (:wallets / 2) + 1 AS p) w;
ANALYZE scheduled_transfer;
SQL
started=$(date +%s)
until [ "$(as_admin -c "SELECT count(*) FROM scheduled_execution")" -ge "$SCHEDULES" ]; do
  [ $(( $(date +%s) - started )) -lt 600 ] || { log "not every run posted in 10 minutes"; exit 1; }
  sleep 1
done

read -r p50 p99 max rate <<< "$(as_admin -F ' ' -c "
  SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM at - due))::numeric, 2),
         round(percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM at - due))::numeric, 2),
         round(max(extract(epoch FROM at - due))::numeric, 2),
         round(count(*) / greatest(extract(epoch FROM max(at) - min(at)), 0.001)::numeric, 0)
  FROM scheduled_execution")"
posted=$(as_admin -c "SELECT count(*) FROM scheduled_execution WHERE outcome = 'POSTED'")
twice=$(as_admin -c "SELECT count(*) FROM (SELECT idempotency_key FROM journal_transaction
  WHERE idempotency_key LIKE 'schedule:%' GROUP BY idempotency_key HAVING count(*) > 1) d")
transfers=$(as_admin -c "SELECT count(*) FROM journal_transaction WHERE idempotency_key LIKE 'schedule:%'")
books=$(curl -sf -H "Authorization: Bearer $operator" "$BASE/v1/reconciliation" | grep -o '"mismatches":\[\]' || true)
interval=$(grep -o 'check-interval: ${LEDGER_SCHEDULES_CHECK_INTERVAL:[^}]*}' bootstrap/src/main/resources/application.yml | sed -E 's/.*:(PT[^}]*)\}/\1/')

{
  echo "# Scheduled transfers: $SCHEDULES runs due at once ($(date -u +%Y-%m-%d))"
  echo
  echo "$WALLETS wallets; every run due at $due; the service's job looks every $interval."
  echo
  echo "| lateness after the due time (s) p50 | p99 | max | runs posted per second |"
  echo "|---:|---:|---:|---:|"
  echo "| $p50 | $p99 | $max | $rate |"
  echo
  echo "- $posted of $SCHEDULES runs posted, $transfers transfers under schedule keys, $twice keys posted twice"
  echo "- books balance after: $([ -n "$books" ] && echo yes || echo NO)"
} | tee "$OUT/report.md"
[ "$posted" = "$SCHEDULES" ] && [ "$transfers" = "$SCHEDULES" ] && [ "$twice" = 0 ] && [ -n "$books" ]
