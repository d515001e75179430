//! A small MCP framework: applications register tools, this library answers the protocol.

use serde_json::{json, Value};

/// A tool an application registers.
pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    fn description(&self) -> &str;
    fn schema(&self) -> Value;
    fn call(&self, args: &Value) -> Result<Value, String>;
}

pub struct Server {
    tools: Vec<Box<dyn Tool>>,
}

impl Server {
    pub fn new() -> Self {
        Self { tools: Vec::new() }
    }

    pub fn register(&mut self, tool: Box<dyn Tool>) {
        self.tools.push(tool);
    }

    /// Answers one JSON-RPC request.
    pub fn handle(&self, method: &str, params: &Value) -> Result<Value, String> {
        match method {
            "tools/list" => Ok(json!({
                "tools": self.tools.iter().map(|t| json!({"name": t.name(), "inputSchema": t.schema()})).collect::<Vec<_>>()
            })),
            "tools/call" => {
                let name = params.get("name").and_then(Value::as_str).unwrap_or_default();
                let tool = self.tools.iter().find(|t| t.name() == name).ok_or("unknown tool")?;
                tool.call(params.get("arguments").unwrap_or(&Value::Null))
            }
            other => Err(format!("unsupported method {other}")),
        }
    }
}
