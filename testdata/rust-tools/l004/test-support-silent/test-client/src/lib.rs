//! A client for the server's tests: it maps MCP method names onto the server's HTTP API.
//! It answers nothing itself and declares no tools.

use serde_json::{Value, json};

pub struct TestClient {
    pub base_url: String,
}

impl TestClient {
    /// The HTTP request standing for an MCP method: `(verb, path, body)`.
    pub fn request_for(&self, method: &str, params: Option<Value>) -> (&'static str, String, Value) {
        match method {
            "tools/list" => ("GET", format!("{}/api/tools", self.base_url), json!({})),
            "tools/call" => {
                let params = params.unwrap_or(json!({}));
                let name = params["name"].as_str().unwrap_or("").to_string();
                ("POST", format!("{}/api/tools/{name}", self.base_url), params["arguments"].clone())
            }
            _ => ("GET", format!("{}/api/health", self.base_url), json!({})),
        }
    }
}
