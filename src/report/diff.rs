//! What `diff` writes: the changes are findings, so every `check` format renders them; this
//! adds the summary line and the Markdown for a pull-request comment or a job summary.

use super::readiness::md::cell;
use crate::outcome::Outcome;
use std::fmt::Write;

/// `diff --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    /// Annotated source snippets, both sides of each change.
    Human,
    /// One line per change.
    Concise,
    /// One JSON object, as `check --format json` (see docs/output.md).
    Json,
    /// SARIF 2.1.0.
    Sarif,
    /// GitHub Actions workflow commands (annotations on the pull request).
    Github,
    /// GitHub-flavoured Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`.
    Markdown,
}

/// What was compared: the two sides as named, and how many tools each has.
pub struct Compared<'a> {
    pub base: &'a str,
    pub head: &'a str,
    pub tools: (usize, usize),
}

/// `Found 3 changes (1 breaking, …) from v1 to v2 (4 tools before, 5 now).`
pub fn summary(outcome: &Outcome, c: &Compared) -> String {
    let (b, d, k) = super::counts(outcome);
    let scope = format!(
        "from {} to {} ({} before, {} now)",
        c.base,
        c.head,
        super::plural(c.tools.0, "tool"),
        c.tools.1
    );
    match outcome.diagnostics.len() {
        0 => format!("No contract changes {scope}.\n"),
        n => format!(
            "Found {} ({b} breaking, {d} degrading, {k} compatible) {scope}.\n",
            super::plural(n, "change")
        ),
    }
}

/// The changes as a Markdown section: the summary, then one table row per change, breaking
/// first.
pub fn markdown(outcome: &Outcome, c: &Compared) -> String {
    let mut o = String::from("## contractlint diff\n\n");
    o.push_str(&cell(summary(outcome, c).trim_end()));
    o.push_str("\n\n");
    if outcome.diagnostics.is_empty() {
        return o;
    }
    o.push_str("| Class | Code | Tool | Change | Where |\n|---|---|---|---|---|\n");
    let sources = &outcome.project.sources;
    let mut rows: Vec<_> = outcome.diagnostics.iter().collect();
    rows.sort_by_key(|d| std::cmp::Reverse(d.severity));
    for d in rows {
        let name = crate::catalog::find(d.code).map_or("", |r| r.name.as_str());
        let at = |l: &crate::diagnostic::Label| {
            let f = sources.get(l.span.file);
            format!("{}:{}", f.display, f.position(l.span.start()).line)
        };
        let mut place = at(&d.primary);
        for r in &d.related {
            let _ = write!(place, " (was {})", at(r));
        }
        let _ = writeln!(
            o,
            "| {} | {} {} | {} | {} | {} |",
            d.severity.change_class(),
            d.code,
            name,
            cell(&format!("`{}`", d.tool.as_deref().unwrap_or(""))),
            cell(&d.message),
            cell(&format!("`{place}`")),
        );
    }
    o
}

/// Write the changes in `format` (with its summary line unless `quiet`).
pub fn write(
    outcome: &Outcome,
    c: &Compared,
    (format, quiet, color): (DiffFormat, bool, bool),
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let summary = || match quiet {
        true => String::new(),
        false => summary(outcome, c),
    };
    match format {
        DiffFormat::Human => {
            w.write_all((super::human::body(outcome, color) + &summary()).as_bytes())
        }
        DiffFormat::Concise => {
            w.write_all((super::concise::body(outcome, color) + &summary()).as_bytes())
        }
        DiffFormat::Json => super::json::write(outcome, w),
        DiffFormat::Sarif => super::sarif::write(outcome, w),
        DiffFormat::Github => super::github::write(outcome, w),
        DiffFormat::Markdown => w.write_all(markdown(outcome, c).as_bytes()),
    }
}

/// What standard error says besides the changes: entries of the revisions not read, and
/// changes silenced by suppressions.
pub fn notes(skipped: &[String], suppressed: usize) -> String {
    let mut out = String::new();
    if let Some(first) = skipped.first() {
        let n = match skipped.len() {
            1 => "1 entry".to_string(),
            n => format!("{n} entries"),
        };
        out.push_str(&format!(
            "contractlint: {n} of the revisions not read (links, submodules, files over the size limit or missing from the object store), first {}\n",
            crate::source::escape::log_lines(first)
        ));
    }
    if suppressed > 0 {
        out.push_str(&format!(
            "contractlint: {} silenced by suppressions in the sources\n",
            super::plural(suppressed, "change")
        ));
    }
    out
}
