#!/usr/bin/env bash
# The partitioned journal's migration (ADR 0012) on a big database: an earlier release creates its
# schema, the benchmark's loader fills it with N wallets, then this build starts on it and
# migrates it. Checks that every entry is still there unchanged (count, sum and a hash of every
# row), that the books reconcile, and prints the migration's time and the history plans.
#
#   ops/partitions/upgrade-check.sh                        10,000,000 wallets from f222ea0
#   ops/partitions/upgrade-check.sh --wallets 100000 --from <git revision> [--keep]
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust) and about 6 GB of disk for 10 million wallets;
# --keep leaves the database (ledger_upgrade_check) for a look afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
WALLETS=10000000 FROM=f222ea0 KEEP=false
while [ $# -gt 0 ]; do
  case $1 in
    --wallets) WALLETS=$2; shift 2 ;;
    --from) FROM=$2; shift 2 ;;
    --keep) KEEP=true; shift ;;
    *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
DB=ledger_upgrade_check PORT=18090
log() { echo "[upgrade-check] $*" >&2; }
. bin/java-env.sh
. bin/db-roles.sh
. bin/dev-secret.sh
sql() { psql -h 127.0.0.1 -U postgres -d "$DB" -v ON_ERROR_STOP=1 -qtA "$@"; }

work=$(mktemp -d)
trap 'kill $SERVICE 2>/dev/null || true; rm -rf "$work"' EXIT
SERVICE=
log "building $FROM and this checkout..."
mkdir "$work/old"
git archive "$FROM" | tar -x -C "$work/old"
(cd "$work/old" && ./mvnw -B -q -ntp -pl bootstrap -am package -DskipTests \
  -Dspotless.check.skip -Djacoco.skip)
./mvnw -B -q -ntp -pl bootstrap -am package -DskipTests -Dspotless.check.skip -Djacoco.skip

# Starts a build's service on the database until it is healthy (its migrations done), then stops
# it; MIGRATED_IN is the seconds that took.
migrate_with() { # jar log
  local started
  started=$(date +%s)
  LEDGER_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" LEDGER_PORT=$PORT \
    LEDGER_SECURITY_MODE=local LEDGER_OUTBOX_RELAY_ENABLED=false LEDGER_BANK_GATEWAY=simulator \
    java -jar "$1" > "$2" 2>&1 &
  SERVICE=$!
  until curl -sf "http://127.0.0.1:$PORT/actuator/health" >/dev/null; do
    kill -0 "$SERVICE" 2>/dev/null || { log "the service stopped; see $2"; tail -40 "$2" >&2; exit 1; }
    sleep 2
  done
  kill "$SERVICE"; wait "$SERVICE" || true
  MIGRATED_IN=$(( $(date +%s) - started ))
}

# What must not change: the count, the sum and an order-independent hash of every entry's columns.
CONTENT="SELECT count(*) || ' entries, sum ' || sum(amount) || ', hash '
  || sum(hashtextextended(id || ',' || transaction_id || ',' || account_id || ',' || amount || ','
         || balance_after || ',' || created_at, 0)::numeric) FROM ledger_entry"
UNBALANCED="SELECT count(*) FROM account a LEFT JOIN (SELECT account_id, sum(amount) AS total
  FROM ledger_entry GROUP BY account_id) s ON s.account_id = a.id WHERE a.balance <> coalesce(s.total, 0)"

psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
ensure_ledger_database "$DB"
migrate_with "$(ls "$work"/old/bootstrap/target/bootstrap-*.jar | head -1)" "$work/old.log"
log "the schema of $FROM made in $MIGRATED_IN s"
log "loading $WALLETS wallets with $FROM's loader..."
started=$(date +%s)
sql -v wallets="$WALLETS" -v opening=1000000 -f "$work/old/bench/load.sql"
log "loaded in $(( $(date +%s) - started )) s"
before=$(sql -c "$CONTENT")
log "before: $before"

migrate_with "$(ls bootstrap/target/bootstrap-*.jar | head -1)" "$work/new.log"
log "this build started and migrated in $MIGRATED_IN s; Liquibase's own timing:"
grep -E "ChangeSet .*010.* ran successfully" "$work/new.log" | sed 's/.*ChangeSet/  ChangeSet/' >&2 || true
after=$(sql -c "$CONTENT")
log "after:  $after"
[ "$before" = "$after" ] || { log "ENTRIES CHANGED"; exit 1; }
unbalanced=$(sql -c "$UNBALANCED")
[ "$unbalanced" = 0 ] || { log "$unbalanced accounts do not reconcile"; exit 1; }
log "every entry unchanged, every account reconciles"
sql -c ANALYZE
PGDATABASE=$DB LEDGER_DB_OWNER=postgres ops/partitions/archive.sh --list >&2
log "sizes: $(sql -c "SELECT string_agg(t || ' ' || pg_size_pretty(pg_total_relation_size(t)), ', ')
  FROM unnest(array['account', 'journal_transaction', 'outbox_event']) t")"
wallet=$(( WALLETS / 2 ))
log "history plans for wallet $wallet (newest page, then a page after a cursor):"
sql -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id FROM ledger_entry e WHERE e.account_id = $wallet
  ORDER BY e.created_at DESC, e.id DESC LIMIT 21" >&2
sql -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id FROM ledger_entry e WHERE e.account_id = $wallet
  AND e.created_at <= now() - interval '1 day' AND (e.created_at, e.id) < (now() - interval '1 day', 1)
  ORDER BY e.created_at DESC, e.id DESC LIMIT 21" >&2
[ "$KEEP" = true ] || psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE $DB WITH (FORCE)"
