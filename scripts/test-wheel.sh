#!/usr/bin/env bash
# The PyPI wheel end to end: build it with maturin (`bindings = "bin"`), install it into a
# fresh virtual environment and run the installed `contractlint` on testdata/.
#
#   scripts/test-wheel.sh [MATURIN]     # default: maturin on PATH
#
# The wheel is built with the dev profile into the default target directory, so after
# `cargo test` only the binary's own crate is rebuilt (stripped, to keep the wheel small). Output: target/wheels/dev/contractlint-*.whl.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
maturin="${1:-maturin}"
out="$repo/target/wheels/dev"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

rm -rf "$out"
(cd "$repo" && "$maturin" build --quiet --profile dev --strip --locked --out "$out")
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
PATH="$work/venv/bin:/usr/bin:/bin" contractlint check testdata --format concise --color never > "$work/report.txt"
code=$?
set -e
# testdata/ is mostly deliberately broken: findings, exit 1, and the same report as the test build's.
[ "$code" -eq 1 ] || { echo "FAIL: contractlint check testdata exited $code, expected 1" >&2; exit 1; }
diff -u tests/golden/concise/testdata.txt "$work/report.txt" || { echo "FAIL: the wheel's report differs from the golden" >&2; exit 1; }
echo "OK: the wheel installs into a fresh venv and \`contractlint check testdata\` reports $(tail -1 "$work/report.txt")"
