#!/usr/bin/env bash
# Scale-out test (run by .ci/run): three release servers on 127.0.0.1/.2/.3, one Python client
# with gRPC's round_robin policy over all three; one replica gets SIGTERM mid-run and no call may
# fail. The checks are in scripts/scaleout_test.py.
#
#   scripts/scaleout-test.sh path/to/cardrules
#
# grpcio comes from the example Python client's dependency directory (.ci/.tools/clients/python,
# the versions of examples/clients/python/requirements.txt, installed here the same way as
# examples/clients/run.sh does when it is not there yet); stubs are generated into a temporary
# directory.
set -euo pipefail
bin=$(realpath "${1:?usage: scripts/scaleout-test.sh path/to/cardrules}")
root=$(cd "$(dirname "$0")/.." && pwd)
requirements="$root/examples/clients/python/requirements.txt"
py="$root/.ci/.tools/clients/python"
if ! cmp -s "$requirements" "$py/.requirements.txt"; then
  rm -rf "$py"
  timeout 300 python3 -m pip install --quiet --disable-pip-version-check \
    --no-warn-script-location --root-user-action=ignore --target "$py" -r "$requirements"
  cp "$requirements" "$py/.requirements.txt"
fi
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
PYTHONPATH="$py" python3 -m grpc_tools.protoc -I "$root/proto" \
  --python_out="$gen" --grpc_python_out="$gen" "$root"/proto/cardrules/v1/*.proto
# The limit only stops a hung run; the test takes seconds.
PYTHONPATH="$gen:$py" timeout 600 python3 "$root/scripts/scaleout_test.py" "$bin"
