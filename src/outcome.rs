//! What a run produced: the linked project (for reports), its sorted findings and what was
//! suppressed. The engine makes it; reporters only render it.

use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Suppressed};

/// The result of a run: the linked project (for reports) and its sorted diagnostics.
pub struct Outcome {
    pub project: Project,
    pub diagnostics: Vec<Diagnostic>,
    /// Findings silenced by a suppression in the source (not in `diagnostics`).
    pub suppressed: Vec<Suppressed>,
    /// Findings a rule could not prove (an unknown claim in their evidence): never
    /// reported, counted by `--statistics` and listed by `-v`.
    pub withheld: Vec<Diagnostic>,
    /// Files examined.
    pub files: usize,
    /// The directory the run's paths share (canonical): what SARIF fingerprints are
    /// relative to, so they do not depend on the working directory.
    pub root: std::path::PathBuf,
    /// Candidate files and directories an ignore file kept out of the walk (the summary
    /// counts them, `-v` lists them): nothing is skipped without a word.
    pub ignored: Vec<std::path::PathBuf>,
    /// Every configuration file that applied to some package of the run (the closest one
    /// per package), sorted: what the report's environment names.
    pub configs: Vec<std::path::PathBuf>,
}
