//! Renderers. They only format what the rules decided; nothing here judges.

pub mod github;
pub mod human;
pub mod json;
pub mod links;
pub mod readiness;
pub mod sarif;

use crate::Outcome;
use crate::diagnostic::Severity;

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
