#!/usr/bin/env bash
# The PyPI wheel end to end: build it with maturin (`bindings = "bin"`), install it into a
# fresh virtual environment and run the installed `contractlint` on testdata/.
#
#   scripts/test-wheel.sh [MATURIN]     # default: maturin on PATH
#
# The wheel is built with the dev profile into the default target directory, so after
# `cargo test` only the binary's own crate is rebuilt (stripped, to keep the wheel small); the
# log shows what cargo compiled. Output: target/wheels/dev/contractlint-*.whl.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
maturin="${1:-maturin}"
out="$repo/target/wheels/dev"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

rm -rf "$out"
# The test build resolves the dependencies with the dev-dependencies' features (rmcp's server
# side, for the sandboxes); the same features here make this build's dependency graph that one,
# so the test build's compiled crates are reused, not rebuilt. Extra features only: the wheel
# runs the same code. (Transitive ones cannot be named here: see bstr in Cargo.toml.)
features="$(cd "$repo" && cargo metadata --locked --no-deps --format-version 1 | jq -r '
  [.packages[] | select(.name == "contractlint") | .dependencies]
  | .[0] as $deps | [$deps[] | select(.kind == null) | .name] as $normal
  | [$deps[] | select(.kind == "dev" and (.name as $n | $normal | index($n)))
     | .name as $n | (.features + (if .uses_default_features then ["default"] else [] end))[]
     | "\($n)/\(.)"] | join(",")')"
echo "features shared with the test build: ${features:-none}"
(cd "$repo" && "$maturin" build --profile dev --strip --locked --features "$features" --out "$out")
wheel="$(ls "$out"/contractlint-*.whl)"
echo "built $(basename "$wheel") ($(du -h "$wheel" | cut -f1))"

python3 -m venv "$work/venv"
# The wheel has no dependencies: nothing but it is installed, no index is asked.
"$work/venv/bin/pip" install --quiet --no-index "$wheel"
installed="$(PATH="$work/venv/bin:/usr/bin:/bin" command -v contractlint)"
[ "$installed" = "$work/venv/bin/contractlint" ] || { echo "FAIL: contractlint not on the venv's PATH ($installed)" >&2; exit 1; }
PATH="$work/venv/bin:/usr/bin:/bin" contractlint --version

cd "$repo"
set +e
PATH="$work/venv/bin:/usr/bin:/bin" contractlint check testdata --preview --format concise --color never > "$work/report.txt"
code=$?
set -e
# testdata/ is mostly deliberately broken: findings, exit 1, and the same report as the test build's.
[ "$code" -eq 1 ] || { echo "FAIL: contractlint check testdata exited $code, expected 1" >&2; exit 1; }
diff -u tests/golden/concise/testdata.txt "$work/report.txt" || { echo "FAIL: the wheel's report differs from the golden" >&2; exit 1; }
echo "OK: the wheel installs into a fresh venv and \`contractlint check testdata\` reports $(tail -1 "$work/report.txt")"
