// Metamorphic: each result rebound to a local (`let result = reports::list(db)?; Ok(result)`)
//! A JSON-RPC MCP server without an SDK whose tool modules each have a `list` handler:
//! `archive::list` moves old records into the archive table (a write), `reports::list` only reads. The
//! read-only `list_reports` dispatches to `reports::list`, so it must not be taken for the
//! `list` that writes.

mod archive;
mod reports;

use serde_json::{Map, Value, json};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "list_archive",
                "description": "Move records older than a year to the archive and list them.",
                "inputSchema": {
                    "type": "object",
                    "properties": {},
                    "additionalProperties": false
                }
            },
            {
                "name": "list_reports",
                "description": "List the saved reports.",
                "annotations": {"readOnlyHint": true},
                "inputSchema": {
                    "type": "object",
                    "properties": {},
                    "additionalProperties": false
                }
            }
        ]
    })
}

fn call_tool(
    db: &rusqlite::Connection,
    name: &str,
    _args: &Map<String, Value>,
) -> Result<Value, String> {
    match name {
        "list_archive" => {
            let result = archive::list(db)?;
            Ok(result)
        }
        "list_reports" => {
            let result = reports::list(db)?;
            Ok(result)
        }
        _ => Err(format!("unknown tool {name}")),
    }
}

fn main() {
    let db = rusqlite::Connection::open("records.db").expect("database");
    let _ = tools_list();
    let _ = call_tool(&db, "list_reports", &Map::new());
}
