//! The rule catalog in `rules/` is the single source: every implemented rule has an
//! entry, every entry is implemented, its fixtures show it firing and staying silent, and
//! `docs/rules/` is generated from it.
//! `CONTRACTLINT_BLESS=1 cargo test --test catalog` regenerates the pages.

use contractlint::catalog::{self, RuleCode};
use std::collections::BTreeSet;
use std::path::Path;

/// Rules no fixture yet shows staying silent where they could fire. U001: no fixture has a
/// suppression that silences something and nothing unused, and a fixture without
/// suppressions is no near miss.
const NO_SILENT_FIXTURE_YET: &[RuleCode] = &[RuleCode::U001];

#[test]
fn every_registered_code_is_a_catalog_code() {
    for r in contractlint::rules::all() {
        let code: RuleCode = r
            .code()
            .parse()
            .unwrap_or_else(|e| panic!("a registered rule: {e}"));
        assert_eq!(code.as_str(), r.code());
    }
    let generated: Vec<&str> = RuleCode::ALL.iter().map(|c| c.as_str()).collect();
    let documented: Vec<&str> = catalog::all().iter().map(|r| r.code.as_str()).collect();
    assert_eq!(generated, documented);
    for (file, _) in catalog::CATALOG_SOURCES {
        let code = file.trim_end_matches(".toml");
        assert!(
            catalog::all().iter().any(|r| r.code == code),
            "rules/{file} must hold `code = \"{code}\"`"
        );
    }
    assert_eq!("s003".parse(), Ok(RuleCode::S003));
    assert!("S999".parse::<RuleCode>().is_err());
}

/// `scripts/new-rule.sh` marks what a contributor must write with `SCAFFOLD:`; none may be
/// left in the catalog or the rules.
#[test]
fn no_scaffold_placeholder_is_left() {
    let mut left = Vec::new();
    for dir in ["rules", "src/rules"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            if std::fs::read_to_string(&f).is_ok_and(|t| t.contains("SCAFFOLD:")) {
                left.push(f.display().to_string());
            }
        }
    }
    assert!(
        left.is_empty(),
        "fill in every SCAFFOLD: placeholder (docs/contributing.md): {left:?}"
    );
}

/// The codes in a fixture's golden report.
fn reported_codes(dir: &str) -> Result<BTreeSet<String>, String> {
    let path = Path::new(dir).join("expected.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let report: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["code"].as_str().map(str::to_string))
        .collect())
}

