//! Metamorphic tests: each firing and near-miss fixture of the R and B rules is also written
//! in other, semantically equivalent ways, and every variant must give the findings of the
//! original. A variant lives in `tests/metamorphic/<fixture path under testdata>/<variant>/`
//! and holds only the files that differ from the fixture; each file's first line is a
//! `// Metamorphic: ..` comment naming the equivalence it applies. The test copies the fixture
//! into a temporary directory, lays the variant over it and lints both copies the way
//! `contractlint check` does. Variants sit outside `testdata/`, so `check testdata` and the
//! goldens never see them.
//!
//! Findings are compared as how many there are of each (code, tool, property), or (code,
//! tool, message) for a finding about no property: not by line, since a variant moves code
//! around, nor by wording about the property (`a default of ""` is `a default value`).

use contractlint::{Options, check, config::Config};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const VARIANTS: &str = "tests/metamorphic";

/// Variants known to read differently from their original, each with the findings it gains
/// (`+`) and loses (`-`) and why the model does not see the equivalence yet. The test fails
/// when a listed difference changes, so a gap closing (or widening) is noticed.
const KNOWN_GAPS: &[(&str, &[&str], &str)] = &[
    (
        "rust-tools/json-tools/decoded-lenient/match-decode",
        &[
            "- R002 start_backup `start_backup` rejects unknown properties in its schema, but the arguments are decoded into `BackupRequest`, which has no `#[serde(deny_unknown_fields)]`, so a call with an extra field (such as `coupon`) is accepted",
        ],
        "a decode written as `match from_value(args) { Ok(r) => r, Err(e) => return Err(..) }` is not among the decodes of the whole arguments R002 judges, as `from_value(args).map_err(..)?` is",
    ),
    (
        "rmcp/value-sets-callee/let-else-paper",
        &["- P011 order_prints paper"],
        "P011 reads a protocol error built for a failed conversion in `.ok_or_else(..)` before `?`, not in the `else` block of a `let Some(..) = .. else`",
    ),
    (
        "precision/r010-runtime-cap-near-miss/limit-first",
        &["+ R010 tail_entries count"],
        "`self.limits.max_rows < input.count` is read as a comparison of the server's field (the left side, a value of `self`), not of the property, so the rejection above the limit is not seen",
    ),
    (
        "precision/r010-clamp-other-numbers/min-of-max",
        &["- R010 video_search limit"],
        "`.max(1).min(N)` is read as two calls whose second applies to a new value, not as one clamp of the property",
    ),
    (
        "behaviour/b001-housekeeping-near-miss/helper-rejection",
        &["- P011 rename_fork name"],
        P011_HELPER,
    ),
    (
        "behaviour/b002-graphql-near-miss/helper-rejection",
        &[
            "- P011 count_projects first",
            "- P011 create_project name",
            "- P011 list_projects first",
        ],
        P011_HELPER,
    ),
    (
        "behaviour/b002-method-name-near-miss/helper-rejection",
        &["- P011 table_exists table"],
        P011_HELPER,
    ),
    (
        "rmcp/qualified-attributes/helper-rejection",
        &["- P011 search_issue_events issue_id"],
        P011_HELPER,
    ),
    (
        "rmcp/helper-bounds/fires/checks-in-validate",
        &["- P011 search_tickets limit", "- P011 search_tickets query"],
        P011_ONE_CALL,
    ),
    (
        "rmcp/helper-bounds/silent/checks-in-validate",
        &["- P011 search_tickets limit", "- P011 search_tickets query"],
        P011_ONE_CALL,
    ),
    (
        "webmcp/execute-bounds/negated-checks",
        &[
            "- P015 bookTable `bookTable` turns the call away by rejecting with \"a party is 1 to … guests\": WebMCP keeps nothing of a rejected `execute`'s reason, so the agent learns that the call failed but not why",
            "+ P015 bookTable `bookTable` turns the call away by rejecting with \"the note is too long\": WebMCP keeps nothing of a rejected `execute`'s reason, so the agent learns that the call failed but not why",
        ],
        P015_CHANNEL,
    ),
    (
        "webmcp/execute-bounds-near-miss/negated-checks",
        &[
            "+ P015 bookTable `bookTable` turns the call away by rejecting with \"the note is too long\": WebMCP keeps nothing of a rejected `execute`'s reason, so the agent learns that the call failed but not why",
            "+ P015 listEvenings `listEvenings` turns the call away by rejecting with \"at most 14 evenings\": WebMCP keeps nothing of a rejected `execute`'s reason, so the agent learns that the call failed but not why",
        ],
        P015_NEAR_MISS,
    ),
];

