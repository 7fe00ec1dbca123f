#!/usr/bin/env bash
# Memory soak of a cardrules binary (not part of CI): starts it on a free loopback port, records
# its resident memory (RSS) idle, then keeps it under h2load load for SECONDS (default 300: five
# minutes) cycling through the unary cases of scripts/loadtest.d and Batch messages, sampling the
# RSS every 10 s, and reports idle, after the first minute, the peak, and at the end (a growth
# after the first minute would be a leak). Finally it checks the server still answers and stops
# it with SIGTERM (exit 0 expected).
#
#   scripts/soak.sh [BINARY] [SECONDS]      defaults: target/release/cardrules 300
set -euo pipefail
bin=${1:-target/release/cardrules}
secs=${2:-300}
cd "$(dirname "$0")/.."
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
addr="127.0.0.1:$port"
dir=$(mktemp -d)
"$bin" serve --listen "$addr" --log-level warn >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill -9 $pid 2>/dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 1 100); do
  "$bin" healthcheck --addr "http://$addr" --timeout-ms 500 >/dev/null 2>&1 && break
  sleep 0.2
done
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }

# The bodies: every case of scripts/loadtest.d (name|method|json|hex[|copies]).
bodies=()
while IFS='|' read -r name method _json hex count; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  python3 - "$hex" "${count:-1}" "$dir/$name.bin" <<'PY'
import sys
body = bytes.fromhex(sys.argv[1]) * int(sys.argv[2])
open(sys.argv[3], "wb").write(b"\0" + len(body).to_bytes(4, "big") + body)
PY
  bodies+=("$name|cardrules.v1.CardRulesService/$method")
done < <(cat scripts/loadtest.d/*.cases)

sleep 2
idle=$(rss)
echo "RSS idle: ${idle} kB"
start=$(date +%s)
samples=()
(
  # The load: each case for 5 s at 16 connections x 8 streams, round and round.
  while :; do
    for entry in "${bodies[@]}"; do
      IFS='|' read -r name path <<<"$entry"
      h2load -D 5 -c 16 -m 8 -t 1 -d "$dir/$name.bin" -H 'content-type: application/grpc' \
        -H 'te: trailers' "http://$addr/$path" >/dev/null 2>&1 || true
    done
  done
) &
load=$!
trap 'kill $load 2>/dev/null || true; kill -9 $pid 2>/dev/null || true; rm -rf "$dir"' EXIT
while [ $(( $(date +%s) - start )) -lt "$secs" ]; do
  sleep 10
  samples+=("$(rss)")
  echo "t=$(( $(date +%s) - start ))s RSS ${samples[-1]} kB"
done
kill "$load" 2>/dev/null || true
wait "$load" 2>/dev/null || true
sleep 2
after=$(rss)
peak=$(printf '%s\n' "${samples[@]}" | sort -n | tail -1)
minute=${samples[5]:-${samples[-1]}}
echo "RSS idle ${idle} kB; after 1 min ${minute} kB; peak ${peak} kB; at the end of the load ${samples[-1]} kB; idle after ${after} kB"
"$bin" healthcheck --addr "http://$addr" >/dev/null
kill -TERM "$pid"
wait "$pid"
echo "server exited $? after SIGTERM"
