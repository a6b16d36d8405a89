#!/usr/bin/env bash
# The history filters benchmark: WALLETS wallets (default 10,000,000) and one busy wallet with
# ENTRIES more entries (default 1,000,000): deposits, then 1,300 transfers out through the API
# (1,200 of them for the same "rent" reference, 100 for an order each), then deposits again, so the
# rare kinds and references sit in the middle of its history. For each filter of
# GET /v1/accounts/{id}/entries the report gives the latency of 20 reads (the owner's, one at a
# time) and the plans PostgreSQL ran for the last of them (auto_explain, with actual rows and
# buffers), as docs/statements.md shows them.
#
#   bench/history.sh [--wallets N] [--entries N] [--keep]
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust) whose server log is
# /var/log/postgresql/postgresql-<version>-main.log (Debian's), run as root or postgres to read it.
# Uses its own database, ledger_history_bench, dropped at the start and at the end (kept with
# --keep, to look at plans by hand); the report goes to bench/out/history.
set -euo pipefail
cd "$(dirname "$0")/.."
WALLETS=10000000 ENTRIES=1000000 KEEP=false
while [ $# -gt 0 ]; do
  case "$1" in
    --wallets) WALLETS=$2; shift 2 ;;
    --entries) ENTRIES=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DB=ledger_history_bench PORT=18097 OUT=bench/out/history BUSY=1
SERVER_LOG=$(ls /var/log/postgresql/postgresql-*-main.log | sort -V | tail -1)
log() { echo "[history] $*" >&2; }
. bench/service.sh
start_service

log "loading $WALLETS wallets..."
started=$(date +%s)
as_admin -v wallets="$WALLETS" -v opening=1000000000 -f bench/load.sql
log "loaded in $(( $(date +%s) - started )) s"
owner=$(bin/dev-token $BUSY --ttl 7200)

book_deposits() {
  psql -h 127.0.0.1 -U "$LEDGER_DB_OWNER" -d "$DB" -q -v wallet=$BUSY -v count="$1" \
    -f bench/deposits-of-one.sql
}
transfer() { # transfer <to> <amount> <reference>
  curl -sf -o /dev/null -X POST "$BASE/v1/transfers" -H "Authorization: Bearer $owner" \
    -H "Idempotency-Key: history-bench-$1-$3-$RANDOM$RANDOM" -H 'Content-Type: application/json' \
    -d "{\"fromAccountId\":$BUSY,\"toAccountId\":$1,\"amount\":$2,\"reference\":\"$3\"}"
}
log "booking $(( ENTRIES / 2 )) deposits to wallet $BUSY..."
book_deposits $(( ENTRIES / 2 ))
log "1,300 transfers out of wallet $BUSY through the API..."
for i in $(seq 1 1200); do transfer $(( i + 1 )) $(( 100 + i )) rent; done
for i in $(seq 1 100); do transfer $(( i + 1 )) $(( 5000 + i )) "order-$i"; done
log "booking $(( ENTRIES - ENTRIES / 2 )) more deposits..."
book_deposits $(( ENTRIES - ENTRIES / 2 ))
as_admin -c "ANALYZE"
entries=$(as_admin -c "SELECT count(*) FROM ledger_entry WHERE account_id = $BUSY")
instant_at() { # the time of the busy wallet's entry at a fraction of its history, oldest first
  as_admin -c "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')
    FROM ledger_entry WHERE account_id = $BUSY ORDER BY created_at, id
    OFFSET (SELECT count(*) * $1 / 100 FROM ledger_entry WHERE account_id = $BUSY) LIMIT 1"
}
from=$(instant_at 40) to=$(instant_at 41)
read_page() { # read_page <query>: status, seconds and the number of entries of one page of 20
  curl -s -H "Authorization: Bearer $owner" -w '\n%{http_code} %{time_total}\n' \
    "$BASE/v1/accounts/$BUSY/entries?limit=20&$1" \
    | awk 'NR == 1 { n = gsub(/"entryId"/, "") } NR == 2 { print $1, $2, n }'
}
cursor=$(curl -sf -H "Authorization: Bearer $owner" \
  "$BASE/v1/accounts/$BUSY/entries?direction=out&limit=20" \
  | sed 's/.*"nextCursor":"\([^"]*\)".*/\1/')
