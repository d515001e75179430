// Metamorphic: each schema is bound to a local before the helper is called, and the helper's parameters are reordered.
//! The tools this server lists, each built by one helper.

use serde_json::{json, Value};

use crate::protocol::Tool;

pub fn tools() -> Vec<Tool> {
    let restock = json!({
        "type": "object",
        "properties": {
            "item": {"type": "string", "description": "Item label, e.g. rice"},
            "units": {"type": "integer", "minimum": 1, "maximum": 50, "description": "Units to add"}
        },
        "required": ["item", "units"],
        "additionalProperties": false
    });
    let by_item = item_schema();
    vec![
        tool(restock, "restock_item", "Add units of an item to the pantry."),
        tool(by_item.clone(), "count_item", "Count the units of one item. Changes nothing."),
        tool(by_item, "discard_item", "Remove an item and all its units."),
    ]
}

fn tool(input_schema: Value, name: &'static str, description: &'static str) -> Tool {
    let description = Some(description.into());
    Tool {
        input_schema,
        name: name.into(),
        description,
    }
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
