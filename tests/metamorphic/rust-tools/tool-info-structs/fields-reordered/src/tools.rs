// Metamorphic: the schema struct's fields in another order (`required` first)
//! The tools this server lists.

use serde_json::json;

use crate::protocol::{ToolInfo, ToolInputSchema};

pub fn tool_definitions() -> Vec<ToolInfo> {
    vec![tool_notes(), tool_search()]
}

fn tool_notes() -> ToolInfo {
    ToolInfo {
        name: "shelf_notes".into(),
        description: "Keep notes about a shelf. action='add' stores a note; action='check' validates a note without storing it.".into(),
        input_schema: ToolInputSchema {
            required: vec!["action".into(), "shelf".into(), "text".into()],
            schema_type: "object",
            properties: json!({
                "action": {"type": "string", "enum": ["add", "check"], "description": "What to do"},
                "shelf": {"type": "string", "description": "Shelf label, e.g. A3"},
                "text": {"type": "string", "description": "The note"}
            }),
        },
    }
}

fn tool_search() -> ToolInfo {
    ToolInfo {
        name: "search_notes".into(),
        description: "Search stored notes by words. Changes nothing.".into(),
        input_schema: ToolInputSchema {
            required: vec!["query".into()],
            schema_type: "object",
            properties: json!({
                "query": {"type": "string", "description": "Words to look for"}
            }),
        },
    }
}
