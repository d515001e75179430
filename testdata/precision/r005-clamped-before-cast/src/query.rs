//! The SQL behind the tools.

use rusqlite::{Connection, params};

/// The passages matching `words`, at most `limit` of them.
pub fn passages(conn: &Connection, words: &str, limit: usize) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT text FROM passages_fts WHERE passages_fts MATCH ?1 ORDER BY rank LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![words, limit as i64], |row| row.get::<_, String>(0))?;
    rows.collect()
}
