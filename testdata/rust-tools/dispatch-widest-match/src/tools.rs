use serde_json::{json, Value};

pub fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "search_notes",
                "description": "Full-text search over the notes index.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "query": {"type": "string", "description": "Words to look for."},
                        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "Most hits to return."}
                    },
                    "required": ["query"],
                    "additionalProperties": false
                }
            },
            {
                "name": "recent_notes",
                "description": "The notes changed most recently.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "count": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many notes."}
                    },
                    "additionalProperties": false
                }
            }
        ]
    })
}
