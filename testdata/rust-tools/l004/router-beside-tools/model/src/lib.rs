//! What the router needs to know about tools, without knowing any.

use serde_json::Value;

pub struct ToolInfo {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

pub trait ToolRepository {
    fn list(&self) -> Vec<ToolInfo>;
    fn call(&self, name: &str, arguments: Value) -> Result<Value, String>;
}
