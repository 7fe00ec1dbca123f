# TLS and mutual TLS smoke checks, sourced by .ci/smoke.sh (uses its `check` and `$bin`): a second
# server with --tls-cert/--tls-key/--tls-client-ca on its own port, certificates made here with
# openssl, driven by grpcurl -cacert/-cert/-key and by the healthcheck command configured the
# way a container would be (environment only).
command -v openssl >/dev/null || { apt-get update -qq && apt-get install -y -qq openssl; } >/dev/null 2>&1
tls_dir=$(mktemp -d)
tls_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
tls_addr="127.0.0.1:$tls_port"
tls_certs() {
  cd "$tls_dir" || return 1
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj /CN=cardrules-smoke-ca -keyout ca.key -out ca.crt 2>/dev/null &&
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost \
    -keyout server.key -out server.csr 2>/dev/null &&
  openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -out server.crt \
    -extfile <(printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n') 2>/dev/null &&
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=smoke-client \
    -keyout client.key -out client.csr 2>/dev/null &&
  openssl x509 -req -in client.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -out client.crt \
    -extfile <(printf 'extendedKeyUsage=clientAuth\n') 2>/dev/null
  local rc=$?
  cd - >/dev/null
  return $rc
}
check "TLS: openssl makes a CA, a server and a client certificate" tls_certs
"$bin" serve --listen "$tls_addr" --tls-cert "$tls_dir/server.crt" --tls-key "$tls_dir/server.key" \
  --tls-client-ca "$tls_dir/ca.crt" >"$tls_dir/server.log" 2>&1 &
tls_pid=$!
tls_health() { # the healthcheck as a container runs it: settings from the environment only
  env CARDRULES_LISTEN="$tls_addr" CARDRULES_TLS_CERT="$tls_dir/server.crt" \
    CARDRULES_HEALTHCHECK_TLS_CA="$tls_dir/ca.crt" \
    CARDRULES_HEALTHCHECK_TLS_CERT="$tls_dir/client.crt" CARDRULES_HEALTHCHECK_TLS_KEY="$tls_dir/client.key" \
    "$bin" healthcheck --timeout-ms 2000 "$@"
}
for _ in $(seq 1 300); do tls_health >/dev/null 2>&1 && break; sleep 0.2; done
tls_grpcurl() { grpcurl -max-time 60 -cacert "$tls_dir/ca.crt" "$@"; }
check "TLS: healthcheck over mutual TLS (settings from the environment) reports SERVING" tls_health
check "TLS: grpcurl -cacert -cert -key lists the services" bash -c "
  $(declare -f tls_grpcurl); tls_dir=$tls_dir
  tls_grpcurl -cert \$tls_dir/client.crt -key \$tls_dir/client.key $tls_addr list | grep -qx cardrules.v1.CardRulesService"
check "TLS: grpcurl with a client certificate gets a seeded Deal" bash -c "
  $(declare -f tls_grpcurl); tls_dir=$tls_dir
  tls_grpcurl -cert \$tls_dir/client.crt -key \$tls_dir/client.key -d '{\"game\":\"GAME_DOUDIZHU\",\"seed\":42}' \
    $tls_addr cardrules.v1.CardRulesService/Deal | grep -q '\"seed\": \"42\"'"
check "TLS: mutual TLS refuses grpcurl without a client certificate" bash -c "
  ! grpcurl -max-time 60 -cacert $tls_dir/ca.crt $tls_addr list >/dev/null 2>&1"
check "TLS: the TLS port refuses plaintext" bash -c "! grpcurl -max-time 60 -plaintext $tls_addr list >/dev/null 2>&1"
check "TLS: the healthcheck without a client certificate is refused" bash -c "
  ! env CARDRULES_LISTEN=$tls_addr CARDRULES_TLS_CERT=$tls_dir/server.crt CARDRULES_HEALTHCHECK_TLS_CA=$tls_dir/ca.crt \
    $bin healthcheck --timeout-ms 2000 >/dev/null 2>&1"
kill -TERM "$tls_pid" 2>/dev/null
wait "$tls_pid"
check "TLS: the TLS server stops with exit code 0 on SIGTERM" test $? -eq 0
rm -rf "$tls_dir"
