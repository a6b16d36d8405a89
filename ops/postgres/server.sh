# Sourced by the scripts that run PostgreSQL servers of their own (a replica, a failover drill):
# PG_BIN, the newest installed server binaries unless set, and as_server_user, which runs a
# command as the postgres OS user when run as root (PostgreSQL refuses to run as root), else as
# the caller. As root it runs the command from / (the caller's directory, a checkout in a mode-700
# temporary directory say, may be closed to the postgres user), so paths given to it are absolute.
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$PG_BIN/pg_ctl" ] || { echo "no PostgreSQL server binaries found; set PG_BIN" >&2; exit 1; }
as_server_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- env -C / "$@"; else "$@"; fi
}
server_owns() {
  if [ "$(id -u)" = 0 ]; then chown -R postgres: "$@"; fi
}
