//! The same exporter with its text and schema written in the code: both are read, and the
//! description's row cap agrees with the schema's maximum.

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
                "description": "How many rows to export, from 1 to 500."
            }
        },
        "required": ["report", "rows"],
        "additionalProperties": false
    });
    Tool::new(
        "export_report",
        "Exports rows of a report as CSV.",
        Arc::new(schema.as_object().cloned().unwrap_or_default()),
    )
}

fn main() {
    let _ = export_tool();
}
