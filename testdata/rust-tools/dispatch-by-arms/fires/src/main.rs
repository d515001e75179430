//! A note-taking server that speaks MCP's JSON-RPC over stdio itself: the tool list is
//! written with `json!` in `listing.rs`, and `calls.rs` runs a call by the tool it names.

mod calls;
mod listing;

use std::io::BufRead;

use serde_json::{json, Value};

fn request_parts(msg: &Value) -> (String, Value) {
    let tool = msg["params"]["name"].as_str().unwrap_or("").to_string();
    let arguments = msg["params"]
        .get("arguments")
        .cloned()
        .unwrap_or(Value::Null);
    (tool, arguments)
}

async fn answer(msg: &Value) -> Value {
    match msg["method"].as_str() {
        Some("tools/list") => json!({ "jsonrpc": "2.0", "id": msg["id"], "result": { "tools": listing::tools() } }),
        Some("tools/call") => {
            let (tool, arguments) = request_parts(msg);
            let result = match calls::run(&tool, &arguments).await {
                Ok(text) => json!({ "content": [{ "type": "text", "text": text }] }),
                Err(e) => json!({ "content": [{ "type": "text", "text": e }], "isError": true }),
            };
            json!({ "jsonrpc": "2.0", "id": msg["id"], "result": result })
        }
        _ => json!({ "jsonrpc": "2.0", "id": msg["id"], "error": { "code": -32601, "message": "method not found" } }),
    }
}

#[tokio::main]
async fn main() {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        if let Ok(msg) = serde_json::from_str::<Value>(&line) {
            println!("{}", answer(&msg).await);
        }
    }
}
