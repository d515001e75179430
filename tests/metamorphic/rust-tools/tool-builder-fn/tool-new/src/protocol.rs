// Metamorphic: the wire type has a constructor, which the catalog's helper calls.
//! The wire shape of a listed tool.

use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Serialize)]
pub struct Tool {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(rename = "inputSchema")]
    pub input_schema: Value,
}

impl Tool {
    pub fn new(name: &str, description: &str, input_schema: Value) -> Self {
        Tool {
            name: name.to_string(),
            description: Some(description.to_string()),
            input_schema,
        }
    }
}
