//! A hand-written MCP server over a directory of log files. Both tools read their
//! arguments with a fallback and then refuse the fallback itself, so a call that leaves a
//! required argument out is rejected, never carried out with a made-up value.

use anyhow::{Result, anyhow};
use serde_json::{Value, json};

pub struct LogServer {
    root: std::path::PathBuf,
}

impl LogServer {
    pub fn list_tools(&self) -> Value {
        json!({
            "tools": [
                {
                    "name": "read_log",
                    "description": "Read one log file of the log directory.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "file": { "type": "string", "description": "File name inside the log directory." }
                        },
                        "required": ["file"],
                        "additionalProperties": false
                    }
                },
                {
                    "name": "tail_log",
                    "description": "Return the last lines of a log file.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "file": { "type": "string", "description": "File name inside the log directory." },
                            "lines": { "type": "integer", "minimum": 1, "description": "How many lines to return." }
                        },
                        "required": ["file", "lines"],
                        "additionalProperties": false
                    }
                }
            ]
        })
    }

    pub fn call_tool(&self, name: &str, args: &Value) -> Result<Value> {
        match name {
            "read_log" => {
                let file = args.get("file").and_then(|v| v.as_str()).unwrap_or("");
                if file.is_empty() {
                    return Err(anyhow!("file is required"));
                }
                let text = std::fs::read_to_string(self.root.join(file))?;
                Ok(json!({ "file": file, "text": text }))
            }
            "tail_log" => {
                let file = args.get("file").and_then(|v| v.as_str()).unwrap_or("");
                let lines = args.get("lines").and_then(|v| v.as_u64()).unwrap_or(0);
                if file.is_empty() {
                    return Err(anyhow!("file is required"));
                }
                if lines == 0 {
                    return Err(anyhow!("lines must be given and positive"));
                }
                let text = std::fs::read_to_string(self.root.join(file))?;
                let all: Vec<&str> = text.lines().collect();
                let from = all.len().saturating_sub(lines as usize);
                Ok(json!({ "file": file, "lines": all[from..].join("\n") }))
            }
            _ => Err(anyhow!("Unknown tool: {name}")),
        }
    }
}

fn main() {}
