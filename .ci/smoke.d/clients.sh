# The example clients of examples/clients/ (Python and Node), sourced by .ci/smoke.sh (uses its
# `check` and `$addr`): each calls every RPC and the health service and reads a BadRequest detail.
# run.sh bounds each install and client run with a timeout, and smoke.sh stops the server.
check "python and node example clients pass" bash examples/clients/run.sh "$addr"
