# gRPC-Web smoke checks, sourced by .ci/smoke.sh (uses its `check` and `$bin`): a second server
# with --grpc-web and an allowed origin, called by a browser client library (Connect's
# @connectrpc/connect-web gRPC-Web transport) under Node; see grpc-web/client.mjs.
web_dir=$(mktemp -d)
web_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
web_addr="127.0.0.1:$web_port"
web_origin=https://game.example.com
"$bin" serve --listen "$web_addr" --grpc-web --grpc-web-allowed-origins "$web_origin" \
  >"$web_dir/server.log" 2>&1 &
web_pid=$!
for _ in $(seq 1 300); do "$bin" healthcheck --addr "http://$web_addr" --timeout-ms 500 >/dev/null 2>&1 && break; sleep 0.2; done
web_client() {
  local here=.ci/smoke.d/grpc-web
  # Installed at the versions of package-lock.json, once per lock change (node_modules is ignored).
  if ! cmp -s "$here/package-lock.json" "$here/node_modules/.cardrules-lock"; then
    timeout 300 npm ci --silent --no-audit --no-fund --prefix "$here" || return 1
    cp "$here/package-lock.json" "$here/node_modules/.cardrules-lock"
  fi
  buf build proto -o "$web_dir/cardrules.binpb" || return 1
  timeout 300 node "$here/client.mjs" "http://$web_addr" "$web_dir/cardrules.binpb" "$web_origin"
}
check "gRPC-Web: a browser client library (connect-web under Node) calls Deal, ValidatePlay, MahjongWaits" web_client
kill -TERM "$web_pid" 2>/dev/null
wait "$web_pid"
rm -rf "$web_dir"
