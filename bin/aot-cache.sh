# Sourced by bin/run and bench/run.sh after the build: a warm start from JDK 25's ahead-of-time
# cache (JEP 483, 514, 515). The jar is extracted once per build (the cache does not cover classes
# loaded from a jar nested in the Boot jar) and a training run, which stops once the Spring context
# has refreshed, records the classes it loaded and linked into bootstrap/target/app/ledger.aot.
# The training run connects to the configured database like the service, so call it where the
# service itself would start. LEDGER_AOT_CACHE=false skips it (the plain jar runs instead).
# Afterwards LEDGER_LAUNCH holds the java arguments that start the service.
ledger_aot_cache() {
  local jar=bootstrap/target/bootstrap-0.1.0-SNAPSHOT.jar app=bootstrap/target/app
  local extracted=$app/bootstrap-0.1.0-SNAPSHOT.jar
  if [ "${LEDGER_AOT_CACHE:-true}" = false ]; then
    LEDGER_LAUNCH=(-jar "$jar")
    return
  fi
  if [ ! -f "$app/ledger.aot" ] || [ "$jar" -nt "$app/ledger.aot" ]; then
    rm -rf "$app"
    java -Djarmode=tools -jar "$jar" extract --destination "$app" >/dev/null
    echo "Training run for the AOT cache (once per build)..." >&2
    # shellcheck disable=SC2086 # the options are words
    java $LEDGER_JAVA_OPTS -XX:AOTCacheOutput="$app/ledger.aot" -Dspring.context.exit=onRefresh \
      -jar "$extracted" > "$app/training.log" 2>&1 \
      || { echo "the AOT training run failed (see $app/training.log)" >&2; return 1; }
  fi
  LEDGER_LAUNCH=(-XX:AOTCache="$app/ledger.aot" -jar "$extracted")
}
