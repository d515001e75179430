//! The search engine: pure functions over an index.

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

/// Notes containing every word of `query`.
pub fn execute(index: &Index, query: &str) -> Vec<String> {
    let mut counted = 0usize;
    let hits = index
        .notes
        .iter()
        .filter(|n| query.split_whitespace().all(|w| n.contains(w)))
        .cloned()
        .collect();
    tally(&mut counted);
    hits
}

fn tally(counted: &mut usize) {
    *counted += 1;
}
