//! The search engine: pure functions over an index.

use serde::Deserialize;

/// What the engine is asked, as its own callers spell it.
#[derive(Debug, Deserialize)]
pub struct SearchInput {
    pub words: Vec<String>,
    pub limit: u32,
}

pub struct Index {
    pub notes: Vec<String>,
}

pub struct Report {
    pub hits: Vec<String>,
}

impl Report {
    /// The report as text ("save" as in "save for display").
    pub fn save(&self) -> String {
        self.hits.join("\n")
    }
}

/// The report as one line per hit, kept for the caller to show.
pub fn save(report: &Report) -> String {
    report.hits.join("\n")
}

/// Notes containing every word of `query`.
pub fn execute(index: &Index, query: &str) -> Vec<String> {
    index
        .notes
        .iter()
        .filter(|n| query.split_whitespace().all(|w| n.contains(w)))
        .cloned()
        .collect()
}
