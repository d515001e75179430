//! The rule catalog in `rules/` is the single source: every implemented rule has an
//! entry, every entry is implemented, and `docs/rules/` is generated from it.
//! `CONTRACTLINT_BLESS=1 cargo test --test catalog` regenerates the pages.

use contractlint::catalog;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_rule_has_an_entry_and_every_entry_a_rule() {
    // U001 is reported by the engine (it needs every other rule's findings), not by a rule.
    let implemented: BTreeSet<&str> = contractlint::rules::all()
        .iter()
        .map(|r| r.code())
        .chain([contractlint::suppress::UNUSED])
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
        "# Rules\n\nGenerated from `rules/*.toml`; run `contractlint explain CODE` for the same page in a terminal.\n\n| code | name | default | summary |\n|---|---|---|---|\n",
    );
    for r in catalog::all() {
        s.push_str(&format!(
            "| {} | [{}]({}) | {} | {} |\n",
            r.code,
            r.name,
            catalog::page_file(r),
            r.severity.as_str(),
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
        .map(|r| (catalog::page_file(r), catalog::page(r)))
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
