//! Failure-case tables: the seed's addCartLine table, goldens of the seed tools, the schema
//! evaluation of every row, configurable codes, and the command line.

use assert_cmd::Command;
use contractlint::config::Config;
use contractlint::judge::cases::{self, SchemaVerdict};
use contractlint::{Options, check};
use serde_json::{Value, json};
use std::path::Path;

fn table(dir: &str, tool: &str) -> (Value, Vec<cases::Case>) {
    let config = Config::load(None, Path::new(dir)).unwrap();
    let opts = Options {
        paths: vec![dir.into()],
        config: config.clone(),
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let t = cases::for_tool(
        &outcome.project,
        tool,
        &config.cases,
        contractlint::extract::schema::written,
    )
    .unwrap();
    (t.to_json(&config.cases), t.cases)
}

fn rows_by_id(v: &Value) -> Vec<(&str, &Value)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_str().unwrap(), r))
        .collect()
}

/// The seed's failure-case table (add-cart-line-input-validation), minus `unknown-product`,
/// which is an application rule no schema can express.
const SEED: &[(&str, &str, &str, &str)] = &[
    ("missing-sku", r#"{"quantity":2}"#, "MISSING_FIELD", "sku"),
    (
        "missing-quantity",
        r#"{"sku":"MUG-BLUE"}"#,
        "MISSING_FIELD",
        "quantity",
    ),
    (
        "string-quantity",
        r#"{"sku":"MUG-BLUE","quantity":"2"}"#,
        "INVALID_TYPE",
        "quantity",
    ),
    (
        "null-quantity",
        r#"{"sku":"MUG-BLUE","quantity":null}"#,
        "INVALID_TYPE",
        "quantity",
    ),
    (
        "fractional-quantity",
        r#"{"sku":"MUG-BLUE","quantity":1.5}"#,
        "INVALID_TYPE",
        "quantity",
    ),
    (
        "below-minimum",
        r#"{"sku":"MUG-BLUE","quantity":0}"#,
        "OUT_OF_RANGE",
        "quantity",
    ),
    (
        "negative-quantity",
        r#"{"sku":"MUG-BLUE","quantity":-1}"#,
        "OUT_OF_RANGE",
        "quantity",
    ),
    (
        "above-maximum",
        r#"{"sku":"MUG-BLUE","quantity":6}"#,
        "OUT_OF_RANGE",
        "quantity",
    ),
    (
        "unknown-field",
        r#"{"sku":"MUG-BLUE","quantity":2,"coupon":"X"}"#,
        "UNKNOWN_FIELD",
        "coupon",
    ),
];

#[test]
fn seed_add_cart_line_schema_yields_the_seed_rows_and_the_controls() {
    let (v, _) = table("testdata/cart/correct", "addCartLine");
    let rows = rows_by_id(&v);
    let mut last = 0;
    for (id, input, code, field) in SEED {
        let at = rows
            .iter()
            .position(|(i, _)| i == id)
            .unwrap_or_else(|| panic!("seed row `{id}` missing from {v:#}"));
        assert!(at >= last, "seed row `{id}` out of the seed's order");
        last = at;
        let row = rows[at].1;
        let want: Value = serde_json::from_str(input).unwrap();
        assert_eq!(row["input"], want, "input of `{id}`");
        assert_eq!(
            row["expect"],
            json!({"status": "rejected", "code": code, "field": field, "mutation": "not_applied"}),
            "expectation of `{id}`"
        );
        assert_eq!(row["schema"], "rejects", "the seed schema rejects `{id}`");
    }
    for (id, q) in [("minimum-quantity", 1), ("maximum-quantity", 5)] {
        let row = rows.iter().find(|(i, _)| *i == id).unwrap().1;
        assert_eq!(row["input"], json!({"sku": "MUG-BLUE", "quantity": q}));
        assert_eq!(row["expect"], json!({"status": "accepted"}));
        assert_eq!(row["schema"], "accepts");
    }
    // Every other row comes from a keyword of the schema (sku's type and length bounds),
    // plus the valid base input the seed corrects to.
    let extra: Vec<&str> = rows
        .iter()
        .map(|(i, _)| *i)
        .filter(|i| !SEED.iter().any(|s| s.0 == *i))
        .collect();
    assert_eq!(
        extra,
        [
            "null-sku",
            "too-short-sku",
            "too-long-sku",
            "valid-input",
            "minimum-quantity",
            "maximum-quantity"
        ]
    );
}

#[test]
fn seed_tool_tables_match_their_goldens() {
    let bless = std::env::var_os("CONTRACTLINT_BLESS").is_some();
    let mut failures = Vec::new();
    // (fixture, tool, golden file name)
    for (dir, tool, golden) in [
        ("testdata/cart/correct", "addCartLine", "addCartLine"),
        (
            "testdata/folding/correct",
            "findFoldingTable",
            "findFoldingTable",
        ),
        ("testdata/cases/open-object", "setReminder", "setReminder"),
        // The description requires `quantity`; the code's default takes it out of the schema.
        (
            "testdata/rmcp/described-required",
            "addCartLine",
            "addCartLine-described-required",
        ),
    ] {
        let (v, _) = table(dir, tool);
        let actual = serde_json::to_string_pretty(&v).unwrap() + "\n";
        let path = format!("tests/golden/cases/{golden}.json");
        if bless {
            std::fs::write(&path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("--- {path}\n{actual}"));
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches:\n{}",
        failures.join("\n")
    );
}

/// The seed's central case: "Requires `sku` and `quantity`" while `#[serde(default)]` takes
/// `quantity` out of the derived schema. The table follows the description: a missing-quantity
/// row the schema accepts (the disagreement), and no control without `quantity`.
#[test]
fn a_property_the_description_requires_is_a_required_row() {
    let (_, rows) = table("testdata/rmcp/described-required", "addCartLine");
    let disagreeing: Vec<&str> = rows
        .iter()
        .filter(|c| c.schema_disagrees())
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(disagreeing, ["missing-quantity"]);
    let missing = rows.iter().find(|c| c.id == "missing-quantity").unwrap();
    assert!(
        missing
            .from
            .as_deref()
            .unwrap()
            .starts_with("description: ")
    );
    for control in rows.iter().filter(|c| !c.kind.rejects()) {
        assert!(control.input.get("quantity").is_some(), "{}", control.id);
    }
    // A requirement the schema keeps is the schema's row, not a second one.
    let (_, rows) = table("testdata/rmcp/described-required-silent", "addCartLine");
    let missing: Vec<&str> = rows
        .iter()
        .filter(|c| c.id.starts_with("missing-"))
        .map(|c| c.from.as_deref().unwrap())
        .collect();
    assert_eq!(missing.len(), 2);
    assert!(missing.iter().all(|f| f.starts_with("schema: ")));
    // A default the description states takes `quantity` out of the table's required rows.
    let (_, rows) = table("testdata/rmcp/described-required-silent", "topUpCartLine");
    assert!(!rows.iter().any(|c| c.id == "missing-quantity"));
}

#[test]
fn an_open_object_is_a_finding_on_the_unknown_field_row_only() {
    let (_, rows) = table("testdata/cases/open-object", "setReminder");
    let disagreeing: Vec<&str> = rows
        .iter()
        .filter(|c| c.schema_disagrees())
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(disagreeing, ["unknown-field"]);
    let unknown = rows.iter().find(|c| c.id == "unknown-field").unwrap();
    assert_eq!(unknown.schema, SchemaVerdict::Accepts);
    // `note` may be null and is optional; `minutes` is a number: no null, missing or
    // fractional case contradicts the schema.
    assert!(
        !rows
            .iter()
            .any(|c| c.id == "null-note" || c.id == "missing-note")
    );
    assert!(!rows.iter().any(|c| c.id == "fractional-minutes"));
    // An exclusive minimum: the bound itself is the failure case and has no control.
    let below = rows.iter().find(|c| c.id == "below-minimum").unwrap();
    assert_eq!(below.input["minutes"], json!(0));
    assert!(!rows.iter().any(|c| c.id == "minimum-minutes"));
    let off = rows.iter().find(|c| c.id == "off-pattern-note").unwrap();
    assert_eq!(off.schema, SchemaVerdict::Rejects);
}

#[test]
fn an_empty_range_shows_as_controls_the_schema_rejects() {
    let (_, rows) = table("testdata/schema-rules/fires", "bookTable");
    let control = rows.iter().find(|c| c.id == "minimum-partySize").unwrap();
    assert!(control.schema_disagrees(), "{control:?}");
    assert_eq!(control.schema, SchemaVerdict::Rejects);
}

#[test]
fn codes_and_the_unknown_field_probe_follow_the_config() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        "testdata/cart/correct/tools/addCartLine.json",
        dir.path().join("addCartLine.json"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[cases]\nunknown-field = \"promo\"\n[cases.codes]\nOUT_OF_RANGE = \"QUANTITY_LIMIT\"\n",
    )
    .unwrap();
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", "addCartLine"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows_by_id(&v);
    let above = rows.iter().find(|(i, _)| *i == "above-maximum").unwrap().1;
    assert_eq!(above["expect"]["code"], "QUANTITY_LIMIT");
    let missing = rows.iter().find(|(i, _)| *i == "missing-sku").unwrap().1;
    assert_eq!(missing["expect"]["code"], "MISSING_FIELD");
    let unknown = rows.iter().find(|(i, _)| *i == "unknown-field").unwrap().1;
    assert_eq!(unknown["expect"]["field"], "promo");
    assert_eq!(unknown["input"]["promo"], "X");

    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[cases.codes]\nTOO_BIG = \"X\"\n",
    )
    .unwrap();
    Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", "addCartLine"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("TOO_BIG"));
}

