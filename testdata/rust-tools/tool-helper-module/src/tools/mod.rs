//! Helpers every tool module builds its tools with; an operator may replace a tool's
//! description in the configuration.

pub mod beds;
pub mod sensors;

use std::collections::HashMap;

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

#[derive(Default)]
pub struct Texts {
    descriptions: HashMap<String, String>,
}

impl Texts {
    pub fn description(&self, tool: &str) -> Option<&str> {
        self.descriptions.get(tool).map(String::as_str)
    }
}

pub fn make_tool(name: &str, description: &str, properties: Value, required: Vec<&str>) -> Tool {
    let input_schema = JsonObject::from_iter([
        ("type".to_string(), json!("object")),
        ("properties".to_string(), properties),
        ("required".to_string(), json!(required)),
    ]);
    Tool::new(name.to_string(), description.to_string(), input_schema)
}

pub fn make_tool_with_texts(
    name: &str,
    default_description: &str,
    properties: Value,
    required: Vec<&str>,
    texts: &Texts,
) -> Tool {
    let description = texts.description(name).unwrap_or(default_description);
    make_tool(name, description, properties, required)
}
