//! Watering the raised beds. `liters` is required by the schema, yet a call without it
//! pours two liters.

use anyhow::bail;
use rmcp::model::Tool;
use serde_json::{Value, json};

use super::{Texts, make_tool_with_texts};

pub fn get_tools(texts: &Texts) -> Vec<Tool> {
    vec![
        make_tool_with_texts(
            "water_bed",
            "Water one raised bed.",
            json!({
                "bed": {"type": "string", "description": "Bed label, e.g. B3"},
                "liters": {"type": "integer", "minimum": 1, "maximum": 20, "description": "Liters to pour"}
            }),
            vec!["bed", "liters"],
            texts,
        ),
        make_tool_with_texts(
            "list_beds",
            "List the raised beds. Changes nothing.",
            json!({}),
            vec![],
            texts,
        ),
    ]
}

pub fn water_bed(args: Value) -> anyhow::Result<Value> {
    let Some(bed) = args.get("bed").and_then(Value::as_str) else {
        bail!("bed is required");
    };
    let liters = args.get("liters").and_then(Value::as_u64).unwrap_or(2);
    if !(1..=20).contains(&liters) {
        bail!("1 to 20 liters at a time");
    }
    Ok(json!({"bed": bed, "poured": liters}))
}

pub fn list_beds(_args: Value) -> anyhow::Result<Value> {
    Ok(json!({"beds": ["B1", "B2", "B3"]}))
}
