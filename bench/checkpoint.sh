#!/usr/bin/env bash
# Signed checkpoints at scale (docs/proofs.md): WALLETS wallets (default 10,000,000) loaded as
# bench/run.sh loads them, then, in one run:
#   1. DURATION seconds (default 60) of uniform transfers at CONNECTIONS (default 32), no checkpoint;
#   2. the first checkpoint, alone: its time (the books' check, the snapshot's tree, every leaf
#      written), the JVM's heap at its highest while it ran (sampled each second) against before;
#   3. DURATION seconds of the same transfers with a second checkpoint built meanwhile (it starts
#      with them): the transfers' rate against row 1, and the checkpoint's time;
#   4. 20 proofs of random wallets (GET /v1/accounts/{id}/proof): p50 and max; one of them checked by
#      bin/verify-ledger.
# The service runs with a request timeout of an hour, so POST /v1/checkpoints may take as long as
# the build does (at the default ten seconds a checkpoint of millions of accounts is the job's).
#
#   bench/checkpoint.sh [--wallets N] [--duration S] [--connections C] [--keep]
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust) and wrk. Uses its own database,
# ledger_checkpoint_bench, dropped at the start and at the end (kept with --keep); the report goes
# to bench/out/checkpoint/report.md.
set -euo pipefail
cd "$(dirname "$0")/.."
WALLETS=10000000 DURATION=60 CONNECTIONS=32 PAYERS=2000 KEEP=false
while [ $# -gt 0 ]; do
  case "$1" in
    --wallets) WALLETS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DB=ledger_checkpoint_bench PORT=18097 OUT=bench/out/checkpoint
log() { echo "[checkpoint] $*" >&2; }
. bench/service.sh
start_service --ledger.request-timeout=PT1H --ledger.checkpoints.check-interval=PT24H

log "loading $WALLETS wallets..."
started=$(date +%s)
as_admin -v wallets="$WALLETS" -v opening=1000000000 -f bench/load.sql
as_admin -c "ANALYZE"
log "loaded in $(( $(date +%s) - started )) s"
shuf -i "1-$WALLETS" -n "$PAYERS" | java bench/Tokens.java 86400 > "$OUT/payers.txt"
operator=$(bin/dev-token 1 --operator --ttl 86400)

heap_mb() {
  curl -sf -H "Authorization: Bearer $operator" \
    "$BASE/actuator/metrics/jvm.memory.used?tag=area:heap" \
    | sed -E 's/.*"value":([0-9.E+]+).*/\1/' | awk '{ printf "%d", $1 / 1048576 }'
}
transfers() { # the RESULT line of DURATION seconds of uniform transfers
  MODE=uniform WALLETS=$WALLETS PAYERS=$OUT/payers.txt \
    wrk -t 4 -c "$CONNECTIONS" -d "${DURATION}s" --timeout 30s -s bench/transfer.lua "$BASE" 2>&1 \
    | grep '^RESULT' || { log "wrk gave no result"; exit 1; }
}
field() { sed -E "s/.* $1=([^ ]+).*/\1/" <<< "$2"; }
checkpoint() { # status and seconds of one POST /v1/checkpoints, the answer in $OUT/checkpoint.json
  curl -s -o "$OUT/checkpoint.json" -w '%{http_code} %{time_total}' -X POST \
    -H "Authorization: Bearer $operator" "$BASE/v1/checkpoints"
}

log "warming up: $DURATION s of transfers..."
transfers > /dev/null
as_admin -c "ANALYZE"
log "$DURATION s of transfers without a checkpoint..."
alone=$(transfers)

log "the first checkpoint..."
heap_before=$(heap_mb)
( while :; do heap_mb; echo; sleep 1; done ) > "$OUT/heap.txt" 2>/dev/null &
sampler=$!
first=$(checkpoint)
kill "$sampler" 2>/dev/null || true
[ "${first%% *}" = 201 ] || { log "the checkpoint answered $first"; cat "$OUT/checkpoint.json" >&2; exit 1; }
heap_max=$(sort -n "$OUT/heap.txt" | tail -1)
leaves_first=$(as_admin -c "SELECT count(*) FROM checkpoint_leaf")
chunks=$(as_admin -c "SELECT count(*) FROM checkpoint_chunk")
as_admin -c "ANALYZE"

log "$DURATION s of transfers with a checkpoint built meanwhile..."
checkpoint > "$OUT/second.txt" &
builder=$!
during=$(transfers)
wait "$builder"
second=$(cat "$OUT/second.txt")
[ "${second%% *}" = 201 ] || { log "the second checkpoint answered $second"; exit 1; }
leaves_second=$(( $(as_admin -c "SELECT count(*) FROM checkpoint_leaf") - leaves_first ))

log "20 proofs..."
: > "$OUT/proofs.txt"
for wallet in $(shuf -i "1-$WALLETS" -n 20); do
  curl -s -o "$OUT/proof.json" -w '%{http_code} %{time_total}\n' \
    -H "Authorization: Bearer $operator" "$BASE/v1/accounts/$wallet/proof" >> "$OUT/proofs.txt"
done
awk '$1 != 200 { bad = 1 } END { exit bad }' "$OUT/proofs.txt" || { log "a proof was not 200"; exit 1; }
curl -sf -H "Authorization: Bearer $operator" "$BASE/v1/checkpoints/public-keys" > "$OUT/keys.json"
verdict=$(bin/verify-ledger proof --keys "$OUT/keys.json" --proof "$OUT/proof.json")
[[ "$verdict" == valid:* ]] || { log "the verifier: $verdict"; exit 1; }

{
  echo "Checkpoints: $WALLETS wallets, $(nproc) cores, $(date -u +%F), build $(git rev-parse --short HEAD)"
  echo
  echo "| what | figure |"
  echo "|---|---:|"
  echo "| the first checkpoint, alone (check, tree, $leaves_first leaves and $chunks chunks written) | $(awk '{ printf "%.1f s", $2 }' <<< "$first") |"
  echo "| the JVM's heap before it / at its highest during it | $heap_before / $heap_max MB |"
  echo "| the second checkpoint, under $CONNECTIONS connections of transfers ($leaves_second changed leaves written) | $(awk '{ printf "%.1f s", $2 }' <<< "$second") |"
  echo "| transfers a second without a checkpoint / with one built meanwhile | $(field rps "$alone") / $(field rps "$during") |"
  echo "| transfers' p99 without / with, ms | $(field p99 "$alone") / $(field p99 "$during") |"
  sort -k2 -n "$OUT/proofs.txt" | awk '{ t[NR] = $2 * 1000 }
    END { printf "| GET /v1/accounts/{id}/proof, p50 / max of 20, ms | %.0f / %.0f |\n", t[int((NR + 1) / 2)], t[NR] }'
  echo
  echo "Transfers: $DURATION s per row at $CONNECTIONS connections (wrk, bench/transfer.lua uniform)."
  echo "Without: \`$alone\`"
  echo "With: \`$during\`"
  echo "A proof checked by bin/verify-ledger: $verdict"
  echo
  echo "Tables: checkpoint_leaf $(as_admin -c "SELECT pg_size_pretty(pg_total_relation_size('checkpoint_leaf'))"), account $(as_admin -c "SELECT pg_size_pretty(pg_total_relation_size('account'))")."
} > "$OUT/report.md"
cat "$OUT/report.md"
