#!/usr/bin/env bash
# A private PostgreSQL 15 cluster on 127.0.0.1 for tests and benchmarks.
#   scripts/pg.sh start   -> prints the DATABASE_URL to use (creates the cluster on first use)
#   scripts/pg.sh stop
#   scripts/pg.sh status -> exit 0 when it is running
#   scripts/pg.sh url
# PGTEST_DIR (default /tmp/activity-mobile-pg) and PGTEST_PORT (default 54329) place it.
set -euo pipefail
dir=${PGTEST_DIR:-/tmp/activity-mobile-pg}
port=${PGTEST_PORT:-54329}
url="postgres://postgres@127.0.0.1:${port}/postgres"

bin() {
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  local found
  found=$(ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] || { echo "scripts/pg.sh: $1 not found (apt-get install -y postgresql)" >&2; exit 1; }
  echo "$found"
}

# The server programs refuse to run as root: run them as the postgres user when we are root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  else
    "$@"
  fi
}

start() {
  local initdb pg_ctl
  initdb=$(bin initdb); pg_ctl=$(bin pg_ctl)
  if [ ! -s "$dir/data/PG_VERSION" ]; then
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if ! as_owner "$pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    as_owner "$pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c max_connections=300" start >/dev/null
  fi
  echo "$url"
}

stop() {
  local pg_ctl
  pg_ctl=$(bin pg_ctl)
  if [ -s "$dir/data/PG_VERSION" ]; then
    as_owner "$pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

status() {
  local pg_ctl
  pg_ctl=$(bin pg_ctl)
  [ -s "$dir/data/PG_VERSION" ] && as_owner "$pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

case "${1:-}" in
  start) start ;;
  status) status ;;
  stop) stop ;;
  url) echo "$url" ;;
  *) echo "usage: scripts/pg.sh start|stop|status|url" >&2; exit 2 ;;
esac
