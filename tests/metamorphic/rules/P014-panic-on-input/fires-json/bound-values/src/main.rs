// Metamorphic: each value bound to a local before its accessor is unwrapped
//! A hand-written MCP server over a directory of log files. Its tools read their arguments
//! from the JSON object and unwrap what the schema lets a client leave out or send as
//! another type: such a call crashes the request instead of answering with an error.

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
                    "description": "Read one log file of the log directory; the newest when no file is given.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "file": { "type": "string", "description": "File name inside the log directory." }
                        },
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
                            "lines": { "type": "integer", "description": "How many lines to return." }
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
                let value = &args["file"];
                let file = value.as_str().unwrap();
                let text = std::fs::read_to_string(self.root.join(file))?;
                Ok(json!({ "file": file, "text": text }))
            }
            "tail_log" => {
                let file = args["file"].as_str().unwrap();
                let given = args.get("lines");
                let lines = given.and_then(|v| v.as_u64()).unwrap();
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
