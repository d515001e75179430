//! Renderers. They only format what the rules decided; nothing here judges.

pub mod cases_run;
pub mod check;
pub mod concise;
pub mod diff;
pub mod github;
pub mod human;
pub mod json;
pub mod json_text;
pub mod links;
pub mod readiness;
pub mod rules_list;
pub mod sarif;
pub mod settings;
pub mod statistics;

use crate::diagnostic::Severity;
use crate::outcome::Outcome;

/// `check --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Annotated source snippets (colored on a terminal).
    Human,
    /// One JSON object (see docs/output.md).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands (annotations on the pull request).
    Github,
    /// One line per finding: `path:line:col: CODE [name] message`.
    Concise,
}

/// `report --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// One self-contained page (inline CSS and SVG), one printed page per tool.
    Html,
    /// GitHub-flavoured Markdown.
    Md,
    /// The report's data as JSON.
    Json,
}

impl ReportFormat {
    /// Write the readiness report in this format.
    pub fn write(
        self,
        r: &crate::judge::readiness::Readiness,
        w: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        match self {
            ReportFormat::Html => readiness::html::write(r, w),
            ReportFormat::Md => readiness::md::write(r, w),
            ReportFormat::Json => readiness::json::write(r, w),
        }
    }
}

/// `rules --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ListFormat {
    Human,
    Json,
}

/// Said in every format when a run found no tool at all: nothing was checked, which must
/// not read as a clean bill of health.
pub fn no_tools_notice(outcome: &Outcome) -> Option<String> {
    outcome.project.contracts.is_empty().then(|| {
        format!(
            "no tool was found in {} file{}, so nothing was checked; map tools with `[[tool]]` in contractlint.toml (see `contractlint explain L004`)",
            outcome.files,
            if outcome.files == 1 { "" } else { "s" }
        )
    })
}

/// Counts for summaries: (errors, warnings, infos).
pub fn counts(outcome: &Outcome) -> (usize, usize, usize) {
    let n = |s| {
        outcome
            .diagnostics
            .iter()
            .filter(|d| d.severity == s)
            .count()
    };
    (n(Severity::Error), n(Severity::Warning), n(Severity::Info))
}

/// `1 error`, `2 errors`: every count a person reads goes through here.
/// What a streaming writer writes, as a string (for tests and callers that want the text).
pub fn to_string(write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("reports are UTF-8")
}

pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The closing line of the human and concise reports:
/// `Found 3 problems (1 error, 2 warnings, 0 infos) in 4 files, 1 tool.`
pub fn summary_line(outcome: &Outcome) -> String {
    let (errors, warnings, infos) = counts(outcome);
    // What ignore rules kept out is said beside the files that were read.
    let mut skipped = Vec::new();
    if !outcome.ignored.is_empty() {
        skipped.push(format!("{} skipped by ignore rules", outcome.ignored.len()));
    }
    if !outcome.project.skipped.is_empty() {
        let n = outcome.project.skipped.len();
        skipped.push(format!("{n} unreadable but no contract"));
    }
    let files = match skipped.is_empty() {
        true => plural(outcome.files, "file"),
        false => format!(
            "{}, {} (-v lists them)",
            plural(outcome.files, "file"),
            skipped.join(", ")
        ),
    };
    let scope = format!("{files}, {}", plural(outcome.project.tool_count(), "tool"));
    if outcome.diagnostics.is_empty() && outcome.project.contracts.is_empty() {
        format!("No tool found ({files}): nothing was checked.\n")
    } else if outcome.diagnostics.is_empty() {
        format!("No contract problems found ({scope}).\n")
    } else {
        format!(
            "Found {} ({}, {}, {}) in {scope}.\n",
            plural(outcome.diagnostics.len(), "problem"),
            plural(errors, "error"),
            plural(warnings, "warning"),
            plural(infos, "info"),
        )
    }
}

/// The rule's page, linked from each human diagnostic.
pub fn rule_url(code: &str) -> Option<String> {
    crate::catalog::find(code).map(|r| {
        format!(
            "{}/{}",
            crate::catalog::DOCS_URL,
            crate::catalog::page_file(r)
        )
    })
}

/// `check -v`: what the walk skipped by ignore rules, and the files read that hold no
/// contract, a line each for standard error.
pub fn skipped(outcome: &Outcome) -> String {
    let mut out = String::new();
    for p in &outcome.ignored {
        let shown = crate::source::display_path(p);
        out.push_str(&format!("contractlint: skipped by ignore rules: {shown}\n"));
    }
    for u in &outcome.project.skipped {
        let file = &outcome.project.sources.get(u.span.file).display;
        let line = format!("contractlint: skipped, no contract: {file}: {}", u.message);
        out.push_str(&crate::source::escape::log_lines(&line));
        out.push('\n');
    }
    for d in &outcome.withheld {
        let f = outcome.project.sources.get(d.primary.span.file);
        let at = f.position(d.primary.span.start());
        let unknown: Vec<&str> = d
            .steps
            .iter()
            .filter(|s| s.answer == crate::diagnostic::Answer::Unknown)
            .map(|s| s.claim.as_str())
            .collect();
        let line = format!(
            "contractlint: withheld, not proved: {}:{}:{}: {} {} (unknown: {})",
            f.display,
            at.line,
            at.column,
            d.code,
            d.message,
            unknown.join("; ")
        );
        out.push_str(&crate::source::escape::log_lines(&line));
        out.push('\n');
    }
    out
}

/// `check --write-baseline`'s note.
pub fn baseline_written(entries: usize, path: &std::path::Path) -> String {
    format!(
        "wrote {} to baseline {}",
        plural(entries, "finding"),
        path.display()
    )
}

/// `check --baseline`'s note: what it dropped, and what it records that is fixed.
pub fn baseline_applied(baselined: usize, fixed: usize) -> String {
    let fixed = match fixed {
        1 => "1 baseline entry is".to_string(),
        n => format!("{n} baseline entries are"),
    };
    let n = plural(baselined, "finding");
    format!("{n} baselined; {fixed} fixed (rewrite the baseline to drop them)")
}
