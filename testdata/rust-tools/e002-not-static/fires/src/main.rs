//! A report exporter whose tool text and schema are assembled when the server starts: the
//! description from the configured row cap, the schema from a file read at run time.

use rmcp::model::Tool;
use serde_json::{Map, Value};
use std::sync::Arc;

pub struct Settings {
    pub max_rows: usize,
    pub schema_path: String,
}

fn load_schema(path: &str) -> Arc<Map<String, Value>> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    Arc::new(serde_json::from_str(&text).unwrap_or_default())
}

pub fn export_tool(settings: &Settings) -> Tool {
    Tool::new(
        "export_report",
        format!("Exports at most {} rows of a report as CSV.", settings.max_rows),
        load_schema(&settings.schema_path),
    )
}

fn main() {
    let settings = Settings {
        max_rows: 500,
        schema_path: "export.schema.json".into(),
    };
    let _ = export_tool(&settings);
}
