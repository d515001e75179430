//! A help page written with the same arguments as a tool, but no tool: `describe_tool`
//! builds a JSON entry for a human reader.

use serde_json::{Value, json};

fn describe_tool(name: &str, text: &str, example: Value) -> Value {
    json!({"title": name, "body": text, "example": example})
}

pub fn page() -> Value {
    json!([describe_tool(
        "water_tree",
        "Pours water at the foot of a tree.",
        json!({"tree": "apple-4", "liters": 12})
    )])
}
