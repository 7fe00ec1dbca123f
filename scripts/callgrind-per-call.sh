#!/usr/bin/env bash
# User-space instructions per call of a release server, by case: a count that does not swing with
# the machine's load, unlike requests/s. For each case, the server runs under valgrind's callgrind
# twice, answering N and then 2N calls (h2load, one connection, 4 streams), and the difference of
# the two totals divided by N is the cost of one call (start-up, mostly the mahjong tables,
# cancels out). Batch cases (a `copies` column in scripts/loadtest.d) are counted per item.
#
#   scripts/callgrind-per-call.sh BINARY [CASE...]     default cases: health deal_doudizhu
#       validate_play list_plays_respond_pair mahjong_waits_nine_gates batch_deal_x64
#       batch_mahjong_waits_x64
#
# Needs valgrind and h2load (Debian: valgrind, nghttp2-client). Loopback only.
set -euo pipefail
bin=$(realpath "$1")
shift
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(health deal_doudizhu validate_play list_plays_respond_pair
  mahjong_waits_nine_gates batch_deal_x64 batch_mahjong_waits_x64)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The cases of scripts/loadtest.sh: name|method|json|hex[|copies].
cases=("health|grpc.health.v1.Health/Check||" "deal_doudizhu|Deal||0801102a")
for extra in "$(dirname "$0")"/loadtest.d/*.cases; do
  mapfile -t -O "${#cases[@]}" cases < <(grep -v '^#' "$extra" | grep -v '^$')
done

# Total instructions of one server run that answers `calls` calls of the framed body `body`.
run() { # method body calls
  local port=$((40000 + RANDOM % 20000)) out="$dir/callgrind.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --listen "127.0.0.1:$port" \
    >/dev/null 2>"$dir/valgrind.log" &
  local server=$!
  local url="http://127.0.0.1:$port/$1"
  local h2=(-c 1 -t 1 -d "$2" -H 'content-type: application/grpc' -H 'te: trailers')
  for _ in $(seq 120); do # start-up under valgrind takes a while
    sleep 1
    h2load -n 1 "${h2[@]}" "$url" 2>/dev/null | grep -q ' 1 succeeded' && break
  done
  h2load -n "$3" -m 4 "${h2[@]}" "$url" | grep -q " $3 succeeded" ||
    { echo "h2load: not every call succeeded" >&2; kill "$server"; exit 1; }
  kill -INT "$server"
  wait "$server" || true
  callgrind_annotate "$out" | sed -nE 's/^ *([0-9,]+) .*PROGRAM TOTALS.*/\1/p' | tr -d ,
}

echo "| case | instructions per call (per item for Batch) |"
echo "|---|---|"
for name in "${wanted[@]}"; do
  found=
  for case in "${cases[@]}"; do
    IFS='|' read -r cname method _json hex count <<<"$case"
    [ "$cname" = "$name" ] || continue
    found=1
    [[ "$method" == */* ]] || method="cardrules.v1.CardRulesService/$method"
    python3 - "$hex" "${count:-1}" "$dir/body.bin" <<'PY'
import sys
body = bytes.fromhex(sys.argv[1]) * int(sys.argv[2])
open(sys.argv[3], "wb").write(b"\0" + len(body).to_bytes(4, "big") + body)
PY
    n=$([ -n "${count:-}" ] && echo 100 || echo 2000)
    one=$(run "$method" "$dir/body.bin" "$n")
    two=$(run "$method" "$dir/body.bin" $((2 * n)))
    echo "| $name | $(((two - one) / n / ${count:-1})) |"
  done
  [ -n "$found" ] || { echo "unknown case $name" >&2; exit 2; }
done
