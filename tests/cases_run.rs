//! `cases TOOL --run`: the failure-case tables executed against the sandbox servers under
//! tests/sandboxes/ (the examples `sandbox_cart` and `sandbox_folding`, built by `cargo
//! test`), over stdio, no network.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn example(name: &str) -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_contractlint"));
    let dir = bin.parent().expect("target dir").join("examples");
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path.display().to_string()
}

/// Run `cases TOOL DIR --run --format json [flags] -- SERVER [server args]`; the record and
/// the exit code.
fn run(tool: &str, dir: &str, flags: &[&str], server: &str, server_args: &[&str]) -> (Value, i32) {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", tool, dir, "--run", "--format", "json"])
        .args(flags)
        .arg("--")
        .arg(example(server))
        .args(server_args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    if out.stdout.is_empty() {
        // `-o FILE`: the record is in the file.
        return (Value::Null, out.status.code().unwrap_or(-1));
    }
    let record = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not a record ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (record, out.status.code().unwrap_or(-1))
}

/// The generated table alone against a variant of the cart sandbox.
fn cart(variant: &str) -> (Value, i32) {
    run(
        "addCartLine",
        "tests/sandboxes/cart",
        &[],
        "sandbox_cart",
        &["--variant", variant],
    )
}

/// A path as records show it: relative under the working directory, else `…/NAME` (a
/// `CARGO_TARGET_DIR` elsewhere).
fn shown_path(path: &str) -> String {
    let cwd = std::env::current_dir().unwrap();
    let path = std::path::Path::new(path);
    match path.strip_prefix(&cwd) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => format!("…/{}", path.file_name().unwrap().to_string_lossy()),
    }
}

fn rows(record: &Value) -> &Vec<Value> {
    record["rows"].as_array().expect("rows")
}

fn row<'a>(record: &'a Value, id: &str) -> &'a Value {
    rows(record)
        .iter()
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("no row {id}"))
}

fn failed(record: &Value) -> Vec<&str> {
    rows(record)
        .iter()
        .filter(|r| r["verdict"] == "failed")
        .map(|r| r["id"].as_str().unwrap())
        .collect()
}

const SEED_FAILURE_ROWS: &[(&str, &str, &str)] = &[
    ("missing-sku", "MISSING_FIELD", "sku"),
    ("missing-quantity", "MISSING_FIELD", "quantity"),
    ("string-quantity", "INVALID_TYPE", "quantity"),
    ("null-quantity", "INVALID_TYPE", "quantity"),
    ("fractional-quantity", "INVALID_TYPE", "quantity"),
    ("below-minimum", "OUT_OF_RANGE", "quantity"),
    ("negative-quantity", "OUT_OF_RANGE", "quantity"),
    ("above-maximum", "OUT_OF_RANGE", "quantity"),
    ("unknown-field", "UNKNOWN_FIELD", "coupon"),
    // The seed's `unknown-product`, derived from the sandbox's `CATALOGUE.contains(&sku)`.
    ("unknown-sku", "UNKNOWN_SKU", "sku"),
];

/// The results of a row's assertions, by what they checked.
fn assertions<'a>(r: &'a Value, what: &str) -> Vec<&'a Value> {
    r["checked"]["assertions"]
        .as_array()
        .expect("assertions")
        .iter()
        .filter(|a| a["what"] == what)
        .collect()
}

