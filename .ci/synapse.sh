#!/usr/bin/env bash
# Starts a Synapse homeserver on 127.0.0.1:8008 for the Matrix integration test and registers
# the bot, three players and an admin (the rate-limit test puts the bot under Synapse's default
# message rate limit through the admin API). Usage: .ci/synapse.sh start DIR | .ci/synapse.sh stop DIR
# Everything lives in DIR (a virtual environment, the config, SQLite, the log).
set -euo pipefail
cmd=${1:?start or stop}
dir=$(mkdir -p "${2:?directory}" && cd "$2" && pwd)
port=8008

case "$cmd" in
stop)
  # Synapse manages (and removes) its own pid file, so find the process by its config path.
  pkill -f -- "--config-path $dir/hs.yaml" 2>/dev/null || true
  for _ in $(seq 1 20); do
    pgrep -f -- "--config-path $dir/hs.yaml" >/dev/null || exit 0
    sleep 0.5
  done
  pkill -9 -f -- "--config-path $dir/hs.yaml" 2>/dev/null || true
  exit 0
  ;;
start) ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

if [ ! -x "$dir/venv/bin/python" ]; then
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/pip" install --quiet --disable-pip-version-check matrix-synapse
fi
if [ ! -f "$dir/hs.yaml" ]; then
  (cd "$dir" && venv/bin/python -m synapse.app.homeserver --server-name localhost \
    --config-path hs.yaml --generate-config --report-stats=no >/dev/null)
  # Tests send a board after every move: lift the rate limits, allow registration by secret.
  # (The generated file ends without a newline: start the additions on a line of their own.)
  echo >> "$dir/hs.yaml"
  cat >> "$dir/hs.yaml" <<YAML
rc_message: {per_second: 1000, burst_count: 1000}
rc_login:
  address: {per_second: 1000, burst_count: 1000}
  account: {per_second: 1000, burst_count: 1000}
  failed_attempts: {per_second: 1000, burst_count: 1000}
rc_registration: {per_second: 1000, burst_count: 1000}
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
# Repair a file written before that newline: its `rc_message` line was glued to a comment.
sed -i 's/^\(# vim:ft=yaml\)rc_message:/\1\nrc_message:/' "$dir/hs.yaml"
if curl -fsS "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null 2>&1; then
  echo "synapse already running on $port"
else
  (cd "$dir" && exec nohup venv/bin/python -m synapse.app.homeserver --config-path "$dir/hs.yaml" \
    > homeserver.out 2>&1 < /dev/null) &
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null 2>&1 && break
    sleep 1
  done
  curl -fsS "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null
fi
for user in spieltisch alice bob carol; do
  (cd "$dir" && venv/bin/register_new_matrix_user -c hs.yaml -u "$user" -p "test-$user" \
    --no-admin "http://127.0.0.1:$port" >/dev/null 2>&1) || true
done
(cd "$dir" && venv/bin/register_new_matrix_user -c hs.yaml -u admin -p test-admin \
  --admin "http://127.0.0.1:$port" >/dev/null 2>&1) || true
echo "synapse ready on http://127.0.0.1:$port"
