#!/usr/bin/env bash
# Starts a PostgreSQL server on 127.0.0.1:5433 for the store tests, with an empty database
# `spieltisch_test` (trust authentication on loopback; fsync and synchronous_commit on, as
# in production, so the durability figures are real).
# Usage: .ci/postgres.sh start DIR | .ci/postgres.sh stop DIR
# Everything lives in DIR (the cluster, its socket, its log). Run as root, the server runs as
# the `postgres` user (PostgreSQL refuses root), so DIR should be somewhere it may write (/tmp).
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?directory}
port=5433

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "no PostgreSQL server found (Debian: apt-get install postgresql)" >&2
  exit 1
fi
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  exit 0
  ;;
start) ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

if [ -f "$dir/data/postmaster.pid" ]; then
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
fi
rm -rf "$dir"
mkdir -p "$dir"
if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
  >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=on -c synchronous_commit=on" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
as_owner "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
  -c "CREATE DATABASE spieltisch_test"
echo "postgres ready on 127.0.0.1:$port (database spieltisch_test)"
