# Sourced by the bin/ scripts and .ci/run: selects a JDK >= 25 when the default java is older.
# The build targets Java 25; machines of this kind ship JDK 17 as default and Temurin 25 beside it.
java_major() {
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}'
}
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ "$(java_major "$JAVA_HOME/bin/java")" -ge 25 ]; then
  :
elif command -v java >/dev/null 2>&1 && [ "$(java_major "$(command -v java)")" -ge 25 ]; then
  JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
else
  for candidate in /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25-* /usr/lib/jvm/*; do
    if [ -x "$candidate/bin/java" ] && [ "$(java_major "$candidate/bin/java")" -ge 25 ]; then
      JAVA_HOME=$candidate
      break
    fi
  done
fi
if [ -z "${JAVA_HOME:-}" ] || [ "$(java_major "$JAVA_HOME/bin/java")" -lt 25 ]; then
  echo "No JDK 25 or newer found: install one under /usr/lib/jvm or set JAVA_HOME." >&2
  exit 1
fi
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
