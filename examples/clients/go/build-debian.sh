#!/usr/bin/env bash
# Builds the Go example client and the retry check (retrycheck/) against Debian's Go packages, as
# CI does: the Go module proxy is out of reach there, so this builds in GOPATH mode
# (GO111MODULE=off) with Debian's sources in /usr/share/gocode (apt: golang-go,
# golang-google-grpc-dev, golang-google-protobuf-dev, golang-github-golang-protobuf-1-5-dev,
# golang-google-genproto-dev, protoc-gen-go, protoc-gen-go-grpc, protobuf-compiler). The example
# and its freshly generated stubs are copied into a temporary GOPATH entry under the import path
# go.mod declares (example.com/cardrules-client), so the same sources build both ways: with
# go.mod and current releases for a team, in GOPATH mode here; only the dial differs (dial.go,
# dial_grpc133.go). Nothing is written to the tree except the build cache
# (.ci/.tools/clients/go-cache, ignored).
#
# usage: examples/clients/go/build-debian.sh OUT_DIR   (writes OUT_DIR/client, OUT_DIR/retrycheck)
set -euo pipefail
out=$(realpath "${1:?usage: build-debian.sh OUT_DIR}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src="$work/src/example.com/cardrules-client"
mkdir -p "$src" "$out"
cp -r "$here"/*.go "$here/gen.sh" "$here/retrycheck" "$src/"
sh "$src/gen.sh" "$root/proto"
export GO111MODULE=off GOFLAGS= GOPATH="$work:/usr/share/gocode"
export GOCACHE="${GOCACHE:-$root/.ci/.tools/clients/go-cache}"
cd "$src"
# The grpc133 tag picks dial_grpc133.go over dial.go (grpc-go 1.33 lacks grpc.NewClient).
go vet -tags grpc133 . ./retrycheck
go build -tags grpc133 -o "$out/client" .
go build -o "$out/retrycheck" ./retrycheck
