#!/usr/bin/env bash
# The ledger benchmark harness: loads N wallets into a fresh database, then measures the service
# over HTTP with wrk and the seed's raw SQL flow with pgbench, on the same database, at the same
# connection counts, and writes a report (markdown table, HTML chart, a profile's summary).
#
#   bench/run.sh                 10,000,000 wallets, 30 s per run, 8/32/64 connections
#   bench/run.sh --wallets 100000 --duration 15
#   bench/run.sh --scenarios "uniform hot"   only these of: uniform hot closed merchant campaign read bulk
#                                pgbench spike
#                                (closed: a dense economy, every transfer from one payer to another,
#                                so the same PAYERS wallets pay and are paid; --payers sets how many,
#                                2,000 by default; merchant: the payers paying one merchant with 16
#                                shards, opened through the API, where hot pays one plain wallet;
#                                campaign: the payers paying a merchant opened without shards,
#                                which the ledger splits by itself once it measures it hot; the
#                                decision is kept in hot-accounts.json)
#                                (and balance, history: the two halves of read on their own,
#                                and deposit: bank credits by the operator to random wallets, all
#                                against the one clearing account; withdraw and hold: payers'
#                                withdrawals and holds of 1 dong, all against the one hold
#                                account; payday: a third each deposits, withdrawals and uniform
#                                transfers, with fees when --fees; floor: the liveness probe with
#                                a token, what a request costs before it does anything; none run
#                                unless named)
#                                (bulk: batches of 100 transfers at an eighth of the connections,
#                                so as many transfers are in flight as 12.5 single-transfer
#                                connections; its rate counts the transfers posted)
#                                (the profile is recorded when the profiled scenario runs)
#   bench/run.sh --profiler async   profile with async-profiler (from Maven Central) instead of
#                                JFR: every thread's CPU, the JIT, the collector and the kernel's
#                                share included, summarised by bench/Profile.java
#   bench/run.sh --profiler none    no profile: every row measures the service alone
#   bench/run.sh --profile-scenario read   profile that scenario (uniform, hot, read, balance,
#                                history, floor, deposit, withdraw, hold or payday; uniform by default)
#                                instead of uniform transfers
#   bench/run.sh --smoke         seconds, not minutes: what CI runs so the harness cannot rot; its
#                                load-shedding bounds are raised (5 s), so that a stall of a busy CI
#                                machine is not read as a failure of the harness
#   bench/run.sh --instances 3   3 service processes behind HAProxy (ops/cluster/start.sh; needs
#                                haproxy) instead of one process on its own; their CPU and memory
#                                are summed, HAProxy's included. No profile.
#   bench/run.sh --traces        every trace sampled and exported by OTLP to a receiver on
#                                127.0.0.1:4318 (ops/otlp-sink, started here unless one answers
#                                there), with a span per statement: the cost of tracing, against
#                                a run without it (no endpoint: tracing off)
#   bench/run.sh --peer DIR      the seed's plain design (a copy of the peer service in DIR, run by
#                                its own run.sh) measured right after the service, on a database of
#                                its own, with PAYERS accounts at the same connections, duration and
#                                warm-up: its uniform transfers are the closed economy's peer
#                                (seed-closed), its hot ones the hot wallet's and the merchant's
#                                (seed-hot). DIR
#                                defaults to $SEED_REFERENCE; --peer none runs no peer
#   bench/run.sh --diagnose      where PostgreSQL's time goes in each measured row of the uniform,
#                                hot, closed and merchant scenarios, in bench/out/diagnosis.md: each
#                                statement's calls, rows and milliseconds per transfer
#                                (pg_stat_statements), the service's sessions' wait events sampled
#                                every 100 ms, commits, rollbacks and deadlocks per transfer, and the
#                                group-commit batches' sizes. Needs pg_stat_statements loaded:
#                                ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements',
#                                then restart PostgreSQL
#   bench/run.sh --monitors      one balance monitor (balance < 1000, which no transfer crosses) on
#                                every wallet: what watching costs posting, against a run without
#   bench/run.sh --fees          transfers pay a fee of 1 dong (ledger.fees.VND.fixed), a third
#                                leg to the fee revenue account, in every scenario of the run
#   bench/run.sh --dead-webhook  one webhook endpoint for every posted transaction, at a receiver
#                                that accepts connections and never answers (bench/BlackHole.java):
#                                what a dead endpoint costs posting, against a run without
#   bench/run.sh --dead-webhook-pairs 3   after the scenarios, at each connection count, 3 pairs
#                                of uniform rows in the same warm service, one without an endpoint
#                                (uniform-alone-N) and one with the dead endpoint registered for
#                                that row only (uniform-dead-N), the order alternating pair by pair
#                                (alone first, then dead first): the dead endpoint's cost without
#                                the spread between separate runs
#   LEDGER_GROUP_COMMIT_ENABLED=false bench/run.sh   the same with transfers posted one by one
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust), wrk and pgbench (apt-get install -y wrk
# postgresql-client), openssl. Fails unless every response was below 500 and the books reconcile.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/java-env.sh
. bin/dev-secret.sh
. bin/jvm-options.sh

WALLETS=10000000 DURATION=30 CONNECTIONS="8 32 64" PAYERS=2000 WARMUP=30 WARMUP_MAX=240 SPIKE=30
OPENING=1000000000
SHED_AFTER_MS=500 SCENARIOS="uniform hot closed merchant campaign read bulk pgbench spike" PROFILER=jfr
PROFILE_SCENARIO=uniform PEER=${SEED_REFERENCE:-none}
ASYNC_PROFILER_VERSION=4.2 INSTANCES=0 TRACES=false DIAGNOSE=false MONITORS=false DEAD_WEBHOOK=false FEES=false
DEAD_PAIRS=0
while [ $# -gt 0 ]; do
  case "$1" in
    --wallets) WALLETS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --payers) PAYERS=$2; shift 2 ;;
    --peer) PEER=$2; shift 2 ;;
    --scenarios) SCENARIOS=$2; shift 2 ;;
    --profiler) PROFILER=$2; shift 2 ;;
    --profile-scenario) PROFILE_SCENARIO=$2; shift 2 ;;
    --instances) INSTANCES=$2; PROFILER=none; shift 2 ;;
    --traces) TRACES=true; shift ;;
    --diagnose) DIAGNOSE=true; shift ;;
    --monitors) MONITORS=true; shift ;;
    --dead-webhook) DEAD_WEBHOOK=true; shift ;;
    --dead-webhook-pairs) DEAD_PAIRS=$2; shift 2 ;;
    --fees) FEES=true; shift ;;
    --smoke) WALLETS=2000 DURATION=3 CONNECTIONS="8" PAYERS=50 WARMUP=3 WARMUP_MAX=3 SPIKE=3
      SCENARIOS="$SCENARIOS deposit withdraw hold payday floor"
      SHED_AFTER_MS=5000
      shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $PROFILER =~ ^(jfr|async|none)$ ]] || { echo "--profiler is jfr, async or none" >&2; exit 2; }