#[test]
fn an_unknown_tool_exits_two_and_lists_the_known_ones() {
    Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLines",
            "testdata/cart/correct",
            "testdata/folding/correct",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "unknown tool `addCartLines`; known tools: addCartLine, findFoldingTable\n",
        ));
}

#[test]
fn a_tool_declared_by_several_projects_asks_which_one() {
    Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLine",
            "testdata/cart/rust-correct",
            "testdata/cart/rust-range-or",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "2 projects under the given paths declare `addCartLine` (testdata/cart/rust-correct/",
        ));
}

#[test]
fn extreme_or_odd_keywords_give_a_small_table_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("odd.json"),
        r#"{"name": "odd", "description": "Odd bounds.", "inputSchema": {
            "type": "object",
            "properties": {
              "huge": {"type": "integer", "minimum": 9.3e18, "maximum": 1e300},
              "long": {"type": "string", "minLength": 1e9, "maxLength": 1e12},
              "many": {"type": "array", "minItems": 1e9, "items": {"type": "string"}},
              "bad": {"type": "string", "pattern": "("},
              "shape": {"enum": [{"a": 1}, [2]]},
              "any": {}
            },
            "required": ["huge", "long", "many", "bad", "shape", "any", "ghost"],
            "additionalProperties": false
        }}"#,
    )
    .unwrap();
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", "odd"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.len() < 2_000_000, "{} bytes", out.stdout.len());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = rows_by_id(&v).into_iter().map(|(i, _)| i).collect();
    assert!(ids.contains(&"missing-ghost"), "{ids:?}");
    assert!(
        !ids.contains(&"too-long-long"),
        "no megabyte strings: {ids:?}"
    );
    assert!(
        !ids.iter()
            .any(|i| i.ends_with("-any") && *i != "missing-any"),
        "{ids:?}"
    );
}

