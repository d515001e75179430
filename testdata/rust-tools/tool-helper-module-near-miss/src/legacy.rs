//! The old wire shape's helper, with the same name and arguments but no `required` list:
//! which of the two a bare `make_tool(..)` call runs depends on the caller's imports.

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

pub fn make_tool(name: &str, description: &str, properties: Value, required: Vec<&str>) -> Tool {
    let input_schema = JsonObject::from_iter([
        ("type".to_string(), json!("object")),
        ("properties".to_string(), properties),
    ]);
    let _ = required;
    Tool::new(name.to_string(), description.to_string(), input_schema)
}
