//! An exporter whose schema is bound to a local before `Tool::new` takes it: the schema is
//! read through the binding, and the row range its text states is wider than the maximum.

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
                "description": "How many rows to export, from 1 to 1000."
            }
        },
        "required": ["report", "rows"],
        "additionalProperties": false
    });
    let schema = schema.as_object().cloned().unwrap_or_default();
    Tool::new(
        "export_report",
        "Exports rows of a report as CSV.",
        Arc::new(schema),
    )
}

fn main() {
    let _ = export_tool();
}
