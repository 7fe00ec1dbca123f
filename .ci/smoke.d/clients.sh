# The example clients of examples/clients/ (Python, Node, Go, Java), sourced by .ci/smoke.sh (uses
# its `check`, `$addr` and `$bin`): each calls every RPC over a channel configured by the published
# service config (deploy/service-config.json), checks the answers and reads a BadRequest detail.
# Go and Java build against Debian's packages, which .ci/run installs first. Then the retry check:
# a client using the service config retries a call that a server (its own, one call slot) shed.
# Each script bounds its installs, builds and runs with a timeout; smoke.sh stops its server.
check "python, node, go and java example clients pass" bash examples/clients/run.sh "$addr"
check "the service config makes a client retry a shed call" bash examples/clients/retry-check.sh "$bin"
