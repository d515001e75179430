//! The command line as users' scripts see it: exit codes, formats and messages.

use assert_cmd::Command;
use serde_json::Value;

fn cl() -> Command {
    Command::cargo_bin("contractlint").unwrap()
}

fn json_of(args: &[&str]) -> (Value, i32) {
    let out = cl().args(args).output().unwrap();
    let v = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    (v, out.status.code().unwrap())
}

#[test]
fn clean_tree_exits_zero() {
    cl().args(["check", "--preview", "testdata/cart/correct"])
        .assert()
        .code(0);
}

#[test]
fn findings_exit_one_and_fail_on_lowers_the_bar() {
    // Only warnings and infos in the near-miss-free part: S001/S003 warnings fail with --fail-on warning.
    cl().args([
        "check",
        "--preview",
        "testdata/schema-rules/fires",
        "--select",
        "S001",
    ])
    .assert()
    .code(0);
    cl().args([
        "check",
        "--preview",
        "testdata/schema-rules/fires",
        "--select",
        "S001",
        "--fail-on",
        "warning",
    ])
    .assert()
    .code(1);
}

#[test]
fn open_object_and_bad_required_entry_are_located_exactly() {
    let (v, code) = json_of(&[
        "check",
        "--preview",
        "testdata/schema-rules/fires",
        "--format",
        "json",
        "--select",
        "S003,required-undeclared",
    ]);
    assert_eq!(code, 1);
    let diags = v["diagnostics"].as_array().unwrap();
    let s003 = diags.iter().find(|d| d["code"] == "S003").unwrap();
    assert_eq!(
        s003["primary"]["file"],
        "testdata/schema-rules/fires/tools/bookTable.json"
    );
    assert_eq!(
        (
            s003["primary"]["line"].as_u64(),
            s003["primary"]["column"].as_u64()
        ),
        (Some(10), Some(18))
    );
    let s004 = diags.iter().find(|d| d["code"] == "S004").unwrap();
    assert_eq!(
        (
            s004["primary"]["line"].as_u64(),
            s004["primary"]["column"].as_u64()
        ),
        (Some(18), Some(31))
    );
    assert_eq!(s004["primary"]["end_column"].as_u64(), Some(37));
    assert_eq!(s004["tool"], "bookTable");
    assert!(
        diags
            .iter()
            .all(|d| d["code"] == "S003" || d["code"] == "S004")
    );
}

