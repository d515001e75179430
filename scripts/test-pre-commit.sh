#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml with the real `pre-commit` from PyPI:
# a sample repository with a contract mismatch must fail the hook, and pass once fixed.
#
#   scripts/test-pre-commit.sh            # from the repository root; needs python3, git, cargo
#
# pre-commit builds the hook with `cargo install --path <this repo>` (a release build). On a
# shared or small machine set CARGO_PROFILE_RELEASE_OPT_LEVEL=0 to make that build cheap;
# CARGO_TARGET_DIR (default: target/pre-commit-test) keeps it incremental between runs.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target/pre-commit-test}"
export PRE_COMMIT_HOME="$work/cache"

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet pre-commit
"$work/venv/bin/pre-commit" --version

sample="$work/sample"
mkdir -p "$sample/tools" "$sample/src"
cd "$sample"
git init --quiet
git config user.email test@example.com
git config user.name test
cat > tools/addCartLine.json <<'JSON'
{
  "name": "addCartLine",
  "description": "Adds a product to the shopper's cart. Quantity is an integer from 1 through 5.",
  "inputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
      "sku": { "type": "string", "description": "Product code, for example MUG-BLUE.", "minLength": 1 },
      "qty": { "type": "integer", "description": "Number of items, 1 through 5.", "minimum": 1, "maximum": 5 }
    },
    "required": ["sku", "quantity"],
    "additionalProperties": false
  }
}
JSON
cat > src/lib.rs <<'RUST'
//! Cart handlers.
pub fn add_cart_line(sku: &str, quantity: u32) -> Result<(), String> {
    if sku.is_empty() || !(1..=5).contains(&quantity) {
        return Err("OUT_OF_RANGE".into());
    }
    Ok(())
}
RUST
git add -A

echo "== mismatch: \`required\` names \`quantity\`, the property is \`qty\`: the hook must fail"
if "$work/venv/bin/pre-commit" try-repo "$repo" contractlint --all-files >"$work/fail.log" 2>&1; then
    cat "$work/fail.log"
    echo "FAIL: the hook passed on a contract mismatch" >&2
    exit 1
fi
cat "$work/fail.log"
grep -q "S004" "$work/fail.log" || { echo "FAIL: the hook failed without reporting S004" >&2; exit 1; }

echo "== fixed: the hook must pass"
sed -i.bak 's/"qty":/"quantity":/' tools/addCartLine.json && rm tools/addCartLine.json.bak
git add -A
if ! "$work/venv/bin/pre-commit" try-repo "$repo" contractlint --all-files >"$work/pass.log" 2>&1; then
    cat "$work/pass.log"
    echo "FAIL: the hook failed on a fixed contract" >&2
    exit 1
fi
cat "$work/pass.log"
echo "OK: pre-commit hook fails on the mismatch and passes once fixed"
