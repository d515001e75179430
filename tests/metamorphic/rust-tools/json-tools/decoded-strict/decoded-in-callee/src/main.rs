// Metamorphic: the handler hands the arguments to a function that decodes them.
//! Near miss of `decoded-lenient`: the same hand-written server, whose handlers decode the
//! arguments into types that decide their keys themselves. `start_backup`'s type denies
//! unknown fields, as its closed schema says; `restore_backup`'s keeps the other keys in a
//! flattened map, which the model does not judge.

use serde::Deserialize;
use serde_json::{Map, Value, json};

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
            },
            {
                "name": "restore_backup",
                "description": "Restore a volume from its latest backup.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "volume": {"type": "string", "description": "The volume to restore."}
                    },
                    "required": ["volume"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BackupRequest {
    volume: String,
    dry_run: Option<bool>,
}

#[derive(Deserialize)]
struct RestoreRequest {
    volume: String,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

fn call_tool(name: &str, args: Value) -> Result<Value, String> {
    match name {
        "start_backup" => start_backup(args),
        "restore_backup" => restore_backup(args),
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

fn restore_backup(args: Value) -> Result<Value, String> {
    let request: RestoreRequest = serde_json::from_value(args).map_err(|e| e.to_string())?;
    if !request.rest.is_empty() {
        return Err("unknown properties".to_string());
    }
    Ok(json!({"content": [{"type": "text", "text": format!("{} restored", request.volume)}]}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("start_backup", json!({"volume": "home"}));
    let _ = call_tool("restore_backup", json!({"volume": "home"}));
}