#[test]
fn malformed_json_is_e001_and_the_rest_is_still_linted() {
    let (v, code) = json_of(&[
        "check",
        "--preview",
        "testdata/cart/broken-json",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let diags = v["diagnostics"].as_array().unwrap();
    let e = diags.iter().find(|d| d["code"] == "E001").expect("E001");
    assert_eq!(
        e["primary"]["file"],
        "testdata/cart/broken-json/tools/removeCartLine.json"
    );
    assert_eq!(e["primary"]["line"], 11);
    assert!(
        diags.iter().any(|d| d["code"] == "S004"),
        "the other file was linted"
    );
}

#[test]
fn usage_errors_exit_two() {
    cl().args(["check", "--preview", "--no-such-flag"])
        .assert()
        .code(2);
    cl().args(["check", "--preview", "does/not/exist"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("does not exist"));
    cl().args(["check", "--preview", ".", "--select", "Z999"])
        .assert()
        .code(2);
    cl().args(["explain", "nope"]).assert().code(2);
}

#[test]
fn bad_config_exits_two_with_its_location() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[rules]\nS003 = \"loud\"\n",
    )
    .unwrap();
    cl().args(["check", "--preview"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("contractlint.toml:2:8"));
}

#[test]
fn config_turns_rules_off_and_changes_severity() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        "testdata/cart/broken-json/tools/addCartLine.json",
        dir.path().join("addCartLine.json"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[rules]\nrequired-undeclared = \"off\"\nS005 = \"error\"\n",
    )
    .unwrap();
    let out = cl()
        .args(["check", "--preview", "--format", "json"])
        .arg(dir.path())
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let diags = v["diagnostics"].as_array().unwrap();
    assert!(diags.iter().all(|d| d["code"] != "S004"));
    let s005 = diags.iter().find(|d| d["code"] == "S005").unwrap();
    assert_eq!(s005["severity"], "error");
}

#[test]
fn rules_and_explain_read_the_catalog() {
    cl().args(["rules"])
        .assert()
        .code(0)
        .stdout(predicates::str::contains("S003  open-input-object"));
    cl().args(["explain", "open-input-object"])
        .assert()
        .code(0)
        .stdout(predicates::str::contains("## Why is this bad?"));
    let out = cl().args(["rules", "--format", "json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.as_array().unwrap().iter().any(|r| r["code"] == "S007"));
}

#[test]
fn explain_links_traces_page_tools_to_rust_handlers() {
    let out = cl()
        .args([
            "check",
            "--preview",
            "testdata/webmcp/shop",
            "--explain-links",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "addCartLine\n  source: page script (testdata/webmcp/shop/web/shop.js:17:9)\n",
        "  link: fetch POST /api/cart/lines (testdata/webmcp/shop/web/shop.js:5:21) → axum route POST /api/cart/lines (testdata/webmcp/shop/server/src/main.rs:11:16) → add_cart_line(Json<AddCartLine>) (testdata/webmcp/shop/server/src/cart.rs:25:14)\n",
        "  link: fetch GET /api/tables/search (testdata/webmcp/shop/web/search.ts:27:23) → axum route GET /api/tables/search (testdata/webmcp/shop/server/src/main.rs:13:16) → find_folding_table(Query<TableSearch>) (testdata/webmcp/shop/server/src/tables.rs:22:14)\n",
        "  rust: through the route's handler: input AddCartLine (testdata/webmcp/shop/server/src/cart.rs:16:12), handler add_cart_line (testdata/webmcp/shop/server/src/cart.rs:25:14)\n",
        "removeCartLine\n  source: declarative form (testdata/webmcp/shop/web/index.html:9:9)\n",
        "  link: form submit POST /api/cart/lines/remove (testdata/webmcp/shop/web/index.html:9:3) → axum route POST /api/cart/lines/remove (testdata/webmcp/shop/server/src/main.rs:12:16) → remove_cart_line(Form<RemoveCartLine>) (testdata/webmcp/shop/server/src/cart.rs:47:14)\n",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
    // With JSON on stdout, the trace goes to stderr and stdout stays one JSON object.
    let out = cl()
        .args([
            "check",
            "--preview",
            "testdata/webmcp/shop",
            "--explain-links",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let _: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("→ axum route POST /api/cart/lines")
    );
}

#[test]
fn unmatched_page_request_is_explained() {
    let out = cl()
        .args([
            "check",
            "--preview",
            "testdata/webmcp/page-schema-rules",
            "--explain-links",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "bookTable\n  source: page script (testdata/webmcp/page-schema-rules/web/tools.js:3:9)\n  \
             link: fetch POST /api/bookings (testdata/webmcp/page-schema-rules/web/tools.js:23:23) → \
             no POST route among the 0 the Rust server registers\n"
        ),
        "{text}"
    );
}

/// A report that cannot be written is a failed run (exit 2, with a message), not a pass.
#[test]
#[cfg(target_os = "linux")]
fn a_failed_write_to_standard_output_exits_two() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    for path in ["testdata/cart/correct", "testdata/schema-rules/fires"] {
        let bin = assert_cmd::cargo::cargo_bin("contractlint");
        let out = std::process::Command::new(bin)
            .args(["check", "--preview", path, "--format", "json"])
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "check {path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot write to standard output"), "{err}");
    }
}

#[test]
fn output_format_is_an_alias_of_format() {
    let (a, _) = json_of(&["check", "--preview", "testdata/cart", "--format", "json"]);
    let (b, _) = json_of(&[
        "check",
        "--preview",
        "testdata/cart",
        "--output-format",
        "json",
    ]);
    assert_eq!(a, b);
}

#[test]
fn extend_select_widens_a_selection_and_extend_ignore_adds_to_ignore() {
    let codes = |args: &[&str]| {
        let mut all = vec!["check", "--preview", "testdata/cart", "--format", "json"];
        all.extend_from_slice(args);
        let (v, _) = json_of(&all);
        let mut c: Vec<String> = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect();
        c.sort();
        c.dedup();
        c
    };
    let every = codes(&[]);
    assert!(every.len() >= 2, "{every:?}");
    let (first, second) = (every[0].as_str(), every[1].as_str());
    assert_eq!(codes(&["--select", first]), [first]);
    assert_eq!(
        codes(&["--select", first, "--extend-select", second]),
        [first, second]
    );
    // No selection is every rule: extending it changes nothing.
    assert_eq!(codes(&["--extend-select", first]), every);
    let without: Vec<String> = every.iter().filter(|c| *c != first).cloned().collect();
    assert_eq!(codes(&["--extend-ignore", first]), without);
    assert_eq!(
        codes(&["--ignore", second, "--extend-ignore", first]),
        every[2..].to_vec()
    );
    cl().args([
        "check",
        "--preview",
        "testdata/cart",
        "--extend-select",
        "Z999",
    ])
    .assert()
    .code(2);
}

/// The help text, the README and docs/configuration.md say the same about where the
/// configuration comes from.
#[test]
fn help_and_docs_agree_on_configuration_discovery() {
    let squash = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let help = cl()
        .args(["check", "--preview", "--help"])
        .output()
        .unwrap();
    let help = squash(&String::from_utf8(help.stdout).unwrap());
    let said = squash(contractlint::cli::CONFIG_HELP);
    assert!(help.contains(&said), "check --help lacks: {said}");
    for doc in ["README.md", "docs/configuration.md"] {
        let text = std::fs::read_to_string(doc).unwrap();
        assert!(
            squash(&text.replace('`', "")).contains(&said),
            "{doc} does not say: {said}"
        );
    }
}
