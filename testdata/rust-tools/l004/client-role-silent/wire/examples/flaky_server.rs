//! A stand-in server for the retry example: fails one call in three.

use serde_json::{json, Value};

fn answer(request: &Value, n: u32) -> Value {
    let method = request.get("method").and_then(Value::as_str).unwrap_or("");
    if method == "tools/call" && n % 3 == 0 {
        return json!({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32000, "message": "flaky"}});
    }
    json!({"jsonrpc": "2.0", "id": request["id"], "result": {"content": []}})
}

fn main() {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call"});
    for n in 0..3 {
        println!("{}", answer(&request, n));
    }
}