[ "$INSTANCES" -eq 0 ] || [ "$PROFILER" = none ] \
  || { echo "--instances profiles nothing: drop --profiler" >&2; exit 2; }
[[ $PROFILE_SCENARIO =~ ^(uniform|hot|closed|merchant|read|balance|history|floor|deposit|withdraw|hold|payday)$ ]] || {
  echo "--profile-scenario is uniform, hot, closed, merchant, read, balance, history, floor, deposit, withdraw, hold or payday" >&2
  exit 2
}
[[ $PAYERS =~ ^[0-9]+$ && $PAYERS -ge 2 && $PAYERS -le $WALLETS ]] \
  || { echo "--payers is between 2 and the wallets loaded" >&2; exit 2; }
[ "$PEER" = none ] || [ -x "$PEER/run.sh" ] || { echo "--peer $PEER: no run.sh there" >&2; exit 2; }
for tool in wrk pgbench psql openssl; do
  command -v "$tool" >/dev/null || { echo "$tool is required (see the header of $0)" >&2; exit 1; }
done

PORT=18080 BASE=http://127.0.0.1:18080 DB=ledger_bench OUT=bench/out
mkdir -p "$OUT"
rm -f "$OUT/profile.jfr" "$OUT/profile.collapsed"
RESULTS=$OUT/results.tsv
printf 'scenario\tconnections\trps\tp50\tp95\tp99\tp999\tstatuses\tcpu_cores\trss_mb\tjvm_cpu_s_per_1k\tpg_cpu_s_per_1k\n' > "$RESULTS"
log() { echo "[bench] $*" >&2; }
runs() { [[ " $SCENARIOS " == *" $1 "* ]]; }

. bin/db-roles.sh
psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
ensure_ledger_database "$DB"
rm -f "$OUT/diagnosis.md"
if [ "$DIAGNOSE" = true ]; then
  [[ $(psql -h 127.0.0.1 -U postgres -Atc "SHOW shared_preload_libraries") == *pg_stat_statements* ]] || {
    echo "--diagnose needs pg_stat_statements loaded (see the header of $0)" >&2; exit 2; }
  psql -h 127.0.0.1 -U postgres -d "$DB" -qc "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
  printf '# Where PostgreSQL spends its time (%s)\n\n%s wallets, %s payers, %s s per row.\n' \
    "$(date -u +%Y-%m-%dT%H:%MZ)" "$WALLETS" "$PAYERS" "$DURATION" > "$OUT/diagnosis.md"
