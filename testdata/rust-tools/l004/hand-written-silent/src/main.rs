//! The same notes server with its tool list written in the code: the tool is read, so the
//! package is linted and nothing is reported.

use serde_json::{json, Value};
use std::io::BufRead;

fn tool_list() -> Value {
    json!([{
        "name": "add_note",
        "description": "Adds a note with the given text.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "text": { "type": "string", "description": "The note's text." }
            },
            "required": ["text"],
            "additionalProperties": false
        }
    }])
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
