// Metamorphic: the connection rebound to a local (`let conn = db;`)
use serde_json::{Value, json};

/// The saved reports, counted in the reports table.
pub fn list(db: &rusqlite::Connection) -> Result<Value, String> {
    let conn = db;
    let n: i64 = conn
        .query_row("SELECT count(*) FROM reports", [], |r| r.get(0))
        .map_err(|e| e.to_string())?;
    Ok(json!({"content": [{"type": "text", "text": format!("{n} reports")}]}))
}
