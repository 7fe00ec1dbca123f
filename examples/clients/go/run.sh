#!/usr/bin/env bash
# Builds the Go example client against Debian's packages (build-debian.sh) and runs it.
# usage: examples/clients/go/run.sh HOST:PORT [SERVICE_CONFIG]  (default: deploy/service-config.json)
set -euo pipefail
addr=${1:?usage: examples/clients/go/run.sh HOST:PORT [SERVICE_CONFIG]}
here=$(cd "$(dirname "$0")" && pwd)
config=$(realpath "${2:-$here/../../../deploy/service-config.json}")
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
# The limits only stop a hung step; a cold build takes a minute on a busy machine.
timeout 900 bash "$here/build-debian.sh" "$bin"
# grpc-go before 1.41 (Debian 12 has 1.33) retries only with GRPC_GO_RETRY=on; current releases
# always honour the service config's retryPolicy.
GRPC_GO_RETRY=on timeout 300 "$bin/client" -addr "$addr" -service-config "$config"