/// Why a protocol error built in a helper is not P011's here: the handler returns the
/// helper's value (`return refuse(..)`), which the model does not follow as it follows `?`.
const P011_HELPER: &str = "P011 follows a helper only when the function rmcp calls passes the helper's error on with `?` straight on the call; a helper value returned as it is (`return refuse(..)`) is not followed";

const P011_ONE_CALL: &str = "P011 follows a helper's protocol error one call deep from the function rmcp calls; a helper's helper (`validate` calling `ensure_between`) is not followed";

/// Why swapping a throw for an error result is no equivalence for P015.
const P015_CHANNEL: &str = "the variant swaps which check throws and which resolves an error result: the same bounds for the R rules, but P015 judges how the call is turned away, and a throw is the one WebMCP drops the reason of";

const P015_NEAR_MISS: &str = "the original's throws repeat the schema, so P015 is silent there; the variant throws on the note's length, which counts UTF-16 units where `maxLength` counts characters (a call of 150 emoji is admitted and refused), and `!(Number(limit) <= 14)` throws when the optional `limit` is left out (NaN), where `Number(limit) > 14` does not: both throws meet calls the schema admits";

/// (code, tool, property or message), and how many findings have it.
type Finding = (String, String, String);
type Findings = std::collections::BTreeMap<Finding, usize>;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The findings of the fixture at `fixture` with `overlay` (if any) laid over it.
fn findings(fixture: &Path, overlay: Option<&Path>) -> Findings {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(fixture.file_name().unwrap());
    copy_tree(fixture, &dir);
    for name in ["expected.json", "expected.txt"] {
        let _ = std::fs::remove_file(dir.join(name));
    }
    if let Some(overlay) = overlay {
        copy_tree(overlay, &dir);
    }
    let opts = Options {
        paths: vec![dir.clone()],
        config: Config::load(None, &dir).unwrap(),
        drop_written_schemas: true,
        preview: true,
        ..Options::default()
    };
    let mut out = Findings::new();
    for d in check(&opts).unwrap().diagnostics {
        let subject = d.property.unwrap_or(d.message);
        let key = (d.code.to_string(), d.tool.unwrap_or_default(), subject);
        *out.entry(key).or_default() += 1;
    }
    out
}

