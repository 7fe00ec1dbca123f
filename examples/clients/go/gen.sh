#!/bin/sh
# Generates the Go stubs of proto/ into gen/cardrulesv1 (package cardrulesv1, import path
# example.com/cardrules-client/gen/cardrulesv1), the directory main.go imports. Run by
# `go generate` here, or directly; needs protoc, protoc-gen-go and protoc-gen-go-grpc on PATH.
# The proto files declare no go_package, so each file's Go package is given with an M option.
#
#   sh gen.sh [PROTO_DIR]     (default: the repository's proto/, or $CARDRULES_PROTO_DIR)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
proto=${1:-${CARDRULES_PROTO_DIR:-$here/../../../proto}}
package=example.com/cardrules-client/gen/cardrulesv1
out="$here/gen/cardrulesv1"
rm -rf "$out"
mkdir -p "$out"
set --
for file in "$proto"/cardrules/v1/*.proto; do
  name=cardrules/v1/$(basename "$file")
  set -- "$@" "--go_opt=M$name=$package" "--go-grpc_opt=M$name=$package" "$file"
done
protoc -I "$proto" --go_out="$out" --go_opt=paths=import --go_opt=module="$package" \
  --go-grpc_out="$out" --go-grpc_opt=module="$package" "$@"
