# Sourced by bin/run and the benchmarks: the two database roles the service expects on a local
# PostgreSQL (docs/operations.md). The owner role (LEDGER_DB_OWNER, default ledger_owner) owns the
# database and migrates the schema; the runtime role (LEDGER_DB_USER, default ledger_app) is what
# the service connects as, owning nothing. Both are created with LOGIN and no password, for the
# trust authentication of a local server; production creates them with passwords (or certificates).
: "${LEDGER_DB_HOST:=127.0.0.1}"
: "${LEDGER_DB_OWNER:=ledger_owner}"
: "${LEDGER_DB_USER:=ledger_app}"
export LEDGER_DB_OWNER LEDGER_DB_USER

ledger_psql() { psql -h "$LEDGER_DB_HOST" -U "${LEDGER_DB_ADMIN:-postgres}" -v ON_ERROR_STOP=1 -qtA "$@"; }

ensure_ledger_roles() {
  for role in "$LEDGER_DB_OWNER" "$LEDGER_DB_USER"; do
    ledger_psql -d postgres -c "DO \$\$ BEGIN CREATE ROLE \"$role\" LOGIN;
      EXCEPTION WHEN duplicate_object THEN NULL; END \$\$"
  done
}

# ensure_ledger_database <name>: creates it owned by the owner role, or hands an existing one (made
# by an earlier version as the superuser) to the owner role, tables and functions included.
ensure_ledger_database() {
  local db=$1 owner
  ensure_ledger_roles
  owner=$(ledger_psql -d postgres -c "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '$db'")
  if [ -z "$owner" ]; then
    ledger_psql -d postgres -c "CREATE DATABASE \"$db\" OWNER \"$LEDGER_DB_OWNER\""
  elif [ "$owner" != "$LEDGER_DB_OWNER" ]; then
    echo "handing database '$db' (owned by $owner) to $LEDGER_DB_OWNER" >&2
    ledger_psql -d postgres -c "ALTER DATABASE \"$db\" OWNER TO \"$LEDGER_DB_OWNER\""
    ledger_psql -d "$db" -c "DO \$\$ DECLARE r record; BEGIN
      FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('ALTER TABLE public.%I OWNER TO %I', r.tablename, '$LEDGER_DB_OWNER');
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS f FROM pg_proc p
          JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', r.f, '$LEDGER_DB_OWNER');
      END LOOP; END \$\$"
  fi
}
