#!/usr/bin/env bash
# Load test of a local cardrules server with h2load (Debian package nghttp2-client), each RPC side
# by side with the transport floor: the same server's grpc.health.v1.Health/Check, measured under
# the same load in the same run.
#
#   scripts/loadtest.sh [ADDR] [SECONDS] [ROUNDS]     defaults: 127.0.0.1:50051 3 2
#   LOADTEST_CASES="health validate_play" scripts/loadtest.sh ...   only the cases named
#
# For each concurrency (1 = 1 connection x 1 stream, 16 = 4 x 4, 64 = 16 x 4) and each round, it
# runs the health check and then every case for SECONDS each (after a 1 s warm-up), and prints one
# markdown row per case and concurrency: the best round's requests/s, its p50 and p99 latency, and
# the ratio to the best health-check requests/s at that concurrency. Batch cases also print
# items/s (requests/s x items per message).
#
# h2load sends pre-framed gRPC bodies (1-byte flag + 4-byte length + protobuf) and counts any
# HTTP 200 as success; gRPC errors arrive in trailers, so each body is first checked once with
# grpcurl. A Batch body is one BatchRequest sent as the whole stream (one message, then the end of
# the stream): the server answers it and ends the call. Traffic goes only to the given loopback
# address and stops after each timed run.
set -euo pipefail
addr=${1:-127.0.0.1:50051}
secs=${2:-3}
rounds=${3:-2}
case "$addr" in 127.*|localhost:*|\[::1\]:*) ;; *) echo "refusing non-loopback target $addr" >&2; exit 2;; esac
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# name|method|json (for the grpcurl check)|protobuf body as hex (for h2load)[|copies]
# A method without a service is a CardRulesService method. With `copies` (Batch cases), the
# body repeats the one-item message that many times: concatenated BatchRequests are one
# BatchRequest with all their items.
cases=(
  "health|grpc.health.v1.Health/Check|{}|"
  "deal_doudizhu|Deal|{\"game\":\"GAME_DOUDIZHU\",\"seed\":42}|0801102a"
)
for extra in "$(dirname "$0")"/loadtest.d/*.cases; do
  [ -e "$extra" ] && mapfile -t -O "${#cases[@]}" cases < <(grep -v '^#' "$extra" | grep -v '^$')
done

declare -A path copies
names=()
for case in "${cases[@]}"; do
  IFS='|' read -r name method json hex count <<<"$case"
  # LOADTEST_CASES="health validate_play ..." measures only those (health is the floor: keep it).
  [ -z "${LOADTEST_CASES:-}" ] || [[ " $LOADTEST_CASES " == *" $name "* ]] || continue
  [[ "$method" == */* ]] || method="cardrules.v1.CardRulesService/$method"
  grpcurl -plaintext -d "$json" "$addr" "$method" >/dev/null
  python3 - "$hex" "${count:-1}" "$dir/$name.bin" <<'PY'
import sys
body = bytes.fromhex(sys.argv[1]) * int(sys.argv[2])
open(sys.argv[3], "wb").write(b"\0" + len(body).to_bytes(4, "big") + body)
PY
  path[$name]=$method
  copies[$name]=${count:-1}
  names+=("$name")
done

# One timed run: prints "requests/s p50_us p99_us".
run() { # name, connections, streams per connection, round
  local name=$1 log="$dir/$1.$2x$3.$4.log"
  local out
  out=$(h2load -D "$secs" --warm-up-time=1 -c "$2" -m "$3" -t 1 -d "$dir/$name.bin" \
    -H 'content-type: application/grpc' -H 'te: trailers' --log-file="$log" \
    "http://$addr/${path[$name]}")
  grep -q ' 0 failed, 0 errored' <<<"$out" || { echo "h2load: $name failed:" >&2; echo "$out" >&2; exit 1; }
  local rps
  rps=$(sed -nE 's/^finished in .*, ([0-9.]+) req\/s.*/\1/p' <<<"$out")
  python3 - "$log" "$rps" <<'PY'
import sys
times = sorted(int(line.split("\t")[2]) for line in open(sys.argv[1]) if line.strip())
pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
print(sys.argv[2], pick(0.50), pick(0.99))
PY
}

echo "| case | concurrency | requests/s | items/s | p50 µs | p99 µs | ratio to health |"
echo "|---|---|---|---|---|---|---|"
for level in 1:1:1 16:4:4 64:16:4; do
  IFS=: read -r total conns streams <<<"$level"
  declare -A best=()
  for round in $(seq 1 "$rounds"); do
    for name in "${names[@]}"; do
      read -r rps p50 p99 < <(run "$name" "$conns" "$streams" "$round")
      if [ -z "${best[$name]:-}" ] || python3 -c "import sys; sys.exit(not $rps > ${best[$name]%% *})"; then
        best[$name]="$rps $p50 $p99"
      fi
    done
  done
  read -r floor _ <<<"${best[health]}"
  for name in "${names[@]}"; do
    read -r rps p50 p99 <<<"${best[$name]}"
    python3 - "$name" "$total" "$rps" "${copies[$name]}" "$p50" "$p99" "$floor" <<'PY'
import sys
name, total, rps, copies, p50, p99, floor = sys.argv[1:]
rps, copies, floor = float(rps), int(copies), float(floor)
items = f"{rps * copies:,.0f}" if copies > 1 else ""
print(f"| {name} | {total} | {rps:,.0f} | {items} | {p50} | {p99} | {rps / floor:.2f} |")
PY
  done
  unset best
done
