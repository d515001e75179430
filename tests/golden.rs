//! Golden tests: every directory under `testdata/` holding an `expected.json` is linted
//! as a project of its own, and the JSON report must match the file byte for byte, and the
//! human report without colour `expected.txt` beside it: the one a reviewer reads.
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

/// The fixture's reports as `contractlint check --format json` and `--format human` (no
/// colour) print them, from one run.
fn lint(dir: &Path) -> (String, String) {
    let config = Config::load(None, dir).unwrap();
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config,
        // As `contractlint check` runs.
        drop_written_schemas: true,
        // Every rule, preview ones too: the fixtures exercise them all.
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    (
        report::json::render(&outcome),
        report::human::render(&outcome, false),
    )
}

fn lint_json(dir: &Path) -> String {
    lint(dir).0
}

/// `check` frees the schemas as written after extraction; nothing it reports may change.
#[test]
fn dropping_the_written_schemas_changes_no_finding() {
    let run = |drop_written_schemas| {
        let dir = Path::new("testdata");
        let opts = Options {
            paths: vec![dir.to_path_buf()],
            config: Config::load(None, dir).unwrap(),
            drop_written_schemas,
            // Every rule, preview ones too: the fixtures exercise them all.
            preview: true,
            ..Options::default()
        };
        report::json::render(&check(&opts).unwrap())
    };
    let (kept, dropped) = (run(false), run(true));
    assert!(kept.contains("\"code\": \"S003\""), "no findings: {kept}");
    assert_eq!(kept, dropped);
}

#[test]
fn every_fixture_matches_its_expected_json_and_txt() {
    let mut dirs = Vec::new();
    fixtures(Path::new("testdata"), &mut dirs);
    assert!(dirs.len() >= 4, "fixtures not found: {dirs:?}");
    let bless = std::env::var_os("CONTRACTLINT_BLESS").is_some();
    let mut failures = Vec::new();
    for dir in dirs {
        let (json, human) = lint(&dir);
        for (file, actual) in [("expected.json", json), ("expected.txt", human)] {
            let expected_path = dir.join(file);
            if bless {
                std::fs::write(&expected_path, &actual).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
            if expected != actual {
                failures.push(format!("--- {}\n{actual}", expected_path.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches (actual output shown):\n{}",
        failures.join("\n")
    );
}

/// Linting the whole of `testdata` at once must find, in each fixture, exactly what linting
/// that fixture alone finds: independent projects in one tree are not linked to each other.
#[test]
fn one_run_over_all_fixtures_equals_one_run_per_fixture() {
    let mut dirs = Vec::new();
    fixtures(Path::new("testdata"), &mut dirs);
    let whole: serde_json::Value = serde_json::from_str(&lint_json(Path::new("testdata"))).unwrap();
    let whole = whole["diagnostics"].as_array().unwrap();
    let mut failures = Vec::new();
    for dir in dirs {
        let prefix = format!("{}/", dir.display());
        let alone: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("expected.json")).unwrap())
                .unwrap();
        let alone = alone["diagnostics"].as_array().unwrap();
        let inside: Vec<&serde_json::Value> = whole
            .iter()
            .filter(|d| d["primary"]["file"].as_str().unwrap().starts_with(&prefix))
            .collect();
        if inside.len() != alone.len() || inside.iter().zip(alone).any(|(a, b)| *a != b) {
            failures.push(format!(
                "{}: alone {:?}\n  in the whole tree {:?}",
                dir.display(),
                alone
                    .iter()
                    .map(|d| d["code"].as_str().unwrap())
                    .collect::<Vec<_>>(),
                inside
                    .iter()
                    .map(|d| d["code"].as_str().unwrap())
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
