//! Golden tests: every directory under `testdata/` holding an `expected.json` is linted
//! as a project of its own, and the JSON report must match the file byte for byte.
//! Review changes by eye; `CONTRACTLINT_BLESS=1 cargo test --test golden` rewrites them.

use contractlint::{Options, check, config::Config, report};
use std::path::{Path, PathBuf};

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.join("expected.json").is_file() {
                out.push(p.clone());
            }
            fixtures(&p, out);
        }
    }
}

pub fn lint_json(dir: &Path) -> String {
    let config = Config::load(None, dir).unwrap();
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    report::json::render(&outcome)
}

#[test]
fn every_fixture_matches_its_expected_json() {
    let mut dirs = Vec::new();
    fixtures(Path::new("testdata"), &mut dirs);
    assert!(dirs.len() >= 4, "fixtures not found: {dirs:?}");
    let bless = std::env::var_os("CONTRACTLINT_BLESS").is_some();
    let mut failures = Vec::new();
    for dir in dirs {
        let actual = lint_json(&dir);
        let expected_path = dir.join("expected.json");
        if bless {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap();
        if expected != actual {
            failures.push(format!("--- {}\n{actual}", expected_path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches (actual output shown):\n{}",
        failures.join("\n")
    );
}
