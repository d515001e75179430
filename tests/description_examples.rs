//! The D rules' catalog pages tell the truth: each rule's example fires it and the fixed
//! example does not. A bare schema example is linted as `<tool>.schema.json`.

use contractlint::{Options, catalog, check, config::Config};

fn codes(json: &str) -> Vec<&'static str> {
    let dir = tempfile::tempdir().unwrap();
    let file = if json.contains("\"name\"") && json.contains("\"inputSchema\"") {
        "tool.json"
    } else {
        "exampleTool.schema.json"
    };
    std::fs::write(dir.path().join(file), json).unwrap();
    let opts = Options {
        paths: vec![dir.path().to_path_buf()],
        config: Config::load(None, dir.path()).unwrap(),
        ..Options::default()
    };
    check(&opts)
        .unwrap()
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

#[test]
fn every_d_rule_example_fires_and_its_fix_is_silent() {
    let mut failures = Vec::new();
    for r in catalog::all().iter().filter(|r| r.code.starts_with('D')) {
        if !codes(&r.example).contains(&r.code.as_str()) {
            failures.push(format!("{}: the example does not fire it", r.code));
        }
        if codes(&r.example_fixed).contains(&r.code.as_str()) {
            failures.push(format!("{}: the fixed example still fires it", r.code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