#[test]
fn every_rule_lists_fixtures_that_fire_and_stay_silent() {
    let mut problems = Vec::new();
    // A change class of `diff` compares two revisions, which no fixture folder is: each is
    // held by tests/diff.rs, which builds the repositories, instead.
    let diff_tests = std::fs::read_to_string("tests/diff.rs").unwrap();
    for r in catalog::all() {
        let code: RuleCode = r.code.parse().unwrap();
        if contractlint::judge::diff::CLASSES.contains(&r.code.as_str()) {
            if !diff_tests.contains(&format!("(\"{}\", \"", r.code)) {
                problems.push(format!("{}: tests/diff.rs expects it nowhere", r.code));
            }
            if !r.fires.is_empty() || !r.silent.is_empty() {
                problems.push(format!("{}: a change class lists no fixtures", r.code));
            }
            continue;
        }
        if r.fires.is_empty() {
            problems.push(format!("{}: no `fires` fixture", r.code));
        }
        let exempt = NO_SILENT_FIXTURE_YET.contains(&code);
        if r.silent.is_empty() != exempt {
            problems.push(format!(
                "{}: {}",
                r.code,
                if exempt {
                    "has `silent` fixtures now: drop it from NO_SILENT_FIXTURE_YET"
                } else {
                    "no `silent` fixture"
                }
            ));
        }
        for (dirs, fires) in [(&r.fires, true), (&r.silent, false)] {
            for dir in dirs {
                if !dir.starts_with("testdata/") {
                    problems.push(format!("{}: `{dir}` is not under testdata/", r.code));
                    continue;
                }
                match reported_codes(dir) {
                    Err(e) => problems.push(format!("{}: {e}", r.code)),
                    Ok(codes) if codes.contains(&r.code) != fires => problems.push(format!(
                        "{}: {dir}/expected.json {} it",
                        r.code,
                        if fires { "does not report" } else { "reports" }
                    )),
                    Ok(_) => {}
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_rule_has_an_entry_and_every_entry_a_rule() {
    // U001 is reported by the engine (it needs every other rule's findings), not by a rule;
    // the `diff` change classes by the judge.
    let implemented: BTreeSet<&str> = contractlint::rules::all()
        .iter()
        .map(|r| r.code())
        .chain([contractlint::engine::suppress::UNUSED])
        .chain(contractlint::judge::diff::CLASSES.iter().copied())
        .collect();
    let documented: BTreeSet<&str> = catalog::all().iter().map(|r| r.code.as_str()).collect();
    assert_eq!(implemented, documented);
    let names: BTreeSet<&str> = catalog::all().iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names.len(), documented.len(), "rule names must be unique");
    for r in catalog::all() {
        assert!(
            r.name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{} name `{}` is not kebab-case",
            r.code,
            r.name
        );
    }
}

fn index() -> String {
    let mut s = String::from(
        "# Rules\n\nGenerated from `rules/*.toml`; run `contractlint explain CODE` for the same page in a terminal.\n\nA rule runs by default (**stable**) only while its first-sight precision, its findings on servers nobody had tuned it on judged blind, is at least 90% over its last 40 judged findings; the others are **preview** rules, run with `--preview` (docs/cli.md). Figures: `python3 bench/ecosystem/run.py --first-sight`.\n\n| code | name | default | maturity | first sight, last 40 judged (TP/FP/debatable) | summary |\n|---|---|---|---|---|---|\n",
    );
    for r in catalog::all() {
        let f = r.first_sight;
        s.push_str(&format!(
            "| {} | [{}]({}) | {} | {} | {}/{}/{} | {} |\n",
            r.code,
            r.name,
            catalog::page_file(r),
            r.severity.as_str(),
            r.maturity.as_str(),
            f.tp,
            f.fp,
            f.debatable,
            r.summary.replace('|', "\\|")
        ));
    }
    s
}

#[test]
fn docs_pages_are_generated_from_the_catalog() {
    let dir = Path::new("docs/rules");
    let bless = std::env::var_os("CONTRACTLINT_BLESS").is_some();
    let mut expected: Vec<(String, String)> = catalog::all()
        .iter()
        .map(|r| (catalog::page_file(r), catalog::docs_page(r)))
        .collect();
    expected.push(("README.md".into(), index()));
    if bless {
        std::fs::create_dir_all(dir).unwrap();
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            std::fs::remove_file(entry.path()).unwrap();
        }
        for (file, text) in &expected {
            std::fs::write(dir.join(file), text).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (file, text) in &expected {
        if std::fs::read_to_string(dir.join(file)).ok().as_deref() != Some(text.as_str()) {
            stale.push(file.clone());
        }
    }
    let present: BTreeSet<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let wanted: BTreeSet<String> = expected.iter().map(|(f, _)| f.clone()).collect();
    let orphans: Vec<_> = present.difference(&wanted).collect();
    assert!(
        stale.is_empty() && orphans.is_empty(),
        "docs/rules is out of date (stale: {stale:?}, orphans: {orphans:?}); run CONTRACTLINT_BLESS=1 cargo test --test catalog"
    );
}

/// Each rule's `first_sight` figures are its last 40 verdicts in `bench/ecosystem/first-sight.tsv`
/// (an append-only log, oldest first), and its maturity follows from them: stable exactly when
/// they reach 90% over 40 judged findings (or the rule reports what could not be read). A rule
/// enters or leaves the default set by measurement.
#[test]
fn maturity_follows_the_first_sight_figures() {
    let tsv = std::fs::read_to_string("bench/ecosystem/first-sight.tsv").unwrap();
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (code, severity, verdict) = (col("code"), col("severity"), col("verdict"));
    let mut verdicts: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), header.len(), "a row of first-sight.tsv: {line}");
        if matches!(f[severity], "error" | "warning") {
            verdicts
                .entry(f[code].to_string())
                .or_default()
                .push(f[verdict].to_string());
        }
    }
    let mut counted: std::collections::BTreeMap<String, catalog::FirstSight> = Default::default();
    for (rule, all) in &verdicts {
        let c = counted.entry(rule.clone()).or_default();
        let window = all.len().saturating_sub(catalog::STABLE_JUDGED as usize);
        for v in &all[window..] {
            match v.as_str() {
                "TP" => c.tp += 1,
                "FP" => c.fp += 1,
                "DEBATABLE" => c.debatable += 1,
                other => panic!("verdict `{other}` in first-sight.tsv: TP, FP or DEBATABLE"),
            }
        }
    }
    let mut wrong = Vec::new();
    for r in catalog::all() {
        let measured = counted.get(&r.code).copied().unwrap_or_default();
        if r.first_sight != measured {
            wrong.push(format!(
                "rules/{}.toml: first_sight = {{ tp = {}, fp = {}, debatable = {} }}",
                r.code, measured.tp, measured.fp, measured.debatable
            ));
        }
        let stable = r.reads_input() || measured.earns_default();
        if (r.maturity == catalog::Maturity::Stable) != stable {
            let m = if stable { "stable" } else { "preview" };
            wrong.push(format!("rules/{}.toml: maturity = \"{m}\"", r.code));
        }
    }
    assert!(
        wrong.is_empty(),
        "the catalog says otherwise than first-sight.tsv:\n{}",
        wrong.join("\n")
    );
}
