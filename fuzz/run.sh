#!/usr/bin/env bash
# Runs each fuzz target (or those named) for SECONDS, one after another, on the stable toolchain
# without sanitizers (`cargo fuzz run -s none`), starting from the checked-in seeds
# (fuzz/seeds/<target>) and growing a local corpus (fuzz/corpus/<target>, not checked in).
# Prints one line per target: runs, seconds, executions per second, corpus size. A crash stops
# the run with libFuzzer's report and the input saved under fuzz/artifacts/<target>/.
# CARDRULES_FUZZ_DEV=1 builds the targets unoptimised (quicker to build, slower to run: for CI);
# CARDRULES_FUZZ_TARGET_DIR puts the build elsewhere than fuzz/target (CI keeps it between runs).
# Usage: fuzz/run.sh SECONDS [TARGET...]
set -euo pipefail
seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
cd "$(dirname "$0")"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)
profile=()
[ -z "${CARDRULES_FUZZ_DEV:-}" ] || profile=(--dev)
[ -z "${CARDRULES_FUZZ_TARGET_DIR:-}" ] || profile+=(--target-dir "$CARDRULES_FUZZ_TARGET_DIR")
cargo fuzz build -s none "${profile[@]}" >/dev/null
status=0
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  log=$(mktemp)
  if cargo fuzz run -s none "${profile[@]}" "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -timeout=60 -print_final_stats=1 >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
    corpus=$(find "corpus/$target" -type f | wc -l)
    printf '%-22s %12s runs in %4ss  %8s exec/s  corpus %s\n' "$target" "$runs" "$secs" \
      "$((runs / (secs > 0 ? secs : 1)))" "$corpus"
  else
    echo "FAIL $target:"; tail -40 "$log"; status=1
  fi
  rm -f "$log"
done
exit $status