#[test]
fn correct_cart_rejects_every_seed_row_and_persists_both_controls() {
    let (record, code) = cart("correct");
    assert_eq!(code, 0, "{record:#}");
    assert_eq!(failed(&record), Vec::<&str>::new());
    assert_eq!(record["kind"], "contractlint-cases-run");
    assert!(record["environment"]["date"].is_string());
    assert!(
        record["findings"].as_array().unwrap().is_empty(),
        "no drift"
    );
    for (id, c, field) in SEED_FAILURE_ROWS {
        let r = row(&record, id);
        assert_eq!(r["outcome"], "rejected", "{id}");
        assert_eq!(r["checked"]["code"], "matches", "{id}");
        assert_eq!(r["checked"]["field"], "matches", "{id}");
        assert_eq!(r["expect"]["code"], *c, "{id}");
        assert_eq!(r["expect"]["field"], *field, "{id}");
        assert_eq!(r["state"]["compared"], "unchanged", "{id}");
        assert_eq!(r["response"]["result"]["isError"], true, "{id}");
        // A passing row keeps what it checked.
        let results: Vec<&str> = r["checked"]["assertions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["what"].as_str().unwrap())
            .collect();
        assert_eq!(
            results,
            ["reset", "outcome", "code", "field", "state"],
            "{id}"
        );
    }
    let unknown = row(&record, "unknown-sku");
    assert_eq!(unknown["input"]["sku"], "UNKNOWN");
    for (id, q) in [("minimum-quantity", 1), ("maximum-quantity", 5)] {
        let r = row(&record, id);
        assert_eq!(r["outcome"], "accepted");
        assert_eq!(r["state"]["compared"], "changed");
        assert_eq!(r["state"]["after"]["lines"][0]["quantity"], q, "{id}");
        assert_eq!(r["state"]["before"]["lines"], serde_json::json!([]));
        let stored = assertions(r, "stored");
        assert_eq!(stored[0]["result"], "passed", "{id}");
        assert_eq!(stored[0]["expected"]["quantity"], q, "{id}");
        assert_eq!(assertions(r, "reset")[0]["result"], "passed", "{id}");
    }
    assert!(
        record["server"]["stderr"]
            .as_str()
            .unwrap()
            .contains("serving on stdio")
    );
    assert_eq!(record["server"]["exit"], "exited with code 0");
}

#[test]
fn each_defect_fails_exactly_the_row_it_lets_through_with_the_state_change() {
    for (variant, id, outcome) in [
        ("default-quantity", "missing-quantity", "accepted"),
        ("write-before-check", "unknown-sku", "rejected"),
        ("coerce-string", "string-quantity", "accepted"),
    ] {
        let (record, code) = cart(variant);
        assert_eq!(code, 1, "{variant}");
        assert_eq!(failed(&record), vec![id], "{variant}");
        let r = row(&record, id);
        assert_eq!(r["outcome"], outcome, "{variant}");
        assert_eq!(r["state"]["compared"], "changed", "{variant}");
        assert_eq!(
            r["why"][0],
            format!("{outcome} and changed state"),
            "{variant}"
        );
        assert_eq!(record["summary"]["failure_rows_that_changed_state"], 1);
        assert_ne!(r["state"]["after"], r["state"]["before"]);
    }
}

#[test]
fn a_server_that_stores_another_quantity_fails_the_controls_it_did_not_store() {
    let (record, code) = cart("stores-one");
    assert_eq!(code, 1);
    // Quantity 1 is stored as 1; 2 (the base input) and 5 are stored as 1.
    assert_eq!(failed(&record), ["valid-input", "maximum-quantity"]);
    let r = row(&record, "maximum-quantity");
    assert_eq!(r["state"]["compared"], "changed", "the state did change");
    assert_eq!(
        r["why"][0],
        r#"accepted but not stored as sent: no item at /lines of the state holds {"sku":"MUG-BLUE","quantity":5}"#
    );
    let stored = assertions(r, "stored");
    assert_eq!(stored[0]["result"], "failed");
    assert_eq!(stored[0]["got"][0]["quantity"], 1);
}

#[test]
fn a_reset_that_does_nothing_stops_every_row_it_leaves_in_another_state() {
    let (record, code) = cart("no-reset");
    assert_eq!(code, 1);
    // The first control leaves a line; every row after it starts from a cart that is not
    // the declared empty one and is not run.
    let ids: Vec<&str> = rows(&record)
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let first_write = ids.iter().position(|i| *i == "valid-input").unwrap();
    assert_eq!(failed(&record), ids[first_write + 1..].to_vec());
    for r in &rows(&record)[first_write + 1..] {
        assert_eq!(r["outcome"], "not run");
        assert!(
            r["why"][0]
                .as_str()
                .unwrap()
                .starts_with("not run: reset failed: the state before the row is"),
            "{r:#}"
        );
        assert_eq!(assertions(r, "reset")[0]["result"], "failed");
    }
    assert_eq!(record["summary"]["not_run"], ids.len() - first_write - 1);
}

fn folding(cases: &str, server_args: &[&str]) -> (Value, i32) {
    run(
        "findFoldingTable",
        "tests/sandboxes/folding",
        &["--no-generated", "--cases-file", cases],
        "sandbox_folding",
        server_args,
    )
}

#[test]
fn folding_table_passes_its_four_seed_cases_with_the_basket_unchanged() {
    let (record, code) = folding("tests/sandboxes/folding/cases.json", &[]);
    assert_eq!(code, 0, "{record:#}");
    let (fallback, code) = folding(
        "tests/sandboxes/folding/cases-without-ft-a.json",
        &["--without", "FT-A"],
    );
    assert_eq!(code, 0, "{fallback:#}");
    let all: Vec<&Value> = rows(&record).iter().chain(rows(&fallback)).collect();
    let ids: Vec<&str> = all.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "original-request",
            "exact-boundary",
            "wrong-type",
            "valid-product-removed"
        ]
    );
    for r in &all {
        assert_eq!(r["verdict"], "passed", "{r:#}");
        assert_eq!(r["state"]["compared"], "unchanged");
        assert_eq!(r["state"]["after"]["basket"], serde_json::json!([]));
    }
    assert_eq!(row(&record, "wrong-type")["outcome"], "rejected");
    // The same file against the wrong build: the fallback row fails its assertions.
    let (wrong, _) = folding("tests/sandboxes/folding/cases-without-ft-a.json", &[]);
    let why = row(&wrong, "valid-product-removed")["why"].to_string();
    assert!(why.contains("/status"), "{why}");
}

