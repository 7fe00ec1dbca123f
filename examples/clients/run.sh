#!/usr/bin/env bash
# Runs the example clients against a running cardrules server, each over a channel configured by
# the published service config (deploy/service-config.json); exits non-zero when any client fails.
#
#   examples/clients/run.sh HOST:PORT [LANGUAGE...]    (python node go java; default: all four)
#
# Python and Node dependencies go to ignored directories (pip --target .ci/.tools/clients/, the
# Node example's node_modules/); the Python stubs are generated into a temporary directory. Go and
# Java build against Debian's packages (go/build-debian.sh, java/run.sh say which), as CI
# installs them; for current releases a team uses go/go.mod and java/pom.xml (README.md).
set -euo pipefail
addr=${1:?usage: examples/clients/run.sh HOST:PORT [python|node|go|java ...]}
shift
languages=("$@")
[ "${#languages[@]}" -gt 0 ] || languages=(python node go java)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
config="$root/deploy/service-config.json"
# Time limits only stop a hung step; each client answers in well under a second.
limit=300

run_python() {
  # grpcio and friends, at the versions of requirements.txt.
  local py="$root/.ci/.tools/clients/python" gen
  if ! cmp -s "$here/python/requirements.txt" "$py/.requirements.txt"; then
    rm -rf "$py"
    timeout "$limit" python3 -m pip install --quiet --disable-pip-version-check \
      --no-warn-script-location --root-user-action=ignore \
      --target "$py" -r "$here/python/requirements.txt"
    cp "$here/python/requirements.txt" "$py/.requirements.txt"
  fi
  gen=$(mktemp -d)
  PYTHONPATH="$py" python3 -m grpc_tools.protoc -I "$root/proto" \
    --python_out="$gen" --grpc_python_out="$gen" "$root"/proto/cardrules/v1/*.proto
  local rc=0
  PYTHONPATH="$gen:$py" CARDRULES_SERVICE_CONFIG="$config" \
    timeout "$limit" python3 "$here/python/client.py" "$addr" || rc=$?
  rm -rf "$gen"
  return "$rc"
}

run_node() {
  # @grpc/grpc-js and friends, at the versions of package-lock.json.
  local node_dir="$here/node"
  if ! cmp -s "$node_dir/package-lock.json" "$node_dir/node_modules/.cardrules-lock"; then
    timeout "$limit" npm ci --silent --no-audit --no-fund --prefix "$node_dir"
    cp "$node_dir/package-lock.json" "$node_dir/node_modules/.cardrules-lock"
  fi
  CARDRULES_SERVICE_CONFIG="$config" timeout "$limit" node "$node_dir/client.js" "$addr"
}

run_go() { bash "$here/go/run.sh" "$addr" "$config"; }

run_java() { bash "$here/java/run.sh" "$addr" "$config"; }

failed=()
for language in "${languages[@]}"; do
  case "$language" in
    python | node | go | java) "run_$language" || failed+=("$language") ;;
    *) echo "run.sh: unknown language $language (python, node, go, java)"; exit 2 ;;
  esac
done
if [ "${#failed[@]}" -ne 0 ]; then
  echo "clients: FAILED: ${failed[*]}"
  exit 1
fi
echo "clients: ${languages[*]} passed against $addr"
