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
        preview: true,
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

/// Precision: no D rule fires on a correct or near-miss fixture, whatever its golden says
/// (a re-bless cannot quietly accept a false positive).
#[test]
fn no_d_rule_fires_on_correct_or_near_miss_fixtures() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                if p.join("expected.json").is_file()
                    && (name.contains("correct")
                        || name.contains("near-miss")
                        || name.contains("silent"))
                {
                    out.push(p.clone());
                }
                walk(&p, out);
            }
        }
    }
    let mut dirs = Vec::new();
    walk(std::path::Path::new("testdata"), &mut dirs);
    assert!(dirs.len() >= 5, "fixtures not found: {dirs:?}");
    for dir in dirs {
        let opts = Options {
            paths: vec![dir.clone()],
            config: Config::load(None, &dir).unwrap(),
            preview: true,
            ..Options::default()
        };
        let found: Vec<String> = check(&opts)
            .unwrap()
            .diagnostics
            .iter()
            .filter(|d| d.code.starts_with('D'))
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert!(found.is_empty(), "{}: {found:#?}", dir.display());
    }
}