#[test]
fn folding_table_generated_rows_pass_on_the_correct_build() {
    let (record, code) = run(
        "findFoldingTable",
        "tests/sandboxes/folding",
        &[],
        "sandbox_folding",
        &[],
    );
    assert_eq!(code, 0, "{record:#}");
    assert!(rows(&record).len() > 10);
}

#[test]
fn an_outage_reported_as_no_match_and_a_search_that_writes_fail() {
    let cases = "tests/sandboxes/folding/cases-outage.json";
    let (ok, code) = folding(cases, &["--outage"]);
    assert_eq!(code, 0, "{ok:#}");
    let (bad, code) = folding(cases, &["--outage", "--variant", "outage-no-match"]);
    assert_eq!(code, 1);
    assert_eq!(
        row(&bad, "catalogue-outage")["why"][0],
        "accepted: expected rejection with CATALOGUE_UNAVAILABLE"
    );
    let (writes, _) = folding(
        "tests/sandboxes/folding/cases.json",
        &["--variant", "writes-basket"],
    );
    let r = row(&writes, "original-request");
    assert_eq!(r["why"][0], "accepted and changed state");
    assert_eq!(r["state"]["after"]["basket"], serde_json::json!(["FT-A"]));
}

#[test]
fn every_folding_defect_is_caught_by_generated_rows_alone() {
    // The generated table alone: the schema's rows, the outage row the config's
    // `simulateOutage` gives, and the rows from the catalogue the code writes out
    // (`PRODUCTS`, searched by `maxFoldedThicknessMm` and `minOpenWidthMm`).
    let failed_rows = |variant: &str| {
        let (record, code) = run(
            "findFoldingTable",
            "tests/sandboxes/folding",
            &[],
            "sandbox_folding",
            &["--variant", variant],
        );
        let ids: Vec<String> = failed(&record).iter().map(|s| s.to_string()).collect();
        assert_eq!(code, if ids.is_empty() { 0 } else { 1 }, "{variant}");
        (record, ids)
    };
    let (record, ids) = failed_rows("correct");
    assert!(ids.is_empty(), "{ids:?}");
    // The seed's four cases and its outage, generated: the original request lists FT-A
    // only, the same request with FT-A removed lists nothing, the limit exactly at FT-A's
    // folded thickness lists it, a wrongly typed limit is refused, and an outage is not
    // "no match".
    let original = row(&record, "valid-input");
    let listed: Vec<&Value> = original["response"]["result"]["structuredContent"]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["productId"])
        .collect();
    assert_eq!(listed, ["FT-A"]);
    assert_eq!(
        assertions(original, "response").len(),
        4,
        "FT-A listed, FT-B and FT-C not, nothing more: {original:#}"
    );
    let removed = row(&record, "without-FT-A");
    assert_eq!(
        removed["setup"],
        serde_json::json!([{"tool": "hideProduct", "arguments": {"productId": "FT-A"}}])
    );
    assert_eq!(
        removed["response"]["result"]["structuredContent"]["status"],
        "no_match"
    );
    assert_eq!(removed["state"]["compared"], "unchanged");
    let boundary = row(&record, "at-limit-maxFoldedThicknessMm");
    assert_eq!(boundary["input"]["maxFoldedThicknessMm"], 70);
    assert_eq!(
        row(&record, "string-maxFoldedThicknessMm")["outcome"],
        "rejected"
    );
    let outage = row(&record, "backend-outage");
    assert_eq!(outage["outcome"], "rejected");
    assert_eq!(
        outage["response"]["result"]["structuredContent"]["status"],
        "catalogue_unavailable"
    );
    let wrong_answers = |extra: &[&'static str]| {
        let mut ids = vec!["valid-input", "past-limit-minOpenWidthMm"];
        ids.extend(extra);
        ids
    };
    for (variant, want) in [
        ("outage-no-match", vec!["backend-outage"]),
        (
            "writes-basket",
            vec![
                "valid-input",
                "minimum-minOpenWidthMm",
                "at-limit-maxFoldedThicknessMm",
                "unknown-value-maxFoldedThicknessMm",
            ],
        ),
        (
            "compares-tabletop",
            wrong_answers(&[
                "at-limit-maxFoldedThicknessMm",
                "past-limit-maxFoldedThicknessMm",
                "unknown-value-maxFoldedThicknessMm",
                "without-FT-A",
            ]),
        ),
        (
            "strict-less",
            vec![
                "at-limit-maxFoldedThicknessMm",
                "unknown-value-maxFoldedThicknessMm",
            ],
        ),
        (
            "unknown-as-zero",
            wrong_answers(&[
                "at-limit-maxFoldedThicknessMm",
                "past-limit-maxFoldedThicknessMm",
                "unknown-value-maxFoldedThicknessMm",
                "without-FT-A",
            ]),
        ),
    ] {
        let (_, ids) = failed_rows(variant);
        assert_eq!(ids, want, "{variant}");
    }
    // The seed's hand-written cases agree with the generated ones on the correct build.
    let (record, code) = run(
        "findFoldingTable",
        "tests/sandboxes/folding",
        &["--cases-file", "tests/sandboxes/folding/cases.json"],
        "sandbox_folding",
        &[],
    );
    assert_eq!(code, 0, "{record:#}");
}