fi
./mvnw -B -q -ntp -DskipTests -Dspotless.check.skip install
PROFILER_OPTS=""
if [ "$PROFILER" = async ]; then
  ./mvnw -B -q -ntp dependency:copy -Dmdep.useBaseVersion=true -DoutputDirectory="$OUT" \
    -Dartifact="tools.profiler:async-profiler:$ASYNC_PROFILER_VERSION:jar:linux-x64"
  unzip -o -q -d "$OUT" "$OUT/async-profiler-$ASYNC_PROFILER_VERSION-linux-x64.jar" \
    linux-x64/libasyncProfiler.so
  ASYNC_PROFILER=$PWD/$OUT/linux-x64/libasyncProfiler.so
  PROFILER_OPTS=-XX:+EnableDynamicAgentLoading
fi
# A pool of 32 leaves room under PostgreSQL's default max_connections (100) for pgbench's 64
# clients. The relay is off (no broker here): the outbox grows, as it would during an outage.
# The request timeout is raised only so that the closing reconciliation (full scans of millions
# of entries) fits in one request; no measured request comes near either bound. The simulated
# bank logs each payout it is asked for at INFO: at the withdraw scenario's thousands a second the
# harness would measure that logging, so it logs warnings only.
export LOGGING_LEVEL_DEV_EWALLET_LEDGER_ADAPTER_BANKSIMULATOR=WARN
export LEDGER_DB_URL=jdbc:postgresql://127.0.0.1:5432/$DB LEDGER_PORT=$PORT LEDGER_DB_POOL_SIZE=32 \
  LEDGER_DB_CONNECTION_TIMEOUT_MS=$SHED_AFTER_MS \
  LEDGER_GROUP_COMMIT_MAX_QUEUE_WAIT=PT$(( SHED_AFTER_MS / 1000 )).$(( SHED_AFTER_MS % 1000 / 100 ))S \
  LEDGER_RATE_LIMIT_PER_USER_PER_SECOND=1000000 LEDGER_OUTBOX_RELAY_ENABLED=false \
  LEDGER_REQUEST_TIMEOUT=${LEDGER_REQUEST_TIMEOUT:-PT120S} \
  LEDGER_BANK_GATEWAY=simulator LEDGER_SECURITY_MODE=local
# The map key keeps its case only in JSON: relaxed binding would lower an environment variable's.
[ "$FEES" != true ] || export SPRING_APPLICATION_JSON='{"ledger":{"fees":{"VND":{"fixed":1}}}}'
if [ "$TRACES" = true ]; then
  if ! (exec 3<>/dev/tcp/127.0.0.1/4318) 2>/dev/null; then
    java ops/otlp-sink/OtlpSink.java --port 4318 --quiet > "$OUT/otlp-sink.log" 2>&1 &
    SINK=$!
    for _ in $(seq 1 30); do (exec 3<>/dev/tcp/127.0.0.1/4318) 2>/dev/null && break; sleep 1; done
  fi
  export OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318
fi
if [ "$INSTANCES" -gt 0 ]; then
  # N processes behind HAProxy on the harness's port, sharing the one pool size between them.
  rm -rf "$OUT/cluster"
  LEDGER_DB_POOL_SIZE=$(( 32 / INSTANCES > 10 ? 32 / INSTANCES : 10 )) \
    ops/cluster/start.sh --instances "$INSTANCES" --port "$PORT" --dir "$OUT/cluster" >&2
  trap 'ops/cluster/stop.sh --dir "$OUT/cluster"; [ -z "${SINK:-}" ] || kill $SINK; [ -z "${BLACK_HOLE:-}" ] || kill $BLACK_HOLE' EXIT
  JVMS=$(cat "$OUT"/cluster/instance-*.pid | tr '\n' ' ')
  SERVICE_PIDS="$JVMS $(cat "$OUT/cluster/haproxy.pid")"
else
  # The service starts as bin/run starts it: from the AOT cache of this build.
  . bin/aot-cache.sh
  ledger_aot_cache
  java $LEDGER_JAVA_OPTS $PROFILER_OPTS "${LEDGER_LAUNCH[@]}" > "$OUT/service.log" 2>&1 &
  SERVICE=$!
  trap 'kill $SERVICE ${SINK:-} ${BLACK_HOLE:-} 2>/dev/null || true; wait $SERVICE 2>/dev/null || true' EXIT
  for _ in $(seq 1 90); do curl -sf "$BASE/actuator/health" >/dev/null && break; sleep 1; done
  curl -sf "$BASE/actuator/health" >/dev/null || { log "the service did not start"; exit 1; }
  JVMS=$SERVICE SERVICE_PIDS=$SERVICE
fi

log "loading $WALLETS wallets..."
started=$(date +%s)
psql -h 127.0.0.1 -U postgres -d "$DB" -q -v wallets="$WALLETS" -v opening="$OPENING" -f bench/load.sql
log "loaded in $(( $(date +%s) - started )) s"

