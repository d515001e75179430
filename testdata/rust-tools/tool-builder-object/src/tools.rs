//! The notes tools, built by one helper that turns a `json!` schema into the map a `Tool`
//! holds with rmcp's `object`.

use rmcp::model::{Tool, object};
use serde_json::{Value, json};
use std::borrow::Cow;

fn make_tool(name: &str, description: &str, schema: Value) -> Tool {
    Tool::new(
        Cow::Owned(name.to_string()),
        Cow::Owned(description.to_string()),
        rmcp::model::object(schema),
    )
}

fn list_notes_tool() -> Tool {
    make_tool(
        "list_notes",
        "Lists the newest notes, at most `limit` of them (1 to 50).",
        json!({
            "type": "object",
            "properties": {
                "limit": { "type": "integer", "minimum": 1, "maximum": 100 }
            },
            "additionalProperties": false
        }),
    )
}

fn read_note_tool() -> Tool {
    Tool::new(
        "read_note",
        "Reads one note by its id.",
        object(json!({
            "type": "object",
            "properties": {
                "id": { "type": "string", "description": "Id of the note, from list_notes." }
            },
            "required": ["id"],
            "additionalProperties": false
        })),
    )
}

pub fn all() -> Vec<Tool> {
    vec![list_notes_tool(), read_note_tool()]
}
