// Metamorphic: the numbers read inside the call's arguments, not bound to locals first
//! A process supervisor that speaks MCP's JSON-RPC itself: `search_logs` reads its numbers
//! out of the arguments with `as_u64` and hands them to the log buffer of the process, whose
//! type the handler does not name (it comes out of a lock).

use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::RwLock;

pub struct LogBuffer {
    lines: Vec<String>,
}

impl LogBuffer {
    /// The lines matching `pattern`, with `context` lines around each, the first `head`.
    pub fn search(&self, pattern: Option<&str>, context: Option<usize>, head: Option<usize>) -> Vec<String> {
        let hits: Vec<String> = self
            .lines
            .iter()
            .filter(|l| pattern.is_none_or(|p| l.contains(p)))
            .cloned()
            .collect();
        let _ = context;
        hits.into_iter().take(head.unwrap_or(usize::MAX)).collect()
    }
}

pub struct Process {
    logs: RwLock<LogBuffer>,
}

pub struct Supervisor {
    processes: RwLock<HashMap<String, Process>>,
}

impl Supervisor {
    pub fn list_tools(&self) -> Value {
        json!({
            "tools": [{
                "name": "search_logs",
                "description": "Search the logs of a supervised process.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "process": { "type": "string", "description": "Process name" },
                        "pattern": { "type": "string", "description": "Substring to look for" },
                        "context_lines": { "type": "number", "description": "Lines shown around each match" },
                        "head": { "type": "number", "description": "Return only the first N lines" }
                    },
                    "required": ["process"],
                    "additionalProperties": false
                }
            }]
        })
    }

    pub fn call_tool(&self, params: &Value) -> Result<String, String> {
        let arguments = &params["arguments"];
        match params["name"].as_str().unwrap_or("") {
            "search_logs" => self.tool_search_logs(arguments),
            other => Err(format!("Unknown tool: {other}")),
        }
    }

    fn tool_search_logs(&self, args: &Value) -> Result<String, String> {
        let name = args["process"].as_str().ok_or("Missing 'process' parameter")?;
        let pattern = args["pattern"].as_str();

        let processes = self.processes.read().map_err(|e| e.to_string())?;
        let process = processes.get(name).ok_or(format!("Process '{name}' not found"))?;
        let lines = process
            .logs
            .read()
            .map_err(|e| e.to_string())?
            .search(
                pattern,
                args["context_lines"].as_u64().map(|n| n as usize),
                args["head"].as_u64().map(|n| n as usize),
            );
        Ok(lines.join("\n"))
    }
}

fn main() {
    let s = Supervisor { processes: RwLock::new(HashMap::new()) };
    let _ = s.list_tools();
}
