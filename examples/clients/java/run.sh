#!/usr/bin/env bash
# Builds the Java example client against Debian's jars and runs it, as CI does (Maven Central is
# out of reach there): protoc with Debian's grpc-java plugin generates the stubs into a temporary
# directory, plain javac compiles them and the client against the jars in /usr/share/java
# (apt: libgrpc-java, protobuf-compiler-grpc-java-plugin, libprotobuf-java,
# libgoogle-common-protos-java, libgoogle-gson-java, libnetty-java, libperfmark-java,
# libgeronimo-annotation-1.3-spec-java, protobuf-compiler; Java 17). A team uses pom.xml instead.
#
# usage: examples/clients/java/run.sh HOST:PORT [SERVICE_CONFIG]  (default: deploy/service-config.json)
set -euo pipefail
addr=${1:?usage: examples/clients/java/run.sh HOST:PORT [SERVICE_CONFIG]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
config=$(realpath "${2:-$root/deploy/service-config.json}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/gen" "$work/classes"
protoc -I "$root/proto" --java_out="$work/gen" --grpc-java_out="$work/gen" \
  --plugin=protoc-gen-grpc-java=/usr/bin/grpc_java_plugin "$root"/proto/cardrules/v1/*.proto
# grpc-java's runtime and what it needs: Netty's HTTP/2 transport, Guava, Gson (the service config
# parser and this example's JSON reading), PerfMark; javax.annotation.Generated for the stubs.
jars=(grpc-api grpc-context grpc-core grpc-stub grpc-protobuf grpc-protobuf-lite grpc-netty
  protobuf proto-google-common-protos guava gson perfmark-api geronimo-annotation-1.3-spec
  netty-buffer netty-codec netty-codec-http netty-codec-http2 netty-common netty-handler
  netty-resolver netty-transport)
classpath=$(printf '/usr/share/java/%s.jar:' "${jars[@]}")
# The limits only stop a hung step.
find "$work/gen" "$here/src/main/java" -name '*.java' >"$work/sources"
timeout 900 javac -nowarn -d "$work/classes" -cp "$classpath" @"$work/sources"
timeout 300 java -cp "$work/classes:$classpath" example.cardrules.CardRulesClient "$addr" "$config"
