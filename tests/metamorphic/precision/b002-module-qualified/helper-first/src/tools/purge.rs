// Metamorphic: another function written before the delete in the purge module.
use rusqlite::Connection;

/// How many notes carry `tag`, before they are deleted.
pub fn count(conn: &Connection, tag: &str) -> i64 {
    conn.query_row("SELECT COUNT(*) FROM notes WHERE tag = ?1", [tag], |r| r.get(0))
        .unwrap_or(0)
}

/// Deletes every note carrying `tag`.
pub fn execute(conn: &Connection, tag: &str) -> usize {
    conn.execute("DELETE FROM notes WHERE tag = ?1", [tag]).unwrap_or(0)
}
