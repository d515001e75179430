//! A notes server that speaks JSON-RPC on stdio without an MCP SDK. Its tool list is read
//! from a file when it starts, so no tool can be known without running it.

use serde_json::{json, Value};
use std::io::BufRead;

fn tool_list() -> Value {
    let text = std::fs::read_to_string("tools.json").unwrap_or_else(|_| "[]".into());
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

fn answer(request: &Value) -> Value {
    let id = request["id"].clone();
    match request["method"].as_str() {
        Some("tools/list") => json!({ "jsonrpc": "2.0", "id": id, "result": { "tools": tool_list() } }),
        Some("tools/call") => json!({ "jsonrpc": "2.0", "id": id, "result": { "content": [] } }),
        _ => json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32601, "message": "unknown method" } }),
    }
}

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if let Ok(request) = serde_json::from_str::<Value>(&line) {
            println!("{}", answer(&request));
        }
    }
}
