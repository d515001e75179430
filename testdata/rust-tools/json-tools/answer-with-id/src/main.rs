//! A hand-written notes server whose `tools/list` answer is one `json!` holding the request's
//! `id` beside the tools: the tools are read past the run-time `id`, and the range the text of
//! `limit` states is wider than its schema's maximum.

use serde_json::{json, Value};
use std::io::BufRead;

fn answer(request: &Value) -> Value {
    let id = request["id"].clone();
    match request["method"].as_str() {
        Some("tools/list") => json!({
            "jsonrpc": "2.0",
            "id": id,
            "result": {
                "tools": [{
                    "name": "recent_notes",
                    "description": "Lists the most recent notes.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "limit": {
                                "type": "integer",
                                "minimum": 1,
                                "maximum": 50,
                                "description": "How many notes to list, from 1 to 100."
                            }
                        },
                        "additionalProperties": false
                    },
                    "annotations": { "readOnlyHint": true }
                }]
            }
        }),
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
