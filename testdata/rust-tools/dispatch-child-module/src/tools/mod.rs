pub mod notes;

use crate::db::Store;
use serde_json::{json, Value};

pub fn tool_list() -> Value {
    json!({
        "tools": [{
            "name": "add_note",
            "description": "Adds a note to the desk.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "description": "The note"},
                    "pinned": {"type": "boolean", "description": "Put it first"}
                },
                "required": ["text"],
                "additionalProperties": false
            }
        }]
    })
}

pub fn call(store: &mut Store, name: &str, args: &Value) -> Result<Value, String> {
    match name {
        "add_note" => notes::add_note(store, args),
        other => Err(format!("unknown tool {other}")),
    }
}