log "minting tokens for $PAYERS payers..."
shuf -i "1-$WALLETS" -n "$PAYERS" | java bench/Tokens.java 86400 > "$OUT/payers.txt"
HOT=$WALLETS
OPERATOR=$(bin/dev-token 1 --operator --ttl 86400)
open_merchant() { # owner [more JSON fields]: the new merchant's id
  curl -sf -X POST "$BASE/v1/accounts" -H "Authorization: Bearer $OPERATOR" \
    -H 'Content-Type: application/json' \
    -d "{\"currency\":\"VND\",\"kind\":\"MERCHANT\",\"ownerId\":$1${2:-}}" \
    | sed -E 's/.*"id":([0-9]+).*/\1/'
}
MERCHANT=0
if runs merchant; then
  MERCHANT=$(open_merchant $(( WALLETS + 100 )) ',"shards":16')
  log "merchant $MERCHANT opened with 16 shards"
fi
CAMPAIGN=0
if runs campaign; then
  CAMPAIGN=$(open_merchant $(( WALLETS + 101 )))
  log "campaign merchant $CAMPAIGN opened without shards"
fi

if [ "$MONITORS" = true ]; then
  psql -X -h 127.0.0.1 -U postgres -d "$DB" -q -c "INSERT INTO balance_monitor (account_id, field, operator, value,
      condition_met, created_by, created_at)
    SELECT id, 'balance', '<', 1000, false, 1, now() FROM account WHERE kind = 'USER';
    ANALYZE balance_monitor"
  log "one balance monitor on each wallet"
fi
# A webhook endpoint for every posted transaction at the receiver that never answers; its id.
dead_endpoint() {
  curl -sf -X POST "$BASE/v1/webhook-endpoints" -H "Authorization: Bearer $OPERATOR" \
    -H 'Content-Type: application/json' \
    -d '{"url":"http://127.0.0.1:18099/hook","eventTypes":["transaction.posted"]}' \
    | sed -E 's/^\{"id":([0-9]+).*/\1/'
}
if [ "$DEAD_WEBHOOK" = true ] || [ "$DEAD_PAIRS" -gt 0 ]; then
  java bench/BlackHole.java 18099 &
  BLACK_HOLE=$!
fi
if [ "$DEAD_WEBHOOK" = true ]; then
  dead_endpoint >/dev/null
  log "a webhook endpoint that never answers receives every posted transaction"
fi

