//! An exporter whose tool name and description are constants of another module: both are
//! read, and the row cap the description states is the schema's maximum.

mod text;

use rmcp::model::Tool;
use serde_json::json;
use std::sync::Arc;

pub fn export_tool() -> Tool {
    let schema = json!({
        "type": "object",
        "properties": {
            "report": { "type": "string", "description": "Name of the report to export." },
            "rows": {
                "type": "integer",
                "minimum": 1,
                "maximum": 500,
                "description": "How many rows to export."
            }
        },
        "required": ["report", "rows"],
        "additionalProperties": false
    });
    Tool::new(
        text::EXPORT_TOOL,
        text::EXPORT_DESCRIPTION,
        Arc::new(schema.as_object().cloned().unwrap_or_default()),
    )
}

fn main() {
    let _ = export_tool();
}
