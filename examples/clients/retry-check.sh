#!/usr/bin/env bash
# Shows that a client using the published service config (deploy/service-config.json) retries a
# call the server shed: starts the given cardrules binary with room for one call at a time
# (--max-concurrent-calls 1) and its metrics endpoint, and runs the Go retry check
# (go/retrycheck/main.go says how the order of events is fixed and what it checks), built against
# Debian's Go packages like the Go client (go/build-debian.sh).
#
# usage: examples/clients/retry-check.sh path/to/cardrules
set -euo pipefail
bin=$(realpath "${1:?usage: examples/clients/retry-check.sh path/to/cardrules}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT
# The limits only stop a hung step; none decides a result.
timeout 900 bash "$here/go/build-debian.sh" "$work"
read -r port metrics_port < <(python3 -c '
import socket
a, b = socket.socket(), socket.socket()
a.bind(("127.0.0.1", 0)); b.bind(("127.0.0.1", 0))
print(a.getsockname()[1], b.getsockname()[1])')
"$bin" serve --listen "127.0.0.1:$port" --metrics-listen "127.0.0.1:$metrics_port" \
  --max-concurrent-calls 1 --log-format json >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  "$bin" healthcheck --addr "http://127.0.0.1:$port" --timeout-ms 500 >/dev/null 2>&1 && break
  sleep 0.2
done
rc=0
# grpc-go releases before 1.41 (Debian 12 has 1.33) retry only with GRPC_GO_RETRY=on.
GRPC_GO_RETRY=on timeout 300 "$work/retrycheck" -addr "127.0.0.1:$port" \
  -metrics "127.0.0.1:$metrics_port" -service-config "$root/deploy/service-config.json" || rc=$?
if [ "$rc" -ne 0 ]; then
  echo "--- server log ---"
  cat "$work/server.log"
fi
exit "$rc"
