//! The tool registry: each tool gives its input schema as JSON text, parsed when the tools
//! are listed.

use async_trait::async_trait;
use serde_json::{Map, Value};

#[async_trait]
pub trait ToolHandler: Send + Sync {
    fn name(&self) -> &'static str;
    fn description(&self) -> &'static str;
    /// JSON Schema of the tool's arguments, as JSON text.
    fn input_schema(&self) -> &'static str;
    async fn call(&self, args: &Map<String, Value>) -> Result<String, String>;
}

pub fn handlers() -> Vec<Box<dyn ToolHandler>> {
    vec![
        Box::new(crate::tools::ModuleTree),
        Box::new(crate::tools::FindSymbol),
    ]
}

/// `tools/list`: each tool with its schema parsed from its text.
pub fn listed() -> Vec<Value> {
    handlers()
        .iter()
        .map(|h| {
            let schema: Value = serde_json::from_str(h.input_schema()).unwrap_or(Value::Null);
            serde_json::json!({
                "name": h.name(),
                "description": h.description(),
                "inputSchema": schema,
            })
        })
        .collect()
}
