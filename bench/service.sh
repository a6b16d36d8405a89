# Sourced by the benchmarks that run one service of their own (bench/history.sh,
# bench/safeguarding.sh): makes database $DB afresh (dropped again on exit unless KEEP=true),
# builds the service, and starts and stops it on $PORT against $DB, its log in $OUT/service.log, as
# bin/run would in local mode, with the outbox relay off (no broker) and the rate limit out of the
# way. start_service passes its arguments to the service; as_admin runs psql on $DB as postgres.
mkdir -p "$OUT"
as_admin() { psql -h 127.0.0.1 -U postgres -d "$DB" -v ON_ERROR_STOP=1 -qtA "$@"; }
. bin/db-roles.sh
psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
ensure_ledger_database "$DB"
. bin/java-env.sh
. bin/dev-secret.sh
. bin/jvm-options.sh
BASE=http://127.0.0.1:$PORT
./mvnw -B -q -ntp -DskipTests -Dspotless.check.skip install
jar=$(ls bootstrap/target/bootstrap-*.jar | head -1)
service=
: > "$OUT/service.log"
start_service() {
  # shellcheck disable=SC2086 # the options are words
  LEDGER_DB_URL=jdbc:postgresql://127.0.0.1:5432/$DB LEDGER_PORT=$PORT LEDGER_SECURITY_MODE=local \
    LEDGER_OUTBOX_RELAY_ENABLED=false LEDGER_BANK_GATEWAY=simulator \
    LEDGER_RATE_LIMIT_PER_USER_PER_SECOND=1000000 \
    java $LEDGER_JAVA_OPTS -jar "$jar" "$@" >> "$OUT/service.log" 2>&1 &
  service=$!
  for _ in $(seq 1 120); do curl -sf "$BASE/actuator/health" >/dev/null && return; sleep 1; done
  echo "the service did not start: $OUT/service.log" >&2; exit 1
}
stop_service() {
  [ -z "$service" ] || { kill "$service" 2>/dev/null; wait "$service" 2>/dev/null || true; }
  service=
}
finish() {
  stop_service
  [ "$KEEP" = true ] || psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" || true
}
trap finish EXIT