# The service's CPU and memory: every process of it (the instances and HAProxy with --instances).
cpu_ticks() {
  for p in $SERVICE_PIDS; do cat "/proc/$p/stat"; done | awk '{t += $14 + $15} END {print t + 0}'
}
# PostgreSQL's CPU: every postgres process, plus the time of backends that have exited (pgbench's
# close at the end of its run), which the postmaster collects as its children's time.
pg_ticks() {
  local pids
  pids=" $(pgrep -x postgres | tr '\n' ' ') "
  # A backend can exit between pgrep and cat (a parallel worker, a client's short session): its
  # failed cat must not end the run (set -e and pipefail would, silently).
  for p in $pids; do cat "/proc/$p/stat" 2>/dev/null || true; done | awk -v pids="$pids" '
    { t += $14 + $15; if (index(pids, " " $4 " ") == 0) t += $16 + $17 } END { print t + 0 }'
}
rss_mb() {
  for p in $SERVICE_PIDS; do cat "/proc/$p/status"; done \
    | awk '/VmRSS/ {kb += $2} END {printf "%d", kb / 1024}'
}
wrk_run() { # scenario connections seconds
  local mode=$1 c=$2 d=$3 before after pg_before pg_after out line batches
  batches=$(batch_counters || echo "0 0 0 0")
  before=$(cpu_ticks)
  pg_before=$(pg_ticks)
  out=$(MODE=$mode WALLETS=$WALLETS TARGET=$HOT MERCHANT=$MERCHANT CAMPAIGN=$CAMPAIGN \
    PAYERS=$OUT/payers.txt \
    OPERATOR=$OPERATOR \
    wrk -t "$(( c < 4 ? c : 4 ))" -c "$c" -d "${d}s" --timeout 10s -s bench/transfer.lua "$BASE" 2>&1)
  after=$(cpu_ticks)
  pg_after=$(pg_ticks)
  line=$(echo "$out" | grep '^RESULT') || { echo "$out" >&2; exit 1; }
  echo "$line" | awk -v s="$4" -v c="$c" -v cpu="$(( after - before ))" -v d="$d" \
    -v pg="$(( pg_after - pg_before ))" -v hz="$(getconf CLK_TCK)" -v rss="$(rss_mb)" '{
      for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      n = v["rps"] * d
      printf "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%d\t%.3f\t%.3f\n", s, c, v["rps"], v["p50"],
        v["p95"], v["p99"], v["p999"], v["statuses"], cpu / hz / d, rss,
        (n > 0 ? cpu / hz / n * 1000 : 0), (n > 0 ? pg / hz / n * 1000 : 0) }' >> "$RESULTS"
  batch_row "$4" "$c" "$batches"
}
# What the group-commit writers did during a row (bench/out/batches.md): batches, requests per
# batch, and how a batch's time divides between its oldest request's wait in the queue (for a
# writer, or for a batch in flight on one of its accounts to end) and posting it.
BATCHES=$OUT/batches.md
rm -f "$BATCHES"
batch_row() { # label connections counters-before
  local b0 r0 q0 p0 b1 r1 q1 p1
  read -r b0 r0 q0 p0 <<<"$3"
  read -r b1 r1 q1 p1 <<<"$(batch_counters || echo "0 0 0 0")"
  [ -s "$BATCHES" ] || printf '%s\n%s\n' \
    "| row | connections | batches | requests per batch | queue wait ms per batch | posting ms per batch | queue-wait share |" \
    "|---|---:|---:|---:|---:|---:|---:|" > "$BATCHES"
  awk -v s="$1" -v c="$2" -v b=$(( b1 - b0 )) -v r=$(( r1 - r0 )) -v q="$q1" -v q0="$q0" \
    -v p="$p1" -v p0="$p0" 'BEGIN { if (b <= 0) exit
      printf "| %s | %d | %d | %.1f | %.2f | %.2f | %.0f %% |\n", s, c, b, r / b,
        (q - q0) * 1000 / b, (p - p0) * 1000 / b, 100 * (q - q0) / ((q - q0) + (p - p0)) }' >> "$BATCHES"
}
# --diagnose: what a measured row of the service cost PostgreSQL, statement by statement, and what
# its sessions waited for. diagnose_start resets the counters and starts sampling (one psql session
# polling pg_stat_activity every 100 ms, so the sampler costs a connection, not a process per
# sample); diagnose_end appends the row's section to diagnosis.md, per transfer of the row.
DIAGNOSIS=$OUT/diagnosis.md
PSQL_DB=(psql -X -h 127.0.0.1 -U postgres -d "$DB" -Atq)
db_counters() {
  "${PSQL_DB[@]}" -F ' ' -c "SELECT xact_commit, xact_rollback, deadlocks FROM pg_stat_database
    WHERE datname = current_database()"
}
batch_counters() { # batches posted, requests they carried, seconds queued, seconds posting
  curl -sf -H "Authorization: Bearer $OPERATOR" "$BASE/actuator/prometheus" | awk '
    /^ledger_posting_batch_size_count/ {n = $2} /^ledger_posting_batch_size_sum/ {s = $2}
    /^ledger_posting_batch_queue_wait_seconds_sum/ {q = $2}
    /^ledger_posting_batch_duration_seconds_sum/ {p = $2}
    END {printf "%d %d %.6f %.6f\n", n, s, q, p}'
}
diagnose_start() {
  "${PSQL_DB[@]}" -c "SELECT pg_stat_statements_reset()" >/dev/null
  DB_BEFORE=$(db_counters) BATCHES_BEFORE=$(batch_counters)
  printf '%s\n' "SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' (' || state || ')'
    FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle'
    AND pid <> pg_backend_pid()" '\watch 0.1' | "${PSQL_DB[@]}" > "$OUT/waits.txt" 2>/dev/null &
  SAMPLER=$!
}
diagnose_end() { # label connections
  local transfers
  kill "$SAMPLER"; wait "$SAMPLER" 2>/dev/null || true
  transfers=$(tail -n 1 "$RESULTS" | awk -F'\t' -v d="$DURATION" '{printf "%d", $3 * d}')
  [ "$transfers" -gt 0 ] || return 0
  {
    printf '\n## %s at %s connections: %s transfers\n\n' "$1" "$2" "$transfers"
    echo "| statement | calls / transfer | rows / transfer | ms / transfer | mean ms |"
    echo "|---|---:|---:|---:|---:|"
    "${PSQL_DB[@]}" -c "SELECT format('| %s | %s | %s | %s | %s |',
        replace(left(regexp_replace(query, '\s+', ' ', 'g'), 120), '|', '/'),
        round(calls::numeric / $transfers, 3), round(rows::numeric / $transfers, 3),
        round((total_exec_time / $transfers)::numeric, 4), round(mean_exec_time::numeric, 3))
      FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT 15"
    echo
    echo "| the service's sessions, sampled every 100 ms | share of samples |"
    echo "|---|---:|"
    grep -v '^$' "$OUT/waits.txt" | sort | uniq -c | sort -rn | head -12 \
      | awk '{n[NR] = $1; $1 = ""; w[NR] = substr($0, 2); t += n[NR]}
        END {for (i = 1; i <= NR; i++) printf "| %s | %.1f %% |\n", w[i], n[i] * 100 / t}'
    echo
    read -r commits rollbacks deadlocks <<<"$(db_counters)"
    read -r c0 r0 d0 <<<"$DB_BEFORE"
    read -r batches carried _ <<<"$(batch_counters)"
    read -r b0 t0 _ <<<"$BATCHES_BEFORE"
    awk -v n="$transfers" -v c=$(( commits - c0 )) -v r=$(( rollbacks - r0 )) -v d=$(( deadlocks - d0 )) \
      -v b=$(( batches - b0 )) -v t=$(( carried - t0 )) 'BEGIN {
        printf "Per transfer: %.3f commits, %.4f rollbacks (%d in all; retried and split batches, refused requests), %d deadlocks. ", c / n, r / n, r, d
        printf "Group-commit batches: %d, %.1f transfers each on average.\n", b, (b > 0 ? t / b : 0) }'
  } >> "$DIAGNOSIS"
}
pgbench_run() { # label hot connections seconds
  local label=$1 hot=$2 c=$3 d=$4 dir pg_before
  dir=$(mktemp -d)
  pg_before=$(pg_ticks)
  (cd "$dir" && pgbench -h 127.0.0.1 -U postgres -n -M prepared -c "$c" -j "$(( c < 2 ? c : 2 ))" \
      -T "$d" -D wallets="$WALLETS" -D hot="$hot" -f "$OLDPWD/bench/pgbench-transfer.sql" \
      -l "$DB" > out.txt 2>&1) || { cat "$dir/out.txt" >&2; exit 1; }
  cat "$dir"/pgbench_log.* | awk '{print $3 / 1000}' | sort -n | awk -v s="$label" -v c="$c" \
    -v tps="$(awk '/^tps/ {print $3; exit}' "$dir/out.txt")" -v d="$d" \
    -v pg="$(( $(pg_ticks) - pg_before ))" -v hz="$(getconf CLK_TCK)" '
      { l[NR] = $1 }
      END { printf "%s\t%d\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t-\t-\t-\t-\t%.3f\n", s, c, tps,
        l[int(NR*0.5)+1], l[int(NR*0.95)+1], l[int(NR*0.99)+1], l[int(NR*0.999)+1],
        (tps > 0 ? pg / hz / (tps * d) * 1000 : 0) }' >> "$RESULTS"
  rm -rf "$dir"
}

