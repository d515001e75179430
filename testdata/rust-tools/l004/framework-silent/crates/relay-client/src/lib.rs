//! A client for servers built on relay-server: it names the method of each request it sends.

use serde_json::Value;

/// The header a request carries: the tool name for calls, the method otherwise.
pub fn route_header(method: &str, params: &Value) -> String {
    match method {
        "tools/call" => params.get("name").and_then(Value::as_str).unwrap_or(method).to_string(),
        _ => method.to_string(),
    }
}
