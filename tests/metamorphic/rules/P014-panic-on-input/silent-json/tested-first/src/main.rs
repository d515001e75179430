// Metamorphic: the optional file tested for presence before it is unwrapped
//! A hand-written MCP server over a directory of log files. Its tools unwrap only what the
//! schema guarantees a conforming client sends, and answer the rest with an error.

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
                let file = if args.get("file").is_some_and(Value::is_string) {
                    args["file"].as_str().unwrap().to_string()
                } else {
                    self.newest()?
                };
                let text = std::fs::read_to_string(self.root.join(&file))?;
                Ok(json!({ "file": file, "text": text }))
            }
            "tail_log" => {
                let file = args["file"].as_str().unwrap();
                let lines = args.get("lines").and_then(|v| v.as_u64()).unwrap();
                let text = std::fs::read_to_string(self.root.join(file))?;
                let all: Vec<&str> = text.lines().collect();
                let from = all.len().saturating_sub(lines as usize);
                Ok(json!({ "file": file, "lines": all[from..].join("\n") }))
            }
            _ => Err(anyhow!("Unknown tool: {name}")),
        }
    }

    fn newest(&self) -> Result<String> {
        Err(anyhow!("no log in {}", self.root.display()))
    }
}

fn main() {}
