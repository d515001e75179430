// Metamorphic: the helper builds the tool with `Tool::new(name, description, schema)` instead of a struct literal.
//! The tools this server lists, each built by one helper.

use serde_json::{json, Value};

use crate::protocol::Tool;

pub fn tools() -> Vec<Tool> {
    vec![
        tool(
            "restock_item",
            "Add units of an item to the pantry.",
            json!({
                "type": "object",
                "properties": {
                    "item": {"type": "string", "description": "Item label, e.g. rice"},
                    "units": {"type": "integer", "minimum": 1, "maximum": 50, "description": "Units to add"}
                },
                "required": ["item", "units"],
                "additionalProperties": false
            }),
        ),
        tool("count_item", "Count the units of one item. Changes nothing.", item_schema()),
        tool("discard_item", "Remove an item and all its units.", item_schema()),
    ]
}

fn tool(name: &str, description: &str, input_schema: Value) -> Tool {
    Tool::new(name, description, input_schema)
}

fn item_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "item": {"type": "string", "description": "Item label"}
        },
        "required": ["item"],
        "additionalProperties": false
    })
}
