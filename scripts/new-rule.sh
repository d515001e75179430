#!/usr/bin/env bash
# Scaffold a new rule: the catalog entry, the rule file, its two registry lines and a firing
# and a silent fixture, then bless the goldens and the rule page. docs/contributing.md says
# what to fill in next.
#
#   scripts/new-rule.sh CODE name      # e.g. scripts/new-rule.sh S010 enum-without-type
#
# Writes (and touches nothing else):
#   rules/CODE.toml                        catalog entry, its `fires` and `silent` fixtures
#   src/rules/<code>_<name>.rs             the rule
#   src/rules/mod.rs                       `mod <code>_<name>;` and its entry in `all()`
#   testdata/rules/CODE-name/fires/        a contract the rule must report (edit it to)
#   testdata/rules/CODE-name/silent/       a near miss it must not report
# A rule about the Rust side (R and B codes) gets a small rmcp server as each fixture
# (Cargo.toml, src/main.rs); the others a JSON tool manifest.
# and, by blessing, their expected.json / expected.txt and docs/rules/CODE-name.md.
# Every placeholder says SCAFFOLD:; tests/catalog.rs fails while one is left.
set -euo pipefail

usage() {
    echo "usage: $0 CODE name   (CODE like S010, name in kebab-case like enum-without-type)" >&2
    exit 2
}
[ $# -eq 2 ] || usage
code="$1"
name="$2"
[[ "$code" =~ ^[A-Z][0-9]{3}$ ]] || usage
[[ "$name" =~ ^[a-z]+(-[a-z]+)*$ ]] || usage

cd "$(dirname "$0")/.."
lower="$(printf '%s' "$code" | tr 'A-Z' 'a-z')"
module="${lower}_${name//-/_}"
# demo-rule -> DemoRule
type="$(printf '%s' "$name" | awk -F- '{ for (i = 1; i <= NF; i++) printf "%s%s", toupper(substr($i, 1, 1)), substr($i, 2) }')"
fixtures="testdata/rules/$code-$name"
registry="src/rules/mod.rs"

if [ -e "rules/$code.toml" ]; then
    echo "rules/$code.toml exists: $code is taken" >&2
    exit 1
fi
if grep -q "^name = \"$name\"$" rules/*.toml; then
    echo "a rule is already named $name" >&2
    exit 1
fi
if [ -e "src/rules/$module.rs" ] || [ -e "$fixtures" ]; then
    echo "src/rules/$module.rs or $fixtures exists" >&2
    exit 1
fi
grep -q '^pub fn all() ' "$registry" || {
    echo "$registry: no \`pub fn all()\` to register the rule in" >&2
    exit 1
}

cat >"rules/$code.toml" <<EOF
code = "$code"
name = "$name"
severity = "warning"
summary = "SCAFFOLD: one line: what fires the rule."
rationale = """
SCAFFOLD: why it matters to an agent and its user.
"""
fix = "SCAFFOLD: how to fix it."
example = """
SCAFFOLD: a contract that fires the rule (JSON; set example_lang = "rust" or "toml" otherwise).
"""
example_fixed = """
SCAFFOLD: the same contract, fixed.
"""
fires = [
  "$fixtures/fires",
]
silent = [
  "$fixtures/silent",
]
EOF

cat >"src/rules/$module.rs" <<EOF
use super::Rule;
use crate::contract::Project;
use crate::diagnostic::Diagnostic;

/// $code: SCAFFOLD: the disagreement this rule reports, in one line, and why.
pub struct $type;

impl Rule for $type {
    fn code(&self) -> &'static str {
        "$code"
    }

    fn check(&self, _project: &Project, _out: &mut Vec<Diagnostic>) {
        // SCAFFOLD: compare facts of the linked project (rules never parse) and push one
        // finding per disagreement, as s005_default_on_required.rs does:
        // Diagnostic::new(self.code(), message, Label::new(span, "..")).tool(..).help(..)
    }
}
EOF

# The registry lines, in code order (module names start with the lower-case code).
LC_ALL=C awk -v module="$module" -v entry="        &$module::$type," '
    function emit_mod() { if (!mod_done) { print "mod " module ";"; mod_done = 1 } }
    function emit_entry() { if (!entry_done) { print entry; entry_done = 1 } }
    /^mod [a-z0-9_]+;$/ {
        seen_mod = 1
        current = substr($2, 1, length($2) - 1)
        if (current > module) emit_mod()
        print
        next
    }
    seen_mod && !mod_done && !/^mod / { emit_mod() }
    /^pub fn all\(\) / { in_all = 1 }
    in_all && /^        &[a-z][0-9][0-9][0-9]_[a-z0-9_]+::[A-Za-z0-9]+,$/ {
        current = substr($1, 2, index($1, "::") - 2)
        if (current > module) emit_entry()
        print
        next
    }
    in_all && /^    \]$/ { emit_entry(); in_all = 0 }
    { print }
    END { if (!mod_done || !entry_done) exit 1 }
' "$registry" >"$registry.new" || {
    rm -f "$registry.new"
    echo "$registry: could not place the mod line and the all() entry" >&2
    exit 1
}
mv "$registry.new" "$registry"

rust_side=false
case "$code" in R* | B*) rust_side=true ;; esac
for kind in fires silent; do
    if $rust_side; then
        mkdir -p "$fixtures/$kind/src"
        cat >"$fixtures/$kind/Cargo.toml" <<EOF
[package]
name = "${name}-${kind}"
version = "0.1.0"
edition = "2021"

[dependencies]
rmcp = { version = "0.8", features = ["server", "macros"] }
schemars = "1"
serde = { version = "1", features = ["derive"] }
EOF
        cat >"$fixtures/$kind/src/main.rs" <<'EOF'
//! SCAFFOLD: a server whose tool breaks the rule (fires) or nearly does (silent).
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddCartLine {
    /// Product code from the catalogue, for example MUG-BLUE.
    pub sku: String,
    /// Number of items to add, from 1 through 5.
    #[schemars(range(min = 1, max = 5))]
    pub quantity: u32,
}

pub struct Shop;

#[tool_router]
impl Shop {
    /// Adds a product to the shopper's cart. Quantity must be from 1 through 5.
    #[tool]
    async fn add_cart_line(&self, Parameters(input): Parameters<AddCartLine>) -> Result<String, String> {
        if !(1..=5).contains(&input.quantity) {
            return Err("quantity must be from 1 through 5".into());
        }
        Ok(format!("added {} x {}", input.quantity, input.sku))
    }
}

fn main() {}
EOF
        echo '{}' >"$fixtures/$kind/expected.json"
        continue
    fi
    mkdir -p "$fixtures/$kind/tools"
    cat >"$fixtures/$kind/tools/addCartLine.json" <<'EOF'
{
  "name": "addCartLine",
  "description": "Adds a product to the shopper's cart. Both fields are required; unknown fields are rejected. Quantity must be an integer from 1 through 5; zero never removes a line.",
  "annotations": { "readOnlyHint": false, "destructiveHint": false, "idempotentHint": false },
  "inputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
      "sku": {
        "type": "string",
        "description": "Product code from the catalogue, for example MUG-BLUE.",
        "minLength": 1,
        "maxLength": 40
      },
      "quantity": {
        "type": "integer",
        "description": "Number of items to add, from 1 through 5.",
        "minimum": 1,
        "maximum": 5
      }
    },
    "required": ["sku", "quantity"],
    "additionalProperties": false
  }
}
EOF
    # The golden test finds a fixture by its expected.json; blessing fills it in. An empty
    # file would be linted as unreadable JSON.
    echo '{}' >"$fixtures/$kind/expected.json"
done

echo "Wrote, before anything is compiled:"
find "rules/$code.toml" "src/rules/$module.rs" "$fixtures" -type f | sort | sed 's/^/  /'
echo "  $registry:"
git --no-pager diff --no-color -U0 -- "$registry" | grep '^[+-][^+-]' | sed 's/^/    /' || true
echo "Blessing the goldens and the rule page (CONTRACTLINT_BLESS=1 cargo test --no-fail-fast --test golden --test catalog)..."
cargo test --quiet --no-run --test golden --test catalog
# The catalog test fails until the placeholders are filled in: bless the goldens regardless.
CONTRACTLINT_BLESS=1 cargo test --quiet --no-fail-fast --test golden --test catalog >/dev/null 2>&1 || true
cat <<EOF

Next (docs/contributing.md, "Adding a rule"):
  1. rules/$code.toml: replace every SCAFFOLD: line.
  2. src/rules/$module.rs: write check().
  3. $fixtures/fires: make the contract break the rule; $fixtures/silent: a near miss.
  4. CONTRACTLINT_BLESS=1 cargo test --no-fail-fast --test golden --test catalog; read the expected.txt
     and docs/rules/$code-$name.md diffs, then cargo test.
EOF
