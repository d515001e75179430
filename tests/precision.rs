//! Saying each true thing once, and only about contracts: systemic findings grouped per
//! package, and files that are not contracts (or are the run's own output) left alone.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn cl() -> Command {
    Command::cargo_bin("contractlint").unwrap()
}

/// The JSON report and exit code of `check` with `args`, run in `dir`.
fn check_in(dir: &Path, args: &[&str]) -> (Value, i32) {
    let out = cl()
        .current_dir(dir)
        .args(["check", "--preview"])
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (v, out.status.code().unwrap())
}

fn codes(v: &Value) -> Vec<(String, Value)> {
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_string(), d["tool"].clone()))
        .collect()
}

fn systemic_fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        "testdata/precision/systemic/tools.json",
        dir.path().join("tools.json"),
    )
    .unwrap();
    dir
}

#[test]
fn a_cause_on_most_tools_is_one_finding_listing_them() {
    let dir = systemic_fixture();
    let (v, code) = check_in(dir.path(), &["--fail-on", "warning"]);
    assert_eq!(code, 1);
    let d = &v["diagnostics"][0];
    assert_eq!(v["diagnostics"].as_array().unwrap().len(), 1, "{v:#}");
    assert_eq!(d["code"], "S003");
    assert_eq!(d["tool"], Value::Null);
    assert_eq!(
        d["tools"],
        serde_json::json!(["listShelves", "countStock", "moveStock"])
    );
    assert_eq!(d["related"].as_array().unwrap().len(), 2);
    assert!(d["help"].as_str().unwrap().contains("additionalProperties"));
}

#[test]
fn no_group_and_the_config_key_show_them_one_by_one() {
    let dir = systemic_fixture();
    let (v, _) = check_in(dir.path(), &["--no-group"]);
    let tools: Vec<_> = codes(&v).into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        tools,
        ["listShelves", "countStock", "moveStock"].map(Value::from)
    );
    std::fs::write(dir.path().join("contractlint.toml"), "group = false\n").unwrap();
    let (by_config, _) = check_in(dir.path(), &[]);
    assert_eq!(codes(&by_config), codes(&v));
}

#[test]
fn baselines_cover_the_grouped_finding_either_way() {
    let dir = systemic_fixture();
    for write_args in [&[][..], &["--no-group"][..]] {
        let mut args = vec!["--write-baseline", "base.json"];
        args.extend(write_args);
        check_in(dir.path(), &args);
        let (v, code) = check_in(
            dir.path(),
            &["--baseline", "base.json", "--fail-on", "warning"],
        );
        assert_eq!(
            (codes(&v), code),
            (vec![], 0),
            "written with {write_args:?}"
        );
    }
}

#[test]
fn a_suppressed_tool_leaves_too_few_to_group() {
    let dir = systemic_fixture();
    let path = dir.path().join("tools.json");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "\"required\": [\"shelf\", \"sku\"]",
        "\"required\": [\"shelf\", \"sku\"], \"x-contractlint-allow\": \"S003\", \"$comment\": \"clients add tracing fields\"",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let (v, _) = check_in(dir.path(), &[]);
    let tools: Vec<_> = codes(&v).into_iter().map(|(_, t)| t).collect();
    assert_eq!(tools, ["listShelves", "moveStock"].map(Value::from));
}
