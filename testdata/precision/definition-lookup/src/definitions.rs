//! The two tools' definitions, as the server lists them.

use serde_json::{json, Value};

pub fn tool_definitions() -> Vec<Value> {
    vec![
        json!({
            "name": "berth",
            "description": "Inspect berths. Actions: list (all berths), show (one berth).",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "action": {"type": "string", "enum": ["list", "show"]},
                    "berth": {"type": "string", "description": "show: the berth code, e.g. \"B12\"."},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 200, "description": "list: how many berths to return."}
                },
                "required": ["action"],
                "additionalProperties": false
            }
        }),
        json!({
            "name": "tide",
            "description": "Tide tables for the harbour. Read-only.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "days": {"type": "integer", "minimum": 1, "maximum": 14, "description": "How many days ahead."}
                },
                "additionalProperties": false
            }
        }),
    ]
}