FILTERS=(
  "none||"
  "type=TRANSFER|type=TRANSFER|"
  "direction=out|direction=out|"
  "direction=out, second page|direction=out&cursor=$cursor|"
  "type=DEPOSIT&direction=in|type=DEPOSIT&direction=in|"
  "from, to: 1 % of the history|from=$from&to=$to|"
  "minAmount=1&maxAmount=1|minAmount=1&maxAmount=1|"
  "minAmount=2 (ends short)|minAmount=2|"
  "reference=order-17 (rare)|reference=order-17|"
  "reference=rent (1,200 uses)|reference=rent|"
  "type=TRANSFER&minAmount=5000|type=TRANSFER&minAmount=5000|"
)
# The first requests pay for the JIT and the pool: a few unmeasured rounds of every filter first.
for _ in 1 2 3 4 5; do for f in "${FILTERS[@]}"; do IFS='|' read -r _ query _ <<< "$f"; read_page "$query" > /dev/null; done; done

{
  echo "History filters: $WALLETS wallets, a busy wallet of $entries entries, $(nproc) cores, $(date -u +%F)"
  echo
  echo "| filter | entries on the page | p50 ms | max ms (20 reads) |"
  echo "|---|---:|---:|---:|"
} > "$OUT/report.md"
for f in "${FILTERS[@]}"; do
  IFS='|' read -r label query _ <<< "$f"
  : > "$OUT/times.txt"
  for _ in $(seq 1 20); do read_page "$query" >> "$OUT/times.txt"; done
  awk '$1 != 200 { bad = 1 } END { exit bad }' "$OUT/times.txt" \
    || { log "a read of '$label' was not 200"; exit 1; }
  sort -k2 -n "$OUT/times.txt" | awk -v label="$label" '
    { t[NR] = $2 * 1000; n = $3 }
    END { printf "| %s | %d | %.1f | %.1f |\n", label, n, t[int((NR + 1) / 2)], t[NR] }' \
    >> "$OUT/report.md"
done

# Then every statement of this database logs its plan with actual rows and buffers (auto_explain,
# which costs time of its own, so none of the reads above ran with it); the service reconnects so
# that its sessions load it.
as_admin -c "ALTER DATABASE $DB SET session_preload_libraries = 'auto_explain'"
for setting in "log_min_duration = 0" "log_analyze = on" "log_buffers = on"; do
  as_admin -c "ALTER DATABASE $DB SET auto_explain.$setting"
done
stop_service
start_service
: > "$OUT/plans.md"
for f in "${FILTERS[@]}"; do
  IFS='|' read -r label query _ <<< "$f"
  # Past the first five executions of a statement PostgreSQL may settle on a generic plan: the
  # eighth is kept, as steady reads run it.
  for _ in 1 2 3 4 5 6 7; do read_page "$query" > /dev/null; done
  offset=$(stat -c %s "$SERVER_LOG")
  read_page "$query" > /dev/null
  sleep 0.5
  {
    echo "### $label"
    echo
    echo '```'
    # The plans logged for that read: each from its "plan:" line while lines continue it.
    tail -c +"$(( offset + 1 ))" "$SERVER_LOG" | awk '
      function flush() { if (keep && block ~ /ledger_entry/) printf "%s", block; keep = 0 }
      /LOG:  duration: .* plan:/ { flush(); keep = 1; block = ""; next }
      keep && /^\t/ { block = block substr($0, 2) "\n"; next }
      { flush() }
      END { flush() }'
    echo '```'
    echo
  } >> "$OUT/plans.md"
done
cat "$OUT/report.md"
log "plans: $OUT/plans.md"