# The seed's plain design, by its own run.sh on a copy (the peer's folder may be read-only): its
# uniform transfers among PAYERS accounts are the closed economy's peer (seed-closed), its hot
# ones the hot account's (seed-hot). Each of its result lines ("uniform c=32 rps=... p50=...ms
# p99=...ms non2xx=0 socket_errors=0 cpu(java/pg/wrk/idle cores)=J / P / W / I") becomes a row,
# the JVM's and PostgreSQL's CPU per transfer worked out from the cores it measured. It fails, and
# so the harness, when its books do not balance.
peer_run() {
  local dir scenarios="" out
  ! runs closed || scenarios=uniform
  ! runs hot && ! runs merchant || scenarios="$scenarios hot"
  [ -n "$scenarios" ] || return 0
  dir=$(mktemp -d)
  cp -r "$PEER/." "$dir"
  log "the seed's code: $PAYERS accounts, $scenarios at $CONNECTIONS connections..."
  out=$("$dir/run.sh" -d seedref_bench -n "$PAYERS" -s "$scenarios" -c "$CONNECTIONS" \
    -t "$(( DURATION < 5 ? 5 : DURATION ))" -w "$WARMUP" 2>"$OUT/peer.log") \
    || { echo "$out" >&2; tail -20 "$OUT/peer.log" >&2; exit 1; }
  rm -rf "$dir"
  # Maven's colour codes may lead its first line.
  out=$(echo "$out" | sed 's/\x1b\[[0-9;]*m//g')
  echo "$out" > "$OUT/peer.md"
  echo "$out" | awk '/^(uniform|hot) c=[0-9]+ rps=/ {
      for (i = 2; i <= 7; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      sub(/^cores\)=/, "", $9)
      sub(/ms$/, "", v["p50"]); sub(/ms$/, "", v["p99"])
      rps = v["rps"] + 0
      printf "%s\t%d\t%.1f\t%s\t-\t%s\t-\t-\t%.2f\t-\t%.3f\t%.3f\n",
        ($1 == "hot" ? "seed-hot" : "seed-closed"), v["c"], rps, v["p50"], v["p99"], $9,
        (rps > 0 ? $9 / rps * 1000 : 0), (rps > 0 ? $11 / rps * 1000 : 0) }' >> "$RESULTS"
}

