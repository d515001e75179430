//! An MCP hub library: programs built on it register tools, and it answers the protocol
//! for them.

use serde_json::{json, Value};

type Handler = Box<dyn Fn(&Value) -> Result<Value, String> + Send + Sync>;

pub struct Registered {
    pub name: String,
    pub schema: Value,
    pub handler: Handler,
}

#[derive(Default)]
pub struct Hub {
    tools: Vec<Registered>,
}

impl Hub {
    pub fn add(&mut self, tool: Registered) {
        self.tools.push(tool);
    }

    /// Answers one JSON-RPC request for the registered tools.
    pub fn answer(&self, method: &str, params: &Value) -> Result<Value, String> {
        if method == "tools/list" {
            let listed: Vec<Value> = self
                .tools
                .iter()
                .map(|t| json!({"name": t.name, "inputSchema": t.schema}))
                .collect();
            return Ok(json!({ "tools": listed }));
        }
        if method == "tools/call" {
            let name = params.get("name").and_then(Value::as_str).unwrap_or_default();
            let tool = self.tools.iter().find(|t| t.name == name).ok_or("unknown tool")?;
            return (tool.handler)(params.get("arguments").unwrap_or(&Value::Null));
        }
        Err(format!("unsupported method {method}"))
    }
}
