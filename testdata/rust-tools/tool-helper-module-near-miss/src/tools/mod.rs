//! The helper the tool modules build their tools with.

pub mod trees;

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

pub fn make_tool(name: &str, description: &str, properties: Value, required: Vec<&str>) -> Tool {
    let input_schema = JsonObject::from_iter([
        ("type".to_string(), json!("object")),
        ("properties".to_string(), properties),
        ("required".to_string(), json!(required)),
    ]);
    Tool::new(name.to_string(), description.to_string(), input_schema)
}