#[test]
fn a_run_prints_a_one_screen_summary_and_writes_the_record_where_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.json");
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLine",
            "tests/sandboxes/cart",
            "--run",
            "-o",
        ])
        .arg(&path)
        .arg("--")
        .arg(example("sandbox_cart"))
        .args(["--variant", "write-before-check"])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let n = rows(&record).len();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "contractlint cases addCartLine: {n} rows, {} passed, 1 failed (0 not run)",
            n - 1
        )
    );
    assert_eq!(
        lines[1],
        "rows that changed state: 4 (unknown-sku, valid-input, minimum-quantity, maximum-quantity)"
    );
    assert_eq!(lines[2], "  ✗ unknown-sku: rejected and changed state");
    assert_eq!(
        lines[3],
        format!(
            "server: {} --variant write-before-check (exited with code 0)",
            shown_path(&example("sandbox_cart"))
        )
    );
    assert_eq!(lines[4], format!("record: {}", path.display()));
    assert!(lines.len() < 25, "one screen: {text}");
    // Without -o the record is not written, and the summary says how to get it.
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLine",
            "tests/sandboxes/cart",
            "--run",
            "--",
        ])
        .arg(example("sandbox_cart"))
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("record: not written (-o FILE writes it; --format json prints it)\n"),
        "{text}"
    );
    // --format is for runs: the table itself is JSON.
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLine",
            "tests/sandboxes/cart",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

