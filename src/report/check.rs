//! What `check` writes for each `--format`, with `--statistics` and `--explain-links`: the
//! text reports as one string, JSON, SARIF and GitHub annotations streamed as they are made.

use super::Format;
use crate::outcome::Outcome;
use std::io::Write;

/// How the findings are shown.
pub struct Shown {
    pub format: Format,
    pub statistics: bool,
    pub explain_links: bool,
    pub quiet: bool,
    pub color: bool,
}

/// Whether the options go together, asked before anything is written.
pub fn validate(shown: &Shown) -> Result<(), String> {
    match (shown.format, shown.statistics) {
        (Format::Sarif | Format::Github, true) => {
            Err("--statistics prints text or, with --format json, JSON".into())
        }
        _ => Ok(()),
    }
}

/// Write the report of `outcome` to `out` ([`validate`] first); the linking trace goes to
/// standard error for formats a human does not read inline.
pub fn write(outcome: &Outcome, shown: &Shown, out: &mut dyn Write) -> std::io::Result<()> {
    let summary = || {
        if shown.quiet {
            String::new()
        } else {
            super::summary_line(outcome)
        }
    };
    let mut text = match (shown.format, shown.statistics) {
        (Format::Json, true) => super::statistics::json(outcome),
        (Format::Human | Format::Concise, true) => super::statistics::text(outcome) + &summary(),
        (Format::Human, false) => super::human::body(outcome, shown.color) + &summary(),
        (Format::Concise, false) => super::concise::body(outcome, shown.color) + &summary(),
        (Format::Json | Format::Sarif | Format::Github, _) => String::new(),
    };
    if shown.explain_links {
        let trace = super::links::render(&outcome.project);
        match shown.format {
            Format::Human => text = format!("{trace}\n{text}"),
            Format::Json | Format::Sarif | Format::Github | Format::Concise => eprint!("{trace}"),
        }
    }
    match (shown.format, shown.statistics) {
        (Format::Json, false) => super::json::write(outcome, out),
        (Format::Sarif, false) => super::sarif::write(outcome, out),
        (Format::Github, false) => super::github::write(outcome, out),
        _ => out.write_all(text.as_bytes()),
    }
}
