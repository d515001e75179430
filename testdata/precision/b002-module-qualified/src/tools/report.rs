use rusqlite::Connection;

/// How many notes carry `tag`.
pub fn execute(conn: &Connection, tag: &str) -> i64 {
    conn.query_row("SELECT COUNT(*) FROM notes WHERE tag = ?1", [tag], |r| r.get(0))
        .unwrap_or(0)
}