# PostgreSQL plans the service's statements (and the foreign-key checks of its inserts) once per
# connection, while the journal is nearly empty; autovacuum's ANALYZE re-plans them as the tables
# grow. Where autovacuum is off (as on some CI and dev images), the plans go stale and the entry
# inserts slow down as the journal grows: the harness would measure that, not the ledger (group
# commit at 32 connections: 502 transfers/s before an ANALYZE, 3,087 right after). So the harness
# runs autovacuum's ANALYZE itself between phases.
AUTOVACUUM=$(psql -h 127.0.0.1 -U postgres -d "$DB" -Atc "SHOW autovacuum")
settle() {
  if [ "$AUTOVACUUM" != on ]; then
    log "autovacuum is off on this server: running its ANALYZE"
    psql -h 127.0.0.1 -U postgres -d "$DB" -qc ANALYZE
  fi
}

# The JIT compiles the service's hot paths during the first minutes of load, and on two cores
# its compiler threads take a quarter of the JVM's CPU while it does (async-profiler, 2026-12-01):
# a run measured then measures the compiler. So the warm-up goes on, WARMUP seconds at a time,
# until a round spent less than 2 % of its time compiling (the JVM's java.ci.totalTime counter),
# or WARMUP_MAX seconds have passed; every measured run starts on a warm JVM.
jit_ms() { # summed over the service's JVMs
  for p in $JVMS; do
    jcmd "$p" PerfCounter.print | awk -F= '/^java.ci.totalTime=/ {t = $2}
      /^sun.os.hrt.frequency=/ {f = $2} END {printf "%d\n", (f > 0 ? t / f * 1000 : 0)}'
  done | awk '{ms += $1} END {printf "%d", ms}'
}
# When reads (or batches, or a bank flow) are measured, each round also runs them for WARMUP
# seconds, so that their path is compiled too (a first read profile, warmed by transfers only,
# spent 38 % in the compiler; a payday profile warmed by transfers only, 22 %).
WARMUP_MODES=uniform
! runs read && ! runs balance && ! runs history || WARMUP_MODES="$WARMUP_MODES read"
! runs bulk || WARMUP_MODES="$WARMUP_MODES bulk"
for mode in floor deposit withdraw hold payday; do
  ! runs $mode || WARMUP_MODES="$WARMUP_MODES $mode"
done
warmed=0
while [ "$warmed" -lt "$WARMUP_MAX" ]; do
  log "warming up the JVM and filling the pool (${warmed} s so far)..."
  jit_before=$(jit_ms)
  round=0
  for mode in $WARMUP_MODES; do
    # Batches warm at an eighth of the connections, as they are measured.
    case $mode in
      bulk) wrk_run bulk 4 "$WARMUP" warmup ;;
      *) wrk_run "$mode" 32 "$WARMUP" warmup ;;
    esac
    round=$(( round + WARMUP ))
  done
  warmed=$(( warmed + round ))
  compiled=$(( $(jit_ms) - jit_before ))
  log "  the JIT compiled for ${compiled} ms of those ${round} s"
  settle
  [ $(( compiled * 50 )) -ge $(( round * 1000 )) ] || break
done
profile() { # start | stop
  case "$PROFILER:$1" in
    jfr:start)
      jcmd "$SERVICE" JFR.start name=bench settings=profile filename="$PWD/$OUT/profile.jfr" ;;
    jfr:stop) jcmd "$SERVICE" JFR.stop name=bench ;;
    async:start)
      jcmd "$SERVICE" JVMTI.agent_load "$ASYNC_PROFILER" '"start,event=cpu,interval=1000000"' ;;
    async:stop)
      jcmd "$SERVICE" JVMTI.agent_load "$ASYNC_PROFILER" \
        "\"stop,file=$PWD/$OUT/profile.collapsed,collapsed,ann\"" ;;
  esac >/dev/null
}
# The profile is recorded during a run of its own (uniform transfers unless --profile-scenario
# says otherwise), at 32 connections (or the first count given), after the warm-up and before the
# measured runs: async-profiler cost the service 10 to 25 % of its rate at 32 connections here
# (2026-12-01), so no measured row is profiled.
PROFILE_AT=32
[[ " $CONNECTIONS " == *" 32 "* ]] || PROFILE_AT=${CONNECTIONS%% *}
if [ "$PROFILER" != none ] && runs "$PROFILE_SCENARIO"; then
  log "profiling a $PROFILE_SCENARIO run at $PROFILE_AT connections (not measured)..."
  profile start
  wrk_run "$PROFILE_SCENARIO" "$PROFILE_AT" "$DURATION" profiled
  profile stop
  settle
