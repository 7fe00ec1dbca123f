#!/usr/bin/env bash
# Runs the Python and Node example clients against a running cardrules server; exits non-zero
# when either client fails. Dependencies go to ignored directories: pip --target .ci/.tools/clients/
# and the Node example's node_modules/; the Python stubs are generated into a temporary directory.
# usage: examples/clients/run.sh HOST:PORT
set -euo pipefail
addr=${1:?usage: examples/clients/run.sh HOST:PORT (a running cardrules server)}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# Time limits only stop a hung step; each client answers in well under a second.
limit=300

# Python: grpcio and friends, at the versions of requirements.txt.
py="$root/.ci/.tools/clients/python"
if ! cmp -s "$here/python/requirements.txt" "$py/.requirements.txt"; then
  rm -rf "$py"
  timeout "$limit" python3 -m pip install --quiet --disable-pip-version-check \
    --no-warn-script-location --root-user-action=ignore \
    --target "$py" -r "$here/python/requirements.txt"
  cp "$here/python/requirements.txt" "$py/.requirements.txt"
fi
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
PYTHONPATH="$py" python3 -m grpc_tools.protoc -I "$root/proto" \
  --python_out="$gen" --grpc_python_out="$gen" "$root"/proto/cardrules/v1/*.proto
python_rc=0
PYTHONPATH="$gen:$py" timeout "$limit" python3 "$here/python/client.py" "$addr" || python_rc=$?

# Node: @grpc/grpc-js and friends, at the versions of package-lock.json.
node_dir="$here/node"
if ! cmp -s "$node_dir/package-lock.json" "$node_dir/node_modules/.cardrules-lock"; then
  timeout "$limit" npm ci --silent --no-audit --no-fund --prefix "$node_dir"
  cp "$node_dir/package-lock.json" "$node_dir/node_modules/.cardrules-lock"
fi
node_rc=0
timeout "$limit" node "$node_dir/client.js" "$addr" || node_rc=$?

if [ "$python_rc" -ne 0 ] || [ "$node_rc" -ne 0 ]; then
  echo "clients: FAILED (python exit $python_rc, node exit $node_rc)"
  exit 1
fi
echo "clients: python and node passed against $addr"
