#!/usr/bin/env bash
# Starts three Synapse homeservers for the Matrix integration tests and registers an admin on
# each (`admin`, password `test-admin`), with which every test makes accounts of its own — its
# bot and its players (tests/support/matrix.rs, `Accounts`) — so that the tests run side by side:
#   127.0.0.1:8008 (DIR)                 rate limits lifted (tests send a board after every move);
#   127.0.0.1:8009 (DIR/default-limits)  Synapse's default message rate limit (rc_message 0.2/s,
#                                        burst 10; other limits lifted), for the rate-limit test;
#   127.0.0.1:8010 (DIR/all-defaults)    Synapse's default rate limits, all but the two the
#                                        tests need to make and log in accounts (rc_login,
#                                        rc_registration), for the tournament benchmark (which
#                                        exempts its bot as the operator guide says).
# Passwords are hashed with 4 bcrypt rounds instead of 12: each test makes and logs in several
# accounts, and at 12 rounds every hash costs Synapse up to a second of CPU.
# `start` on a running server whose configuration it had to complete restarts that server.
# Usage: .ci/synapse.sh start DIR | .ci/synapse.sh stop DIR
# Everything lives in DIR (a virtual environment, the configs, SQLite, the logs).
set -euo pipefail
cmd=${1:?start or stop}
dir=$(mkdir -p "${2:?directory}" && cd "$2" && pwd)

stop_one() { # DIR
  # Synapse manages (and removes) its own pid file, so find the process by its config path.
  pkill -f -- "--config-path $1/hs.yaml" 2>/dev/null || true
  for _ in $(seq 1 20); do
    pgrep -f -- "--config-path $1/hs.yaml" >/dev/null || return 0
    sleep 0.5
  done
  pkill -9 -f -- "--config-path $1/hs.yaml" 2>/dev/null || true
}

case "$cmd" in
stop)
  stop_one "$dir/all-defaults"
  stop_one "$dir/default-limits"
  stop_one "$dir"
  exit 0
  ;;
start) ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

if [ ! -x "$dir/venv/bin/python" ]; then
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/pip" install --quiet --disable-pip-version-check matrix-synapse
fi
venv="$dir/venv"

start_one() { # DIR PORT lifted|messages|defaults (the rate limits: see the top)
  local home=$1 port=$2 limits=$3
  mkdir -p "$home"
  if [ ! -f "$home/hs.yaml" ]; then
    (cd "$home" && "$venv/bin/python" -m synapse.app.homeserver --server-name localhost \
      --config-path hs.yaml --generate-config --report-stats=no >/dev/null)
    sed -i "s/port: 8008/port: $port/" "$home/hs.yaml"
    # The generated file ends without a newline: start the additions on a line of their own.
    echo >> "$home/hs.yaml"
    if [ "$limits" = lifted ]; then
      echo "rc_message: {per_second: 1000, burst_count: 1000}" >> "$home/hs.yaml"
    fi
    cat >> "$home/hs.yaml" <<YAML
rc_login:
  address: {per_second: 1000, burst_count: 1000}
  account: {per_second: 1000, burst_count: 1000}
  failed_attempts: {per_second: 1000, burst_count: 1000}
rc_registration: {per_second: 1000, burst_count: 1000}
YAML
    if [ "$limits" != defaults ]; then
      cat >> "$home/hs.yaml" <<YAML
rc_joins:
  local: {per_second: 1000, burst_count: 1000}
  remote: {per_second: 1000, burst_count: 1000}
rc_invites:
  per_room: {per_second: 1000, burst_count: 1000}
  per_user: {per_second: 1000, burst_count: 1000}
  per_issuer: {per_second: 1000, burst_count: 1000}
rc_joins_per_room: {per_second: 1000, burst_count: 1000}
rc_3pid_validation: {per_second: 1000, burst_count: 1000}
rc_media_create: {per_second: 1000, burst_count: 1000}
rc_presence:
  per_user: {per_second: 1000, burst_count: 1000}
rc_delayed_event_mgmt: {per_second: 1000, burst_count: 1000}
YAML
    fi
  fi
  # Repair a file written before that newline: its `rc_message` line was glued to a comment.
  sed -i 's/^\(# vim:ft=yaml\)rc_message:/\1\nrc_message:/' "$home/hs.yaml"
  if ! grep -q '^bcrypt_rounds:' "$home/hs.yaml"; then
    echo "bcrypt_rounds: 4" >> "$home/hs.yaml"
    # Synapse reads its configuration only when it starts.
    stop_one "$home"
  fi
  if curl -fsS "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null 2>&1; then
    echo "synapse already running on $port"
  else
    (cd "$home" && exec nohup "$venv/bin/python" -m synapse.app.homeserver \
      --config-path "$home/hs.yaml" > homeserver.out 2>&1 < /dev/null) &
    for _ in $(seq 1 60); do
      curl -fsS "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null 2>&1 && break
      sleep 1
    done
    curl -fsS "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null
  fi
  (cd "$home" && "$venv/bin/register_new_matrix_user" -c hs.yaml -u admin -p test-admin \
    --admin "http://127.0.0.1:$port" >/dev/null 2>&1) || true
  echo "synapse ready on http://127.0.0.1:$port (rate limits: $limits)"
}

start_one "$dir" 8008 lifted
start_one "$dir/default-limits" 8009 messages
start_one "$dir/all-defaults" 8010 defaults
