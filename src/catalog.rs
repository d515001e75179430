//! The rule catalog, one TOML file per rule under `rules/`, embedded at build time.
//! It is the single source for `rules`, `explain`, SARIF rule metadata and `docs/rules/`.
//! `RuleCode` is generated from the same files by `build.rs`.

pub mod select;

use crate::diagnostic::Severity;
use serde::Deserialize;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/catalog.rs"));

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleInfo {
    pub code: String,
    pub name: String,
    pub severity: Severity,
    /// One line: what fires the rule.
    pub summary: String,
    /// Why it matters to an agent and its user.
    pub rationale: String,
    /// How to fix it.
    pub fix: String,
    /// A contract that fires the rule; for a `diff` change class (code `X…`), the base
    /// revision.
    pub example: String,
    /// The same contract, fixed; for a change class, the head revision.
    pub example_fixed: String,
    /// Language of the examples for code fences (`json`, `rust`).
    #[serde(default = "default_lang")]
    pub example_lang: String,
    /// Limits users should know about.
    #[serde(default)]
    pub known_problems: Option<String>,
    /// Fixture folders under `testdata/` whose report has this rule's finding; the catalog
    /// test holds each to its `expected.json`.
    #[serde(default)]
    pub fires: Vec<String>,
    /// Fixture folders near the rule's concern whose report must not have it.
    #[serde(default)]
    pub silent: Vec<String>,
    /// Whether the rule runs by default, or only under `--preview`.
    #[serde(default)]
    pub maturity: Maturity,
    /// The rule's most recent findings on servers nobody had tuned it on, judged blind
    /// (the last [`STABLE_JUDGED`] of them in `bench/ecosystem/first-sight.tsv`; the catalog
    /// test holds these to that file).
    #[serde(default)]
    pub first_sight: FirstSight,
}

/// A rule runs by default only while its first-sight precision holds; the others run under
/// `--preview`, as Ruff's preview rules and Clippy's nursery do.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Maturity {
    Stable,
    #[default]
    Preview,
}

impl Maturity {
    pub fn as_str(self) -> &'static str {
        match self {
            Maturity::Stable => "stable",
            Maturity::Preview => "preview",
        }
    }
}

/// First-sight verdicts of a rule's most recent errors and warnings: true, wrong, and true but
/// not worth acting on (TRIAGE.md). A window, not the whole history, so that a rule fixed at its
/// mechanism earns its default back by new verdicts, and a rule that stops being right loses it.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FirstSight {
    pub tp: u32,
    pub fp: u32,
    pub debatable: u32,
}

/// What a rule's first-sight figures must reach for it to run by default: this precision over
/// its last `STABLE_JUDGED` judged findings.
pub const STABLE_PRECISION: f64 = 0.9;
pub const STABLE_JUDGED: u32 = 40;

impl FirstSight {
    pub fn judged(self) -> u32 {
        self.tp + self.fp + self.debatable
    }

    /// TP / (TP + FP): is the rule right?
    pub fn precision(self) -> Option<f64> {
        (self.tp + self.fp > 0).then(|| f64::from(self.tp) / f64::from(self.tp + self.fp))
    }

    /// Whether the figures earn the default set.
    pub fn earns_default(self) -> bool {
        self.judged() >= STABLE_JUDGED && self.precision().is_some_and(|p| p >= STABLE_PRECISION)
    }
}

impl RuleInfo {
    /// Reports what the linter could read (unreadable files, values only known at run time,
    /// suppressions that silence nothing), not a claim about a contract: on by default
    /// whatever its figures, as a broken file must never pass in silence.
    pub fn reads_input(&self) -> bool {
        self.code.starts_with('E') || self.code.starts_with('U')
    }

    /// One line on the rule's maturity and the figures behind it.
    pub fn maturity_line(&self) -> String {
        let f = self.first_sight;
        let figures = match f.precision() {
            Some(p) => format!(
                "first-sight precision {:.0}% over its last {} judged findings ({} true, {} wrong, {} debatable)",
                p * 100.0,
                f.judged(),
                f.tp,
                f.fp,
                f.debatable
            ),
            None if f.judged() > 0 => format!("{} first-sight findings, all debatable", f.judged()),
            None => "no first-sight finding judged yet".to_string(),
        };
        let why = match (self.maturity, self.reads_input()) {
            (Maturity::Stable, true) => "on by default: it reports what could not be read",
            (Maturity::Stable, false) => "on by default",
            (Maturity::Preview, _) => {
                "runs with `--preview` (or `preview = true`) until it reaches 90% over its last 40 judged findings"
            }
        };
        format!("{figures}; {why}")
    }
}

/// A string that is no catalog code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRuleCode(pub String);

impl fmt::Display for UnknownRuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a rule code in rules/", self.0)
    }
}

impl std::error::Error for UnknownRuleCode {}

impl FromStr for RuleCode {
    type Err = UnknownRuleCode;