fn misbehaving(how: &str) -> (Value, i32) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run.json");
    let (stdout, code) = run(
        "addCartLine",
        "tests/sandboxes/cart",
        &["--call-timeout", "2", "-o", out.to_str().unwrap()],
        "sandbox_cart",
        &["--misbehave", how],
    );
    assert_eq!(stdout, Value::Null, "with -o nothing is printed");
    let record = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    (record, code)
}

#[test]
fn a_hanging_server_fails_its_rows_and_the_run_still_ends_with_a_record() {
    let start = std::time::Instant::now();
    let (record, code) = misbehaving("hang-on-call");
    assert!(start.elapsed().as_secs() < 60);
    assert_eq!(code, 1);
    let first = &rows(&record)[0];
    assert_eq!(first["outcome"], "no response");
    assert_eq!(first["why"][0], "no response within 2 s");
    assert!(rows(&record)[1..].iter().all(|r| r["outcome"] == "not run"));
    assert!(
        record["server"]["exit"]
            .as_str()
            .unwrap()
            .starts_with("killed")
    );
}

#[test]
fn a_server_crashing_mid_table_fails_the_rest() {
    // Each row makes 4 calls (reset, state, call, state): the third row's reset finds it gone.
    let (record, code) = misbehaving("exit-after-calls=8");
    assert_eq!(code, 1);
    let verdicts: Vec<&str> = rows(&record)
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(&verdicts[..2], ["passed", "passed"]);
    assert!(verdicts[2..].iter().all(|v| *v == "failed"));
    assert!(
        rows(&record)[2]["why"][0]
            .as_str()
            .unwrap()
            .contains("connection to the server ended")
    );
    assert_eq!(record["server"]["exit"], "exited with code 3");
}

#[test]
fn garbage_on_stdout_fails_the_row_it_was_written_in() {
    let (record, code) = misbehaving("garbage-stdout");
    assert_eq!(code, 1);
    for r in rows(&record) {
        assert_eq!(r["verdict"], "failed");
        assert!(r["why"].to_string().contains("non-JSON line"), "{r:#}");
        assert!(
            r["stdout_garbage"][0]
                .as_str()
                .unwrap()
                .starts_with("debug:")
        );
    }
}

#[test]
fn a_published_schema_that_drifted_from_the_live_one_is_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = std::fs::read_to_string("tests/sandboxes/cart/tools.json")
        .unwrap()
        .replace("\"maximum\": 5", "\"maximum\": 10")
        .replace(
            "\"readOnlyHint\": false, \"destructiveHint\": false",
            "\"readOnlyHint\": true, \"destructiveHint\": false",
        );
    std::fs::write(dir.path().join("tools.json"), manifest).unwrap();
    std::fs::copy(
        "tests/sandboxes/cart/contractlint.toml",
        dir.path().join("contractlint.toml"),
    )
    .unwrap();
    let (record, _) = run(
        "addCartLine",
        dir.path().to_str().unwrap(),
        &[],
        "sandbox_cart",
        &[],
    );
    let what: Vec<&str> = record["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["what"].as_str().unwrap())
        .collect();
    assert_eq!(what, ["inputSchema", "readOnlyHint"]);
}

