#!/usr/bin/env bash
# Bounded load test of a local cardrules server with h2load (Debian package nghttp2-client).
#
#   scripts/loadtest.sh [ADDR] [REQUESTS]       defaults: 127.0.0.1:50051 200000
#
# h2load sends pre-framed gRPC bodies (1-byte flag + 4-byte length + protobuf) and counts any
# HTTP 200 as success; gRPC errors arrive in trailers, so each body is first checked once with
# grpcurl. Traffic goes only to the given loopback address and stops after REQUESTS calls.
set -euo pipefail
addr=${1:-127.0.0.1:50051}
requests=${2:-200000}
case "$addr" in 127.*|localhost:*|\[::1\]:*) ;; *) echo "refusing non-loopback target $addr" >&2; exit 2;; esac
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# name|method|json (for the grpcurl check)|protobuf body as hex (for h2load)
cases=(
  "deal_doudizhu|Deal|{\"game\":\"GAME_DOUDIZHU\",\"seed\":42}|0801102a"
)
for extra in "$(dirname "$0")"/loadtest.d/*.cases; do
  [ -e "$extra" ] && mapfile -t -O "${#cases[@]}" cases < <(grep -v '^#' "$extra")
done

for case in "${cases[@]}"; do
  IFS='|' read -r name method json hex <<<"$case"
  grpcurl -plaintext -d "$json" "$addr" "cardrules.v1.CardRulesService/$method" >/dev/null
  python3 - "$hex" "$dir/$name.bin" <<'PY'
import sys
body = bytes.fromhex(sys.argv[1])
open(sys.argv[2], "wb").write(b"\0" + len(body).to_bytes(4, "big") + body)
PY
  echo "== $name ($method): $requests calls, 16 connections x 16 streams"
  h2load -n "$requests" -c 16 -m 16 -t 1 -d "$dir/$name.bin" \
    -H 'content-type: application/grpc' -H 'te: trailers' \
    "http://$addr/cardrules.v1.CardRulesService/$method" | grep -E '^(finished|requests:|status codes:)|time for request' 
done
