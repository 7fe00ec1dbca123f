#!/usr/bin/env bash
# The playground's browser test against a real server, twice: over plain HTTP, and over TLS (a
# self-signed certificate made here with openssl; the browser is told to accept it) on another
# port. Screenshots go to SCREENSHOT_DIR/http and SCREENSHOT_DIR/https.
# usage: playground/test/run.sh path/to/cardrules SCREENSHOT_DIR [CHROMIUM]
# Needs: node, playground/node_modules (npm ci), Debian's chromium, openssl, python3.
set -uo pipefail
bin=$(realpath "${1:?usage: run.sh path/to/cardrules SCREENSHOT_DIR [CHROMIUM]}")
shots=$(realpath -m "${2:?usage: run.sh path/to/cardrules SCREENSHOT_DIR [CHROMIUM]}")
chromium=${3:-/usr/bin/chromium}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
rm -rf "$shots"
mkdir -p "$shots"

# Starts the server with the given flags and waits for its health; the log goes to LOG.
serve() {
  local log=$1 health=$2; shift 2
  "$bin" serve --request-timeout-ms 300000 "$@" >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do
    # shellcheck disable=SC2086
    "$bin" healthcheck $health --timeout-ms 500 >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "the server did not become healthy:"; cat "$log"
  return 1
}

failed=0
port=$(free_port)
echo "--- plain HTTP on 127.0.0.1:$port"
serve "$work/http.log" "--addr http://127.0.0.1:$port" --listen "127.0.0.1:$port" --playground &&
  node "$here/test/browser.mjs" "http://127.0.0.1:$port/" "$shots/http" "$chromium" || failed=1

# A CA and a server certificate for 127.0.0.1 signed by it (the browser accepts it unverified;
# the healthcheck verifies it against the CA).
( cd "$work" &&
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj /CN=cardrules-playground-ca -keyout ca.key -out ca.crt &&
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost \
    -keyout server.key -out server.csr &&
  openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -out server.crt \
    -extfile <(printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n')
) 2>/dev/null || { echo "openssl failed"; exit 1; }
port=$(free_port)
echo "--- TLS on 127.0.0.1:$port"
serve "$work/https.log" "--addr https://127.0.0.1:$port --tls-ca $work/ca.crt" --listen "127.0.0.1:$port" \
  --playground --tls-cert "$work/server.crt" --tls-key "$work/server.key" &&
  node "$here/test/browser.mjs" "https://127.0.0.1:$port/" "$shots/https" "$chromium" || failed=1

if [ "$failed" -ne 0 ]; then
  echo "server logs:"; tail -n 20 "$work"/*.log
fi
exit "$failed"
