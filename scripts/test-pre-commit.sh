#!/usr/bin/env bash
# The pre-commit hook on the wheel, end to end with the real `pre-commit`: the mirror package
# (pre-commit/) installed from a locally built wheel, on a sample repository whose contract is
# broken (the hook must fail with S004), then fixed (it must pass); the `files` pattern must
# run the hook for every input kind and skip other files.
#
#   scripts/test-pre-commit.sh WHEEL_DIR [PYTHON]
#
# WHEEL_DIR holds contractlint-*.whl (scripts/test-wheel.sh builds one); PYTHON is an
# interpreter with pre-commit and PyYAML installed (default python3). pip in the hook's
# environment sees WHEEL_DIR only (no index): setuptools, which builds the mirror package, is
# downloaded into it first, so a missing network fails here, loudly.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
wheels="$(cd "$1" && pwd)"
python="${2:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$python" -m pre_commit --version
# The mirror and this repository declare the same `contractlint` hook.
"$python" - "$repo" <<'PY'
import sys, yaml
repo = sys.argv[1]
main = {h["id"]: h for h in yaml.safe_load(open(f"{repo}/.pre-commit-hooks.yaml"))}
mirror = {h["id"]: h for h in yaml.safe_load(open(f"{repo}/pre-commit/.pre-commit-hooks.yaml"))}
for key in ("entry", "language", "files", "pass_filenames", "require_serial", "minimum_pre_commit_version"):
    assert main["contractlint"][key] == mirror["contractlint"][key] == main["contractlint-rust"].get(key, main["contractlint"][key]) or key == "language", key
assert main["contractlint"]["language"] == mirror["contractlint"]["language"] == "python"
assert main["contractlint-rust"]["language"] == "rust"
PY

links="$work/links"
mkdir -p "$links"
cp "$wheels"/contractlint-*.whl "$links/"
"$python" -m pip download --quiet --only-binary :all: --dest "$links" 'setuptools>=70.1' \
  || fail "cannot download setuptools from PyPI (no network?): the hook test cannot run"
export PIP_FIND_LINKS="$links" PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1

# The mirror as pre-commit sees a hook repository: its own git repository.
mirror="$work/mirror"
mkdir -p "$mirror"
cp "$repo/pre-commit/pyproject.toml" "$repo/pre-commit/.pre-commit-hooks.yaml" "$mirror/"
git -C "$mirror" init --quiet
git -C "$mirror" -c user.email=t@example.com -c user.name=t add -A
git -C "$mirror" -c user.email=t@example.com -c user.name=t commit --quiet -m mirror

sample="$work/sample"
mkdir -p "$sample/tools" "$sample/src" "$sample/web"
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
echo "# notes" > README.md
# S004 is a preview rule: the repository opts in, as a user would.
echo "preview = true" > contractlint.toml
git add -A

hook() { "$python" -m pre_commit try-repo "$mirror" contractlint "$@"; }
# The same hook from a config, for repeated runs: its environment is installed once.
cat > "$work/config.yaml" <<YAML
repos:
  - repo: $mirror
    rev: $(git -C "$mirror" rev-parse HEAD)
    hooks:
      - id: contractlint
YAML
run() { "$python" -m pre_commit run --config "$work/config.yaml"; }

echo "== mismatch: \`required\` names \`quantity\`, the property is \`qty\`: the hook must fail"
start=$(date +%s)
if hook --all-files > "$work/fail.log" 2>&1; then cat "$work/fail.log"; fail "the hook passed on a contract mismatch"; fi
cat "$work/fail.log"
grep -q "S004" "$work/fail.log" || fail "the hook failed without reporting S004"
echo "(installed and ran in $(( $(date +%s) - start )) s)"

echo "== the files pattern: each input kind runs the hook, other files do not"
git commit --quiet -m broken
for f in web/tools.js web/page.html web/tools.ts tools/extra.jsonc src/more.rs contractlint.toml; do
  if [ "$f" = contractlint.toml ]; then echo "# config" >> "$f"; else echo "// $f" > "$f"; fi
  git add "$f"
  if run > "$work/one.log" 2>&1; then cat "$work/one.log"; fail "a change to $f did not run the hook"; fi
  grep -q "S004" "$work/one.log" || { cat "$work/one.log"; fail "a change to $f did not run the hook"; }
  git reset --quiet -- "$f"
  if [ "$f" = contractlint.toml ]; then git checkout --quiet -- "$f"; else rm "$f"; fi
done
echo "more" >> README.md
git add README.md
run > "$work/skip.log" 2>&1 || { cat "$work/skip.log"; fail "a README change failed the hook"; }
grep -q "Skipped" "$work/skip.log" || { cat "$work/skip.log"; fail "a README change ran the hook"; }
git checkout --quiet -- README.md 2>/dev/null || git reset --quiet --hard

echo "== fixed: the hook must pass"
sed -i.bak 's/"qty":/"quantity":/' tools/addCartLine.json && rm tools/addCartLine.json.bak
git add -A
if ! hook --all-files > "$work/pass.log" 2>&1; then cat "$work/pass.log"; fail "the hook failed on a fixed contract"; fi
cat "$work/pass.log"
echo "OK: the wheel's pre-commit hook fails on the mismatch, passes once fixed, and runs for every input kind"
