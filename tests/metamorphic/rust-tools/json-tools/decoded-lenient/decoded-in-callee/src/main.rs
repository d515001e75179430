// Metamorphic: the handler hands the arguments to a function that decodes them.
//! A JSON-RPC MCP server written without an SDK: `tools/list` answers with a `json!`
//! literal whose schemas reject unknown properties, and `tools/call` hands each tool's
//! arguments to a handler that decodes them into a plain `#[derive(Deserialize)]` struct.
//! serde ignores the keys the struct lacks, so a misspelt `dry_run` is dropped and the
//! backup really runs.

use serde::Deserialize;
use serde_json::{Value, json};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "start_backup",
                "description": "Back up a volume to the configured store.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "volume": {"type": "string", "description": "The volume to back up."},
                        "dry_run": {"type": "boolean", "description": "Only list what would be copied."}
                    },
                    "required": ["volume"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

#[derive(Deserialize)]
struct BackupRequest {
    volume: String,
    dry_run: Option<bool>,
}

fn call_tool(name: &str, args: Value) -> Result<Value, String> {
    match name {
        "start_backup" => start_backup(args),
        _ => Err(format!("unknown tool {name}")),
    }
}

fn start_backup(args: Value) -> Result<Value, String> {
    run_backup(args)
}

fn run_backup(args: Value) -> Result<Value, String> {
    let request: BackupRequest = serde_json::from_value(args).map_err(|e| e.to_string())?;
    let mode = if request.dry_run.unwrap_or(false) { "listed" } else { "copied" };
    Ok(json!({"content": [{"type": "text", "text": format!("{} {mode}", request.volume)}]}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("start_backup", json!({"volume": "home"}));
}