/// Every (fixture, variant directory) pair under `tests/metamorphic`.
fn variants() -> Vec<(PathBuf, PathBuf)> {
    fn walk(rel: &Path, out: &mut Vec<(PathBuf, PathBuf)>) {
        let here = Path::new(VARIANTS).join(rel);
        let fixture = Path::new("testdata").join(rel);
        let mut subdirs: Vec<PathBuf> = std::fs::read_dir(&here)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        subdirs.sort();
        for sub in subdirs {
            if fixture.join("expected.json").is_file() {
                out.push((fixture.clone(), sub));
            } else {
                walk(&rel.join(sub.file_name().unwrap()), out);
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new(""), &mut out);
    out
}

/// `+`/`-` lines for what `variant` finds beyond and short of `original`.
fn difference(original: &Findings, variant: &Findings) -> Vec<String> {
    let count = |f: &Findings, k: &Finding| f.get(k).copied().unwrap_or(0);
    let mut keys: Vec<&Finding> = original.keys().chain(variant.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut out = Vec::new();
    for k in keys {
        let (was, now) = (count(original, k), count(variant, k));
        let (code, tool, subject) = k;
        for _ in now..was {
            out.push(format!("- {code} {tool} {subject}"));
        }
        for _ in was..now {
            out.push(format!("+ {code} {tool} {subject}"));
        }
    }
    out
}

#[test]
fn every_variant_finds_what_its_original_finds() {
    let all = variants();
    assert!(!all.is_empty(), "no variants under {VARIANTS}");
    let mut failures = Vec::new();
    let mut originals = std::collections::BTreeMap::new();
    for (fixture, variant) in &all {
        let original = originals
            .entry(fixture.clone())
            .or_insert_with(|| findings(fixture, None));
        let found = findings(fixture, Some(variant));
        let diff = difference(original, &found);
        let name = variant
            .strip_prefix(VARIANTS)
            .unwrap()
            .display()
            .to_string();
        let name = name.trim_start_matches('/');
        let expected: Vec<String> = KNOWN_GAPS
            .iter()
            .find(|(v, _, _)| *v == name)
            .map(|(_, d, _)| d.iter().map(|s| s.to_string()).collect())
            .unwrap_or_default();
        if diff != expected {
            failures.push(format!(
                "{name}:\n  found  {diff:#?}\n  listed {expected:#?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A known gap names a variant that exists.
#[test]
fn every_known_gap_names_a_variant() {
    let names: Vec<String> = variants()
        .iter()
        .map(|(_, v)| v.strip_prefix(VARIANTS).unwrap().display().to_string())
        .map(|n| n.trim_start_matches('/').to_string())
        .collect();
    for (gap, _, reason) in KNOWN_GAPS {
        assert!(
            names.iter().any(|n| n == gap),
            "{gap} ({reason}): no such variant"
        );
    }
}

/// Each file of a variant names the equivalence it applies on its first line.
#[test]
fn every_variant_file_names_its_equivalence() {
    for (_, variant) in variants() {
        let mut files = Vec::new();
        files_under(&variant, &mut files);
        assert!(!files.is_empty(), "{}: empty variant", variant.display());
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let first = text.lines().next().unwrap_or_default();
            let comment = if f.extension().is_some_and(|e| e == "toml") {
                "# Metamorphic: "
            } else {
                "// Metamorphic: "
            };
            assert!(
                first.starts_with(comment),
                "{}: first line must be `{comment}<equivalence>`",
                f.display()
            );
        }
    }
}

/// Every fixture an R or B rule lists as firing or silent has at least three variants.
#[test]
fn every_r_and_b_fixture_has_three_variants() {
    let mut listed = BTreeSet::new();
    for e in std::fs::read_dir("rules").unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if !(name.starts_with('R') || name.starts_with('B')) || !name.ends_with(".toml") {
            continue;
        }
        let rule: toml::Value =
            toml::from_str(&std::fs::read_to_string(e.path()).unwrap()).unwrap();
        fn fixtures(v: &toml::Value, out: &mut BTreeSet<String>) {
            match v {
                toml::Value::Table(t) => {
                    for (k, v) in t {
                        match (k.as_str(), v) {
                            ("fires" | "silent", toml::Value::Array(a)) => {
                                out.extend(a.iter().filter_map(|s| s.as_str().map(String::from)))
                            }
                            _ => fixtures(v, out),
                        }
                    }
                }
                toml::Value::Array(a) => a.iter().for_each(|v| fixtures(v, out)),
                _ => {}
            }
        }
        fixtures(&rule, &mut listed);
    }
    assert!(listed.len() > 30, "rule fixtures not found: {listed:?}");
    let all = variants();
    let short: Vec<String> = listed
        .iter()
        .filter(|f| {
            all.iter()
                .filter(|(fixture, _)| fixture == Path::new(f.as_str()))
                .count()
                < 3
        })
        .cloned()
        .collect();
    assert!(short.is_empty(), "fewer than three variants: {short:#?}");
}
