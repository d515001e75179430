//! Line-delimited JSON-RPC framing with retries, for clients of any JSON-RPC server.

use serde_json::Value;

/// Sends one request line and reads one answer line, retrying a failed exchange.
pub async fn exchange<F, Fut>(mut send: F, request: &Value, attempts: u32) -> Option<Value>
where
    F: FnMut(String) -> Fut,
    Fut: std::future::Future<Output = Option<String>>,
{
    for _ in 0..attempts.max(1) {
        if let Some(line) = send(request.to_string()).await {
            return serde_json::from_str(&line).ok();
        }
    }
    None
}