#[test]
fn a_schema_split_over_files_is_evaluated_whole() {
    // `address` is a `$ref` to shared/address.json; its pattern needs a five-digit postcode.
    let (_, rows) = table("testdata/schema-rules/near-miss", "reserveSlot");
    let valid = rows.iter().find(|c| c.id == "valid-input").unwrap();
    assert_eq!(valid.schema, SchemaVerdict::Accepts, "{valid:?}");
    assert_eq!(valid.input["address"]["postcode"], json!("11111"));
    assert!(rows.iter().all(|c| !c.schema_disagrees()), "{rows:#?}");
    // Nested properties get their own cases, named by path.
    let nested = rows
        .iter()
        .find(|c| c.id == "off-pattern-address.postcode")
        .unwrap();
    assert_eq!(nested.property.as_deref(), Some("address.postcode"));
    assert_eq!(nested.schema, SchemaVerdict::Rejects);
    let missing = rows
        .iter()
        .find(|c| c.id == "missing-address.street")
        .unwrap();
    assert_eq!(missing.input["address"], json!({"postcode": "11111"}));
}

#[test]
fn an_underivable_base_input_makes_rejections_unproven_not_findings() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("code.json"),
        r#"{"name": "redeem", "description": "Redeems a voucher code.", "inputSchema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
              "code": {"type": "string", "description": "Voucher code.", "pattern": "^Q[0-9]{3}-Z$"}
            },
            "required": ["code"],
            "additionalProperties": false
        }}"#,
    )
    .unwrap();
    let config = Config::default();
    let outcome = check(&Options {
        paths: vec![dir.path().to_path_buf()],
        config: config.clone(),
        preview: true,
        ..Options::default()
    })
    .unwrap();
    let t = cases::for_tool(
        &outcome.project,
        "redeem",
        &config.cases,
        contractlint::extract::schema::written,
    )
    .unwrap();
    let valid = t.cases.iter().find(|c| c.id == "valid-input").unwrap();
    assert_eq!(valid.schema, SchemaVerdict::Rejects);
    assert!(valid.disagreement().contains("examples"));
    let missing = t.cases.iter().find(|c| c.id == "missing-code").unwrap();
    assert!(
        matches!(&missing.schema, SchemaVerdict::NotEvaluated(n) if n.contains("base input")),
        "{missing:?}"
    );
}

