use serde_json::{json, Value};

pub fn tools() -> Vec<Value> {
    vec![
        json!({
            "name": "list_notes",
            "description": "Lists the most recent notes, newest first.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "limit": { "type": "number", "description": "How many notes to return (default 20)." }
                }
            }
        }),
        json!({
            "name": "add_note",
            "description": "Adds a note with the given text.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "text": { "type": "string", "description": "The note's text." }
                },
                "required": ["text"]
            }
        }),
    ]
}