    /// Case-insensitive, as `find` is.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleCode::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownRuleCode(s.to_string()))
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

fn default_lang() -> String {
    "json".into()
}

/// Every catalog entry, sorted by code. A malformed entry is a build defect caught by the
/// catalog test, so it panics with the file name rather than being skipped.
pub fn all() -> &'static [RuleInfo] {
    static CATALOG: OnceLock<Vec<RuleInfo>> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut rules: Vec<RuleInfo> = CATALOG_SOURCES
            .iter()
            .map(|(file, text)| {
                toml::from_str(text).unwrap_or_else(|e| panic!("rules/{file}: {e}"))
            })
            .collect();
        rules.sort_by(|a, b| a.code.cmp(&b.code));
        rules
    })
}

/// Look a rule up by code (`S003`, case-insensitive) or name (`open-input-object`).
pub fn find(key: &str) -> Option<&'static RuleInfo> {
    all()
        .iter()
        .find(|r| r.code.eq_ignore_ascii_case(key) || r.name == key)
}

/// Base URL of the rule pages, for SARIF `helpUri` and terminal links.
pub const DOCS_URL: &str = "https://github.com/contractlint/contractlint/blob/main/docs/rules";

/// Whether the entry is a change class of `diff` rather than a rule of `check`.
pub fn is_change_class(r: &RuleInfo) -> bool {
    r.code.starts_with('X')
}

/// The Markdown page for a rule: What it does / Why is this bad / Example / How to fix; for a
/// change class, the example is the change, base then head.
pub fn page(r: &RuleInfo) -> String {
    if is_change_class(r) {
        return change_page(r);
    }
    let mut s = format!(
        "# {} {}\n\nDefault severity: **{}**\n\nMaturity: **{}**: {}. Measured with `python3 bench/ecosystem/run.py --first-sight --rule {}`.\n\n## What it does\n\n{}\n\n## Why is this bad?\n\n{}\n\n## Example\n\n```{}\n{}\n```\n\n## How to fix\n\n{}\n\n```{}\n{}\n```\n",
        r.code,
        r.name,
        r.severity.as_str(),
        r.maturity.as_str(),
        r.maturity_line(),
        r.code,
        r.summary.trim(),
        r.rationale.trim(),
        r.example_lang,
        r.example.trim_end(),
        r.fix.trim(),
        r.example_lang,
        r.example_fixed.trim_end(),
    );
    if let Some(k) = &r.known_problems {
        s.push_str(&format!("\n## Known problems\n\n{}\n", k.trim()));
    }
    s
}

fn change_page(r: &RuleInfo) -> String {
    let mut s = format!(
        "# {} {}\n\nClass: **{}** (reported by `contractlint diff`, severity {})\n\n## What it does\n\n{}\n\n## Why is this bad?\n\n{}\n\n## Example\n\nThe base revision:\n\n```{}\n{}\n```\n\nThe head revision:\n\n```{}\n{}\n```\n\n## How to fix\n\n{}\n",
        r.code,
        r.name,
        r.severity.change_class(),
        r.severity.as_str(),
        r.summary.trim(),
        r.rationale.trim(),
        r.example_lang,
        r.example.trim_end(),
        r.example_lang,
        r.example_fixed.trim_end(),
        r.fix.trim(),
    );
    if let Some(k) = &r.known_problems {
        s.push_str(&format!("\n## Known problems\n\n{}\n", k.trim()));
    }
    s
}

/// The page under `docs/rules/`: [`page`] and, for contributors, the fixtures that show the
/// rule firing and staying silent (kept out of `explain` and SARIF, which users read).
pub fn docs_page(r: &RuleInfo) -> String {
    let mut s = page(r);
    if is_change_class(r) {
        s.push_str("\nHeld by `tests/diff.rs`, which builds the two revisions.\n");
        return s;
    }
    s.push_str("\n## Fixtures\n\n");
    for (title, dirs) in [("Fires on", &r.fires), ("Silent on", &r.silent)] {
        if dirs.is_empty() {
            s.push_str(&format!("{title}: none yet.\n"));
            continue;
        }
        s.push_str(&format!("{title}:\n\n"));
        for d in dirs {
            s.push_str(&format!(
                "- [`{d}`](../../{d}) ([report](../../{d}/expected.txt))\n"
            ));
        }
        s.push('\n');
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

/// The file name of a rule's page under `docs/rules/`.
pub fn page_file(r: &RuleInfo) -> String {
    format!("{}-{}.md", r.code, r.name)
}

/// A rule page for a terminal: Markdown headings as underlined lines, code fences as
/// indented blocks, emphasis markers dropped.
pub fn page_plain(r: &RuleInfo) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for line in page(r).lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            out.push_str(&format!("    {line}\n"));
        } else if let Some(h) = line.strip_prefix("## ") {
            out.push_str(&format!("{h}\n{}\n", "-".repeat(h.chars().count())));
        } else if let Some(h) = line.strip_prefix("# ") {
            out.push_str(&format!("{h}\n{}\n", "=".repeat(h.chars().count())));
        } else {
            out.push_str(&line.replace("**", ""));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_page_has_no_markdown_markers() {
        let r = find("S003").unwrap();
        let text = page_plain(r);
        assert!(text.starts_with("S003 open-input-object\n======================\n"));
        assert!(text.contains("\nWhy is this bad?\n----------------\n"));
        assert!(text.contains("Default severity: warning"));
        assert!(text.contains("\n    {\n"));
        assert!(!text.contains("```") && !text.contains("**") && !text.contains("## "));
    }
}
