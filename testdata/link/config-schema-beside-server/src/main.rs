//! A lamp bridge that answers MCP over stdio by hand. Its tools come from a table the code
//! turns into JSON at run time; `schemas/bridge-settings.schema.json` describes the bridge's
//! own settings file, not a tool.

use serde_json::{Value, json};
use std::io::BufRead;

const TOOLS: &[(&str, &str, &[&str])] = &[
    ("lamp_on", "Turns a lamp on.", &["room"]),
    ("lamp_off", "Turns a lamp off.", &["room"]),
];

fn tool_list() -> Value {
    let tools: Vec<Value> = TOOLS
        .iter()
        .map(|(name, description, required)| {
            let properties: serde_json::Map<String, Value> = required
                .iter()
                .map(|p| (p.to_string(), json!({ "type": "string" })))
                .collect();
            json!({
                "name": name,
                "description": description,
                "inputSchema": { "type": "object", "properties": properties, "required": required },
            })
        })
        .collect();
    json!({ "tools": tools })
}

fn answer(request: &Value) -> Value {
    match request["method"].as_str() {
        Some("tools/list") => tool_list(),
        Some("tools/call") => json!({ "content": [{ "type": "text", "text": "done" }] }),
        _ => json!({}),
    }
}

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if let Ok(request) = serde_json::from_str::<Value>(&line) {
            println!("{}", answer(&request));
        }
    }
}
