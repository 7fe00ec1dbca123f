#!/usr/bin/env bash
# Measures a release server's memory (RSS) and CPU idle and under the bounded loopback load of
# scripts/loadtest.sh: the figures behind the resource requests and limits of
# deploy/kubernetes/deployment.yaml.
#
#   scripts/measure-resources.sh [path/to/cardrules] [SECONDS per load case]
#       defaults: target/release/cardrules 2
#
# Needs h2load (Debian package nghttp2-client) and grpcurl. Traffic goes only to 127.0.0.1: one
# round of scripts/loadtest.sh (every case at concurrency 1, 16 and 64, SECONDS each after a 1 s
# warm-up). The calls are counted by the server itself (its Prometheus endpoint's
# grpc_server_handled_total; a Batch stream is one call), so the CPU per call is exact.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/target/release/cardrules}
secs=${2:-2}
export PATH="$root/.ci/.tools/bin:$PATH"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
addr=127.0.0.1:$(free_port)
mport=$(free_port)
"$bin" serve --listen "$addr" --metrics-listen "127.0.0.1:$mport" --log-format json >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
  "$bin" healthcheck --addr "http://$addr" --timeout-ms 500 >/dev/null 2>&1 && break
  sleep 0.2
done

# Calls the server has answered so far, from its metrics.
handled() {
  python3 - "$mport" <<'PY'
import sys, urllib.request
text = urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics").read().decode()
print(int(sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
              if line.startswith("grpc_server_handled_total"))))
PY
}
kib() { awk -v k="$1" '$1 == k":" {print $2}' "/proc/$pid/status"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
threads=$(awk '$1 == "Threads:" {print $2}' "/proc/$pid/status")
echo "idle after start: RSS $(($(kib VmRSS) / 1024)) MiB, $threads threads"
ticks0=$(cpu_ticks)
sleep 5
echo "idle CPU over 5 s: $(( ($(cpu_ticks) - ticks0) * 1000 / hz )) ms"

calls0=$(handled)
ticks0=$(cpu_ticks)
t0=$(date +%s%N)
bash "$root/scripts/loadtest.sh" "$addr" "$secs" 1 >"$(mktemp)" 2>&1 &
load=$!
peak_cores=0
while kill -0 "$load" 2>/dev/null; do
  a=$(cpu_ticks); sleep 1; b=$(cpu_ticks)
  cores=$(awk -v d=$((b - a)) -v hz="$hz" 'BEGIN {printf "%.2f", d / hz}')
  peak_cores=$(awk -v a="$cores" -v b="$peak_cores" 'BEGIN {print (a > b) ? a : b}')
done
wait "$load"
t1=$(date +%s%N)
ticks1=$(cpu_ticks)
calls=$(( $(handled) - calls0 ))
cpu_ms=$(( (ticks1 - ticks0) * 1000 / hz ))
wall_ms=$(( (t1 - t0) / 1000000 ))
echo "under load: $calls calls (scripts/loadtest.sh, every case at 1, 16 and 64 concurrent calls, $secs s each) in $wall_ms ms"
echo "  CPU $cpu_ms ms in all: $(awk -v c="$cpu_ms" -v n="$calls" 'BEGIN {printf "%.1f", c * 1000 / n}') us per call on average, $(awk -v c="$cpu_ms" -v w="$wall_ms" 'BEGIN {printf "%.2f", c / w}') cores on average, $peak_cores at the busiest second (of $(nproc) on this machine)"
echo "  RSS now $(($(kib VmRSS) / 1024)) MiB, peak (VmHWM) $(($(kib VmHWM) / 1024)) MiB"
sleep 5
echo "idle after load: RSS $(($(kib VmRSS) / 1024)) MiB"
