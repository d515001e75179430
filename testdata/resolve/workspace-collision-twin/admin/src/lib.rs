//! Administration of the notes database: purging notes and saving settings.

use rusqlite::Connection;
use serde::Deserialize;

/// What the purge is asked, as the admin tools spell it.
#[derive(Debug, Deserialize)]
pub struct SearchInput {
    pub pattern: String,
    pub dry_run: Option<bool>,
}

pub struct Report {
    pub path: String,
    pub hits: Vec<String>,
}

impl Report {
    /// Writes the report to its file.
    pub fn save(&self) -> std::io::Result<()> {
        std::fs::write(&self.path, self.hits.join("\n"))
    }
}

/// Records an export of the notes to `path`.
pub fn save(conn: &Connection, path: &str) -> usize {
    conn.execute("INSERT INTO exports (path) VALUES (?1)", [path])
        .unwrap_or_default()
}

/// Deletes the notes matching `query`; how many went.
pub fn execute(conn: &Connection, query: &str) -> usize {
    conn.execute("DELETE FROM notes WHERE body LIKE ?1", [query])
        .unwrap_or_default()
}
