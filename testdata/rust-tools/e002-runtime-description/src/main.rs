//! A transcript server that speaks MCP's JSON-RPC itself. One property's description names
//! the default folder, which is only known when the server runs: the schema is still known,
//! only that text is not.

use serde_json::{json, Map, Value};
use std::path::PathBuf;

pub struct Tool {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

fn default_dir() -> PathBuf {
    std::env::temp_dir().join("transcripts")
}

pub fn list_tools() -> Vec<Tool> {
    vec![Tool {
        name: "list_transcripts".to_string(),
        description: "Lists the transcripts in a folder, newest first.".to_string(),
        input_schema: json!({
            "type": "object",
            "properties": {
                "dir": {
                    "type": "string",
                    "description": format!("Folder to list. Defaults to {}", default_dir().display())
                },
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 100,
                    "description": "Most transcripts to return."
                }
            },
            "additionalProperties": false
        }),
    }]
}

pub fn call_tool(name: &str, args: &Map<String, Value>) -> Result<Value, String> {
    match name {
        "list_transcripts" => {
            let dir = args
                .get("dir")
                .and_then(|v| v.as_str())
                .map(PathBuf::from)
                .unwrap_or_else(default_dir);
            let limit = args.get("limit").and_then(|v| v.as_u64()).unwrap_or(20);
            if !(1..=100).contains(&limit) {
                return Err("limit must be between 1 and 100".to_string());
            }
            for key in args.keys() {
                if key != "dir" && key != "limit" {
                    return Err(format!("unknown argument {key}"));
                }
            }
            Ok(json!({ "dir": dir.display().to_string(), "limit": limit }))
        }
        other => Err(format!("unknown tool {other}")),
    }
}

fn main() {
    let _ = list_tools();
}
