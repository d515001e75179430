use rusqlite::Connection;

/// Deletes every note carrying `tag`.
pub fn execute(conn: &Connection, tag: &str) -> usize {
    conn.execute("DELETE FROM notes WHERE tag = ?1", [tag]).unwrap_or(0)
}