fi
measured_transfers() { # scenario connections
  if [ "$DIAGNOSE" = true ]; then
    diagnose_start
    wrk_run "$1" "$2" "$DURATION" "$1"
    diagnose_end "$1" "$2"
  else
    wrk_run "$1" "$2" "$DURATION" "$1"
  fi
}
for c in $CONNECTIONS; do
  log "$SCENARIOS at $c connections..."
  ! runs uniform || measured_transfers uniform "$c"
  ! runs hot || measured_transfers hot "$c"
  ! runs closed || measured_transfers closed "$c"
  ! runs merchant || measured_transfers merchant "$c"
  ! runs campaign || measured_transfers campaign "$c"
  ! runs read || wrk_run read "$c" "$DURATION" read
  ! runs balance || wrk_run balance "$c" "$DURATION" balance
  ! runs history || wrk_run history "$c" "$DURATION" history
  ! runs floor || wrk_run floor "$c" "$DURATION" floor
  ! runs bulk || wrk_run bulk "$(( c / 8 > 0 ? c / 8 : 1 ))" "$DURATION" bulk
  for mode in deposit withdraw hold payday; do ! runs $mode || wrk_run $mode "$c" "$DURATION" $mode; done
  if runs pgbench; then
    pgbench_run pgbench-uniform 0 "$c" "$DURATION"
    pgbench_run pgbench-hot "$HOT" "$c" "$DURATION"
  fi
  settle
  for pair in $(seq 1 "$DEAD_PAIRS"); do
    sides="alone dead"
    [ $(( pair % 2 )) -eq 1 ] || sides="dead alone"
    for side in $sides; do
      if [ "$side" = dead ]; then
        endpoint=$(dead_endpoint)
        log "pair $pair: a dead endpoint ($endpoint) for this row only"
      fi
      wrk_run uniform "$c" "$DURATION" "uniform-$side-$pair"
      if [ "$side" = dead ]; then
        curl -sf -X DELETE "$BASE/v1/webhook-endpoints/$endpoint" \
          -H "Authorization: Bearer $OPERATOR" >/dev/null
      fi
      settle
    done
  done
done
if runs spike; then
  log "spike: 4 connections, then 40 for ${SPIKE} s, then 4 again..."
  wrk_run uniform 4 "$SPIKE" spike-base
  wrk_run uniform 40 "$SPIKE" spike-10x
  wrk_run uniform 4 "$SPIKE" spike-after
fi

if [ "$PROFILER" = jfr ] && [ -f "$OUT/profile.jfr" ]; then
  jfr print --events jdk.ExecutionSample "$OUT/profile.jfr" \
    | awk '/stackTrace = \[/ { getline; sub(/^[ \t]+/, ""); sub(/line:.*/, ""); print }' \
    | sort | uniq -c | sort -rn | sed -n 1,20p > "$OUT/profile-summary.txt"
elif [ "$PROFILER" = async ] && [ -f "$OUT/profile.collapsed" ]; then
  java bench/Profile.java "$OUT/profile.collapsed" > "$OUT/profile-summary.txt"
else
  echo "(not profiled: --profiler none, or the profiled scenario did not run)" \
    > "$OUT/profile-summary.txt"
fi

if runs campaign; then
  curl -sf "$BASE/v1/hot-accounts?limit=100" -H "Authorization: Bearer $OPERATOR" \
    > "$OUT/hot-accounts.json"
  log "hot accounts: $(head -c 600 "$OUT/hot-accounts.json")"
fi
RECON=$(curl -sf "$BASE/v1/reconciliation" -H "Authorization: Bearer $(bin/dev-token 1 --operator)")
if [ "$PEER" != none ]; then
  # The service stops first, so that the peer has the machine to itself, as the service had.
  if [ "$INSTANCES" -gt 0 ]; then ops/cluster/stop.sh --dir "$OUT/cluster"; else kill $SERVICE; wait $SERVICE 2>/dev/null || true; fi
  peer_run
fi
java bench/Report.java "$RESULTS" "$OUT/profile-summary.txt" "$OUT" \
  "$WALLETS wallets, ${DURATION} s per run, $(nproc) cores, group commit ${LEDGER_GROUP_COMMIT_ENABLED:-true}$(
    [ "$INSTANCES" -eq 0 ] || echo ", $INSTANCES instances behind HAProxy")$(
    [ "$TRACES" = false ] || echo ", every trace exported by OTLP")$(
    [ "$MONITORS" = false ] || echo ", a balance monitor on every wallet")$(
    [ "$DEAD_WEBHOOK" = false ] || echo ", a dead webhook endpoint for every transaction")$(
    [ "$DEAD_PAIRS" -eq 0 ] || echo ", $DEAD_PAIRS pairs of uniform rows without and with a dead webhook endpoint")$(
    [ "$FEES" = false ] || echo ", a fee of 1 dong on every transfer")$(
    echo ", system accounts in ${LEDGER_SYSTEM_ACCOUNT_SHARDS:-8} shards, up to ${LEDGER_GROUP_COMMIT_MAX_WRITERS:-2} writers")" \
  "$RECON"
