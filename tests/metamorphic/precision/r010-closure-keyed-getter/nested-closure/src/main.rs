// Metamorphic: the typed read inside the closure that reads the key (one closure, nested)
//! A tea timer answering MCP by hand; arguments are read through one small getter whose
//! closure reads the key it is given.

use serde_json::{json, Value};
use std::io::BufRead;

fn int_arg(args: &Option<Value>, key: &str, default: i64) -> i64 {
    args.as_ref()
        .and_then(|v| v.get(key).and_then(|n| n.as_i64()))
        .unwrap_or(default)
}

fn list_tools() -> Value {
    json!({
        "tools": [
            {
                "name": "brew",
                "description": "Brew a pot and report when each infusion is ready.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "infusions": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Infusions to time."}
                    },
                    "additionalProperties": false
                }
            },
            {
                "name": "steep",
                "description": "Time one steep.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "minutes": {"type": "integer", "minimum": 1, "maximum": 10, "description": "Minutes to steep."}
                    },
                    "additionalProperties": false
                }
            }
        ]
    })
}

struct Timer {
    elapsed: i64,
}

impl Timer {
    fn brew(&mut self, args: &Option<Value>) -> Value {
        let asked = int_arg(args, "infusions", 3);
        let infusions = asked.clamp(1, 5);
        self.elapsed += infusions * 2;
        json!({"content": [{"type": "text", "text": format!("{infusions} infusions timed")}]})
    }

    fn steep(&mut self, args: &Option<Value>) -> Value {
        let minutes = int_arg(args, "minutes", 3).clamp(1, 10);
        self.elapsed += minutes;
        json!({"content": [{"type": "text", "text": format!("steeped {minutes} minutes")}]})
    }

    fn call(&mut self, params: &Value) -> Value {
        let args = params.get("arguments").cloned();
        match params.get("name").and_then(Value::as_str) {
            Some("brew") => self.brew(&args),
            Some("steep") => self.steep(&args),
            _ => json!({"isError": true, "content": [{"type": "text", "text": "unknown tool"}]}),
        }
    }
}

fn main() {
    let mut timer = Timer { elapsed: 0 };
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let result = match request["method"].as_str() {
            Some("tools/list") => list_tools(),
            Some("tools/call") => timer.call(&request["params"]),
            _ => json!({}),
        };
        println!("{}", json!({"jsonrpc": "2.0", "id": request["id"], "result": result}));
    }
}
