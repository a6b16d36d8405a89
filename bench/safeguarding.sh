#!/usr/bin/env bash
# The safeguarding check at scale: WALLETS wallets (default 10,000,000) loaded as bench/run.sh
# loads them, WITHDRAWALS withdrawals (default 200) completed through the API so that payouts are
# in transit, then a camt.053 end-of-day statement of the safeguarding account imported through
# POST /v1/bank-statements (with one credit nobody announced, and a closing balance one dong short,
# so the check after the import finds a shortfall and records its event). The report gives the
# import's time (the statement and the check after it), and the time of GET /v1/safeguarding
# (the first, then 20 more, one at a time), the account table's size, and the plan PostgreSQL ran
# for the check's largest sum, with actual rows and buffers.
#
#   bench/safeguarding.sh [--wallets N] [--withdrawals N] [--keep]
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust). Uses its own database, ledger_safeguarding_bench,
# dropped at the start and at the end (kept with --keep); the report goes to bench/out/safeguarding.
set -euo pipefail
cd "$(dirname "$0")/.."
WALLETS=10000000 WITHDRAWALS=200 KEEP=false
while [ $# -gt 0 ]; do
  case "$1" in
    --wallets) WALLETS=$2; shift 2 ;;
    --withdrawals) WITHDRAWALS=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DB=ledger_safeguarding_bench PORT=18098 OUT=bench/out/safeguarding
ACCOUNT=0071000123456 OPENING=1000000000
log() { echo "[safeguarding] $*" >&2; }
. bench/service.sh
start_service --ledger.bank.accounts.VND.holder-name="Example Wallet" \
  --ledger.bank.accounts.VND.account-number=$ACCOUNT

log "loading $WALLETS wallets..."
started=$(date +%s)
as_admin -v wallets="$WALLETS" -v opening=$OPENING -f bench/load.sql
log "loaded in $(( $(date +%s) - started )) s"
operator=$(bin/dev-token 1 --operator --ttl 7200)
call() { # call <token> <method> <path> [body]: the response body; fails unless 2xx
  curl -sf -X "$2" "$BASE$3" -H "Authorization: Bearer $1" \
    -H "Idempotency-Key: safeguarding-bench-$RANDOM$RANDOM$RANDOM" \
    -H 'Content-Type: application/json' ${4:+-d "$4"}
}
log "$WITHDRAWALS withdrawals, completed: payouts in transit..."
for i in $(seq 1 "$WITHDRAWALS"); do
  id=$(call "$(bin/dev-token "$i")" POST /v1/withdrawals "{\"accountId\":$i,\"amount\":1000}" \
    | sed 's/.*"withdrawalId":"\([^"]*\)".*/\1/')
  call "$operator" POST "/v1/withdrawals/$id/complete" '{}' > /dev/null
done
as_admin -c "ANALYZE"

# What the bank holds by the ledger now, less one dong: the statement's closing balance.
expected=$(call "$operator" GET "/v1/safeguarding?currency=VND" | sed 's/.*"expectedAtBank":\([0-9]*\).*/\1/')
credit=5000
closing=$(( expected + credit - 1 ))
cat > "$OUT/camt053.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.09"><BkToCstmrStmt><GrpHdr><MsgId>BENCH-MSG</MsgId><CreDtTm>2026-12-06T23:00:00Z</CreDtTm></GrpHdr><Stmt><Id>BENCH-STMT</Id><Acct><Id><Othr><Id>$ACCOUNT</Id></Othr></Id><Ccy>VND</Ccy></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="VND">$(( closing - credit ))</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-06</Dt></Dt></Bal><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="VND">$closing</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-06</Dt></Dt></Bal><Ntry><NtryRef>E1</NtryRef><Amt Ccy="VND">$credit</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-12-06</Dt></BookgDt><ValDt><Dt>2026-12-06</Dt></ValDt><AcctSvcrRef>BANK-1</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd></Ntry></Stmt></BkToCstmrStmt></Document>
XML
log "importing the statement (the check runs after it)..."
import=$(curl -s -o "$OUT/import.json" -w '%{http_code} %{time_total}' -X POST \
  "$BASE/v1/bank-statements" -H "Authorization: Bearer $operator" \
  -H "Idempotency-Key: safeguarding-bench-import" -H 'Content-Type: application/xml' \
  --data-binary "@$OUT/camt053.xml")
[ "${import%% *}" = 201 ] || { log "the import answered $import"; cat "$OUT/import.json" >&2; exit 1; }

check() { # the status and seconds of one GET /v1/safeguarding
  curl -s -o "$OUT/check.json" -w '%{http_code} %{time_total}\n' \
    -H "Authorization: Bearer $operator" "$BASE/v1/safeguarding?currency=VND"
}
first=$(check)
: > "$OUT/times.txt"
for _ in $(seq 1 20); do check >> "$OUT/times.txt"; done
printf '%s\n' "$first" | cat - "$OUT/times.txt" | awk '$1 != 200 { bad = 1 } END { exit bad }' \
  || { log "a check was not 200"; exit 1; }
grep -q '"difference":-1,' "$OUT/check.json" || { log "not one dong short:"; cat "$OUT/check.json" >&2; exit 1; }
events=$(as_admin -c "SELECT count(*) FROM outbox_event WHERE topic = 'ledger.safeguarding'")
[ "$events" = 1 ] || { log "$events shortfall events, not 1"; exit 1; }

{
  echo "Safeguarding check: $WALLETS wallets, $WITHDRAWALS payouts in transit, $(nproc) cores, $(date -u +%F), build $(git rev-parse --short HEAD)"
  echo
  echo "| what | ms |"
  echo "|---|---:|"
  echo "| import of the camt.053 (stored, matched, then the check) | $(awk '{ printf "%.0f", $1 * 1000 }' <<< "${import#* }") |"
  echo "| first GET /v1/safeguarding after it | $(awk '{ printf "%.0f", $2 * 1000 }' <<< "$first") |"
  sort -k2 -n "$OUT/times.txt" | awk '{ t[NR] = $2 * 1000 }
    END { printf "| GET /v1/safeguarding, p50 of 20 | %.0f |\n| GET /v1/safeguarding, max of 20 | %.0f |\n", t[int((NR + 1) / 2)], t[NR] }'
  echo
  echo "The account table: $(as_admin -c "SELECT pg_size_pretty(pg_table_size('account'))"), $(as_admin -c "SELECT count(*) FROM account") rows; one shortfall event in the outbox."
  echo
  echo "The check's largest sum (customer balances), as PostgreSQL ran it:"
  echo
  echo '```'
  as_admin -c "EXPLAIN (ANALYZE, BUFFERS) SELECT coalesce(sum(balance), 0)::bigint FROM account
    WHERE currency = 'VND' AND kind IN ('USER', 'MERCHANT', 'MERCHANT_SHARD')"
  echo '```'
} > "$OUT/report.md"
cat "$OUT/report.md"