#[test]
fn a_value_the_code_looks_up_gets_an_unknown_reference_row_with_the_code_it_names() {
    // `!ROOMS.contains(&room)` against a constant list, `self.guests.get(guest).is_none()`
    // against a map filled at run time: each miss rejects before the booking is written.
    let (v, _) = table("testdata/rust-tools/lookups", "bookRoom");
    let rows = rows_by_id(&v);
    let row = |id: &str| {
        rows.iter()
            .find(|(i, _)| *i == id)
            .unwrap_or_else(|| panic!("no row {id} in {v:#}"))
            .1
    };
    let room = row("unknown-room");
    // `UNKNOWN` is a room of the list: the probe is a value outside it.
    assert_eq!(
        room["input"],
        json!({"room": "UNKNOWN-2", "guestId": "G-1"})
    );
    assert_eq!(
        room["expect"],
        json!({"status": "rejected", "code": "UNKNOWN_ROOM", "field": "room", "mutation": "not_applied"})
    );
    // An application rule: the schema accepting the input is no disagreement.
    assert_eq!(room["schema"], "accepts");
    assert!(room.get("schema_note").is_none(), "{room:#}");
    let from = room["from"].as_str().unwrap();
    assert!(
        from.starts_with("code: `room` is looked up in `ROOMS` (members: OAK, ELM, UNKNOWN) at testdata/rust-tools/lookups/src/main.rs:"),
        "{from}"
    );
    let guest = row("unknown-guestId");
    assert_eq!(guest["input"]["guestId"], "UNKNOWN");
    assert_eq!(guest["expect"]["code"], "UNKNOWN_GUEST");
    assert!(
        guest["from"]
            .as_str()
            .unwrap()
            .starts_with("code: `guestId` is looked up in `self.guests` at"),
        "{guest:#}"
    );
}
