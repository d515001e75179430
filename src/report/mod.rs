//! Renderers. They only format what the rules decided; nothing here judges.

pub mod github;
pub mod human;
pub mod json;
pub mod links;
pub mod readiness;
pub mod sarif;

use crate::diagnostic::Severity;
use crate::outcome::Outcome;

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