#[test]
fn nothing_runs_without_run() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", "addCartLine", "tests/sandboxes/cart", "--"])
        .args(["touch", marker.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(!marker.exists(), "the command after -- ran without --run");
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(table.is_array());
}

#[test]
fn a_server_that_cannot_start_still_gives_a_record() {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLine",
            "tests/sandboxes/cart",
            "--run",
            "--format",
            "json",
            "--",
        ])
        .arg("/nonexistent/server")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        record["rows"][0]["why"][0]
            .as_str()
            .unwrap()
            .starts_with("not run: cannot start")
    );
}

#[test]
fn report_shows_the_executed_column_and_a_state_change_makes_the_tool_not_ready() {
    let dir = tempfile::tempdir().unwrap();
    let record = |variant: &str| {
        let path = dir.path().join(format!("{variant}.json"));
        let (_, _) = run(
            "addCartLine",
            "tests/sandboxes/cart",
            &[
                "--cases-file",
                "tests/sandboxes/cart/cases.json",
                "-o",
                path.to_str().unwrap(),
            ],
            "sandbox_cart",
            &["--variant", variant],
        );
        path
    };
    let report = |format: &str, run: &std::path::Path| {
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .args([
                "report",
                "--preview",
                "tests/sandboxes/cart",
                "--format",
                format,
            ])
            .arg("--cases-run")
            .arg(run)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let bad = record("write-before-check");
    let md = report("md", &bad);
    assert!(md.contains("| Validator enforces | Executed |"), "{md}");
    assert!(
        md.contains("✗ **failed: rejected and changed state**"),
        "{md}"
    );
    assert!(
        md.contains("## `addCartLine` (tests/sandboxes/cart) — not ready"),
        "{md}"
    );
    assert!(md.contains("when run, 1 failure row changed state: unknown-sku"));
    let html = report("html", &bad);
    assert!(html.contains("<th>Executed</th>"));
    assert!(html.contains("✗ failed: rejected and changed state"));
    // Per row: the expected field, what was asserted, the state before and after with the
    // change marked, and the response (collapsed).
    assert!(
        html.contains(r#"rejected <code class="pill">UNKNOWN_SKU</code> at <code>sku</code>"#),
        "{html}"
    );
    assert!(html.contains(
        r#"<mark>changed <code>/lines/0</code>: absent → {&quot;sku&quot;:&quot;UNKNOWN&quot;,&quot;quantity&quot;:2}</mark>"#
    ));
    assert_eq!(
        html.matches("<details><summary>response</summary>").count(),
        15
    );
    assert!(html.contains(
        r#"<span class="bad">✗</span> state <code>unchanged</code>, got <code>changed</code>"#
    ));
    // No machine's absolute path: the record file is outside the project (…/name), the
    // server binary under it (relative).
    let cwd = std::env::current_dir().unwrap();
    assert!(!html.contains(cwd.to_str().unwrap()), "{html}");
    assert!(!html.contains(dir.path().to_str().unwrap()), "{html}");
    assert!(html.contains(&format!(
        "against <code>{} --variant write-before-check</code>",
        shown_path(&example("sandbox_cart"))
    )));
    // The sandbox's reset and state tools are marked and left out of the overall verdict;
    // the sign-off carries the configured scope and blanks for the reviewer.
    assert!(html.contains("sandbox helpers, not counted: getCart, resetCart"));
    assert!(html.contains(r#"<div class="signoff-part" id="sign-off"><h2>Sign-off</h2>"#));
    assert!(html.contains("<dt>scope</dt><dd>addCartLine over MCP stdio"));
    assert!(html.contains("<dt>reviewer</dt><dd></dd>"));
    let good = record("correct");
    let md = report("md", &good);
    assert!(md.contains("all 15 rows passed when run"), "{md}");
    assert!(!md.contains("— not ready"), "{md}");
    // Without --cases-run the table has no executed column.
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "report",
            "--preview",
            "tests/sandboxes/cart",
            "--format",
            "md",
        ])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Executed"));
}

#[test]
fn the_folding_report_shows_each_rows_response_and_state_and_a_sign_off() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("folding.json");
    let (_, code) = run(
        "findFoldingTable",
        "tests/sandboxes/folding",
        &[
            "--cases-file",
            "tests/sandboxes/folding/cases.json",
            "-o",
            path.to_str().unwrap(),
        ],
        "sandbox_folding",
        &["--variant", "strict-less"],
    );
    assert_eq!(code, 1);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "report",
            "--preview",
            "tests/sandboxes/folding",
            "--cases-run",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let html = String::from_utf8(out.stdout).unwrap();
    // Every row executed shows its response (collapsed, its lines as lines) and the state
    // before and after.
    let n = rows(&record).len();
    assert_eq!(
        html.matches("<details><summary>response</summary>").count(),
        n
    );
    assert_eq!(
        html.matches(r#"<span class="k">state before</span>"#)
            .count(),
        n
    );
    assert!(
        !html.contains(r"\u{a}"),
        "a response's line breaks are shown as breaks"
    );
    assert!(html.contains(
        r#"<span class="bad">✗</span> response <code>/matches/0/productId</code> <code>FT-A</code>, got <code>absent</code>"#
    ));
    assert!(html.contains(
        r#"<code>{&quot;catalogue&quot;:[&quot;FT-A&quot;,&quot;FT-B&quot;,&quot;FT-C&quot;],&quot;basket&quot;:[]}</code>"#
    ));
    // The generated removal row shows the sandbox call made before it.
    assert!(html.contains(
        r#"<span class="k">setup</span> <code>hideProduct {&quot;productId&quot;:&quot;FT-A&quot;}</code>"#
    ));
    let cwd = std::env::current_dir().unwrap();
    assert!(!html.contains(cwd.to_str().unwrap()), "{html}");
    assert!(!html.contains(dir.path().to_str().unwrap()), "{html}");
    assert!(html.contains(r#"<div class="signoff-part" id="sign-off"><h2>Sign-off</h2>"#));
    assert!(html.contains("<dt>scope</dt><dd>findFoldingTable over MCP stdio"));
    // The outage row is the searched tool's; the sandbox's own tools get none.
    assert_eq!(
        html.matches("<td><code>backend-outage</code></td>").count(),
        1
    );
    assert!(
        html.contains(
            "sandbox helpers, not counted: getSandbox, hideProduct, resetSandbox, simulateOutage"
        ),
        "{html}"
    );
}

#[test]
fn a_run_goes_to_its_own_package_when_two_packages_declare_the_tool() {
    // Two packages (a/ and b/) publish the sandbox's contract; the run is against b/, the
    // second of the two in the report.
    let dir = tempfile::tempdir().unwrap();
    let pkg = |name: &str| {
        let p = dir.path().join(name);
        std::fs::create_dir(&p).unwrap();
        for f in ["tools.json", "contractlint.toml", "server.rs"] {
            std::fs::copy(format!("tests/sandboxes/cart/{f}"), p.join(f)).unwrap();
        }
        std::fs::write(p.join("package.json"), format!(r#"{{"name": "{name}"}}"#)).unwrap();
        p.display().to_string()
    };
    let (a, b) = (pkg("a"), pkg("b"));
    let (record, code) = run(
        "addCartLine",
        &b,
        &["--cases-file", "tests/sandboxes/cart/cases.json"],
        "sandbox_cart",
        &["--variant", "write-before-check"],
    );
    assert_eq!(code, 1);
    assert_eq!(record["package"], b.as_str());
    let path = dir.path().join("run.json");
    std::fs::write(&path, record.to_string()).unwrap();
    let report = |run: &std::path::Path| {
        Command::cargo_bin("contractlint")
            .unwrap()
            .args(["report", "--preview", &a, &b, "--format", "md"])
            .arg("--cases-run")
            .arg(run)
            .output()
            .unwrap()
    };
    let out = report(&path);
    assert!(out.status.success(), "{out:?}");
    let md = String::from_utf8(out.stdout).unwrap();
    let section = |package: &str| {
        let heading = format!("## `addCartLine` ({package})");
        let start = md
            .find(&heading)
            .unwrap_or_else(|| panic!("no {heading}: {md}"));
        let rest = &md[start + heading.len()..];
        rest[..rest.find("\n## ").unwrap_or(rest.len())].to_string()
    };
    assert!(section(&b).contains("| Executed |"), "{md}");
    assert!(!section(&a).contains("Executed"), "{md}");
    // A record from neither package is refused, not attached to the first namesake.
    let mut other = record.clone();
    other["package"] = "elsewhere".into();
    std::fs::write(&path, other.to_string()).unwrap();
    let out = report(&path);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "2 packages in this report declare `addCartLine` and none is the run's (elsewhere)"
        ),
        "{out:?}"
    );
}

/// The cart sandbox serving streamable HTTP on a free loopback port; its URL. Killed on drop.
struct HttpSandbox {
    child: std::process::Child,
    url: String,
}

impl HttpSandbox {
    fn start(variant: &str) -> HttpSandbox {
        use std::io::BufRead;
        let mut child = std::process::Command::new(example("sandbox_cart"))
            .args(["--http", "127.0.0.1:0", "--variant", variant])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut url = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut url)
            .unwrap();
        HttpSandbox {
            child,
            url: url.trim().to_string(),
        }
    }
}

impl Drop for HttpSandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn run_url(url: &str) -> (Value, std::process::Output) {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", "addCartLine", "tests/sandboxes/cart", "--run"])
        .args([
            "--format",
            "json",
            "--cases-file",
            "tests/sandboxes/cart/cases.json",
            "--url",
            url,
        ])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let record = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (record, out)
}

#[test]
fn the_table_runs_over_streamable_http_on_loopback() {
    let server = HttpSandbox::start("correct");
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "{}",
        server.url
    );
    let (record, out) = run_url(&server.url);
    assert_eq!(out.status.code(), Some(0), "{record:#}");
    assert_eq!(record["server"]["transport"], "streamable-http");
    assert_eq!(record["server"]["url"], server.url.as_str());
    assert_eq!(record["summary"]["failed"], 0, "{record:#}");
    assert_eq!(row(&record, "maximum-quantity")["verdict"], "passed");
    // The defect is seen over HTTP as over stdio: the unknown product is written.
    let server = HttpSandbox::start("write-before-check");
    let (record, out) = run_url(&server.url);
    assert_eq!(out.status.code(), Some(1));
    let failed: Vec<&str> = rows(&record)
        .iter()
        .filter(|r| r["verdict"] == "failed")
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(failed, ["unknown-sku"], "{record:#}");
    assert_eq!(row(&record, "unknown-sku")["state"]["compared"], "changed");
}

#[test]
fn a_url_off_this_machine_is_refused_before_anything_is_called() {
    for url in [
        "http://10.0.0.1:8080/mcp",
        "http://example.com/mcp",
        "http://localhost:8080/mcp",
        "https://127.0.0.1:8443/mcp",
        "not a url",
    ] {
        let (_, out) = run_url(url);
        assert_eq!(out.status.code(), Some(2), "{url}: {out:?}");
        assert!(out.stdout.is_empty(), "{url}: no record");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--url {url}")), "{url}: {err}");
    }
    let (_, out) = run_url("http://10.0.0.1:8080/mcp");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a loopback address"));
    // A command and a URL together are refused by the argument parser.
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["cases", "addCartLine", "tests/sandboxes/cart", "--run"])
        .args(["--url", "http://127.0.0.1:9/mcp", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
