#!/usr/bin/env bash
# End-to-end smoke test: starts the given cardrules binary on a free loopback port and drives it
# with the real grpcurl through server reflection (no proto files), then stops it with SIGTERM.
set -uo pipefail
bin=${1:?usage: smoke.sh path/to/cardrules}
cd "$(dirname "$0")/.."
# Two distinct free ports: gRPC and the Prometheus endpoint.
read -r port metrics_port < <(python3 -c '
import socket
a, b = socket.socket(), socket.socket()
a.bind(("127.0.0.1", 0)); b.bind(("127.0.0.1", 0))
print(a.getsockname()[1], b.getsockname()[1])')
addr="127.0.0.1:$port"
metrics_addr="127.0.0.1:$metrics_port"
log=$(mktemp)
passed=0
failed=0
check() { # name, then a command that must succeed
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $name"; else failed=$((failed + 1)); echo "FAIL $name"; fi
}
# The time limits here only stop a hung run; none may decide a run on a slow machine. Every call
# answers in milliseconds in a release build; the whole-deck ListPlays of smoke.d/doudizhu.sh is
# the slowest, so the server's own deadline is raised far above it (the deadline is tested with
# paused time in src/server/net/mod.rs).
call() { grpcurl -plaintext -max-time 300 "$@"; }

"$bin" serve --listen "$addr" --metrics-listen "$metrics_addr" --log-format json \
  --request-timeout-ms 300000 >"$log" 2>&1 &
pid=$!
trap 'kill -9 $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
  "$bin" healthcheck --addr "http://$addr" --timeout-ms 500 >/dev/null 2>&1 && break
  sleep 0.2
done

check "healthcheck command reports SERVING" "$bin" healthcheck --addr "http://$addr"
check "reflection lists the services" bash -c "
  out=\$(grpcurl -plaintext $addr list) &&
  grep -qx cardrules.v1.CardRulesService <<<\"\$out\" && grep -qx grpc.health.v1.Health <<<\"\$out\""
check "describe works without proto files" bash -c \
  "grpcurl -plaintext $addr describe cardrules.v1.CardRulesService | grep -q 'rpc Deal'"
check "health service answers SERVING" bash -c \
  "grpcurl -plaintext -d '{\"service\":\"cardrules.v1.CardRulesService\"}' $addr grpc.health.v1.Health/Check | grep -q SERVING"

deal_matches_replay() { # game, seed, extra JSON fields, replay flags
  local got want
  got=$(call -d "{\"game\":\"GAME_$1\",\"seed\":$2$3}" "$addr" cardrules.v1.CardRulesService/Deal) || return 1
  want=$(python3 scripts/replay_deal.py "${1,,}" "$2" ${4:-}) || return 1
  python3 - "$got" "$want" <<'PY'
import json, sys
got, want = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for key in ("hands", "kitty", "wall", "wildcardRanks"):
    g = [{k: h.get(k) for k in ("cards", "tiles") if k in w} for h, w in zip(got.get(key, []), want.get(key, []))] if key == "hands" else got.get(key, [])
    w = want.get(key, []) if key != "hands" else [{k: h[k] for k in ("cards", "tiles") if k in h} for h in want["hands"]]
    if g != w:
        sys.exit(f"{key} differs:\n got  {g}\n want {w}")
PY
}
check "seeded Dou Dizhu deal equals the independent replay" deal_matches_replay DOUDIZHU 42 ',"landlord_seat":1' "--landlord-seat 1"
check "seeded four-player deal equals the independent replay" deal_matches_replay DOUDIZHU_FOUR_PLAYER 7 ''
check "seeded laizi deal equals the independent replay" deal_matches_replay DOUDIZHU 99 ',"wildcard_draw":"WILDCARD_DRAW_TWO"' "--wildcards 2"
check "seeded mahjong deal equals the independent replay" deal_matches_replay MAHJONG 2026 ',"include_flowers":true' "--flowers"

check "bad input gets INVALID_ARGUMENT with readable BadRequest details" bash -c "
  out=\$(grpcurl -plaintext -d '{\"game\":\"GAME_MAHJONG\",\"landlord_seat\":0}' $addr cardrules.v1.CardRulesService/Deal 2>&1)
  [ \$? -ne 0 ] && grep -q InvalidArgument <<<\"\$out\" && grep -q '\"field\":\"landlord_seat\"' <<<\"\$out\""

for extra in .ci/smoke.d/*.sh; do
  [ -e "$extra" ] || continue
  # shellcheck source=/dev/null
  source "$extra"
done

# After every call above: the Deal calls answered OK and the one answered INVALID_ARGUMENT are
# counted under the grpc-prometheus names, and build info is there.
check "metrics endpoint counts the calls by code" python3 - "$metrics_addr" <<'PY'
import re, sys, urllib.request
with urllib.request.urlopen(f"http://{sys.argv[1]}/metrics", timeout=300) as response:
    assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4"), response.headers
    text = response.read().decode()
def value(series):
    for line in text.splitlines():
        if line.startswith(series + " "):
            return float(line.rsplit(" ", 1)[1])
    sys.exit(f"no {series} in the scrape")
deal = 'grpc_method="Deal",grpc_service="cardrules.v1.CardRulesService",grpc_type="unary"'
ok = value(f'grpc_server_handled_total{{grpc_code="OK",{deal}}}')
bad = value(f'grpc_server_handled_total{{grpc_code="InvalidArgument",{deal}}}')
started = value(f"grpc_server_started_total{{{deal}}}")
latencies = value(f"grpc_server_handling_seconds_count{{{deal}}}")
if not (ok >= 4 and bad >= 1 and started >= ok + bad and latencies == started):
    sys.exit(f"Deal: started {started}, OK {ok}, InvalidArgument {bad}, latencies {latencies}")
if not re.search(r'^cardrules_build_info\{commit="[^"]+",version="[^"]+"\} 1$', text, re.M):
    sys.exit("no cardrules_build_info")
PY

kill -TERM "$pid"
stopped=1
for _ in $(seq 1 600); do
  if ! kill -0 "$pid" 2>/dev/null; then stopped=0; break; fi
  sleep 0.1
done
wait "$pid"
code=$?
check "SIGTERM stops the server with exit code 0" test "$stopped" -eq 0 -a "$code" -eq 0
check "one JSON log line per call" grep -q '"method":"/cardrules.v1.CardRulesService/Deal"' "$log"
trap - EXIT
if [ "$failed" -ne 0 ]; then echo "--- server log ---"; cat "$log"; fi
echo "smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
