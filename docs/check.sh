#!/usr/bin/env bash
# Checks the book (see docs/src/contributing.md): the API reference is a fresh generation, the
# book builds without a warning, every internal link and anchor resolves, every console example
# gives the answer its page shows when run against the given binary, and the Rust examples
# compile and pass. The built book is left in target/book/.
#
#   docs/check.sh target/release/cardrules
#
# Needs on PATH: mdbook, buf, grpcurl, jq, curl, openssl, python3, and cargo/rustdoc.
set -euo pipefail
bin=${1:?usage: docs/check.sh path/to/cardrules}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$(dirname "$0")/.."

echo "--- API reference (docs/src/reference/api.md) against proto/"
python3 docs/tools/gen_api_reference.py --check

echo "--- mdbook build docs (warnings are errors)"
rm -rf target/book
log=$(mktemp)
mdbook build docs 2>&1 | tee "$log"
if grep -E '\b(WARN|ERROR)\b|^warning|^error' "$log" >/dev/null; then
  echo "mdbook printed warnings or errors (above): fix them"
  exit 1
fi
test -f target/book/index.html

echo "--- internal links and anchors (target/book), and the links of README.md and BENCHMARKS.md"
python3 docs/tools/check_links.py target/book --markdown README.md BENCHMARKS.md

echo "--- console examples against $bin"
python3 docs/tools/check_examples.py "$bin" docs/src README.md

echo "--- Rust examples (rustdoc --test, the core built without the server)"
cargo build --locked --quiet --lib --no-default-features
edition=$(sed -n 's/^edition *= *"\([0-9]*\)"/\1/p' Cargo.toml | head -1)
rust_pages=$(grep -l '^```rust' -r docs/src --include='*.md' | sort)
for page in $rust_pages; do
  rustdoc --test --edition "$edition" "$page" \
    --extern cardrules=target/debug/libcardrules.rlib -L dependency=target/debug/deps
done
echo "docs: all checks passed; the book is in target/book/"
