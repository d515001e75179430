//! Watering the trees. The schema requires `liters`, yet a call without it pours ten. The
//! tool is built by `make_tool` through a glob import: two functions of the crate have that
//! name (`tools::make_tool`, `legacy::make_tool`), so which one builds it is not guessed.

use anyhow::bail;
use rmcp::model::Tool;
use serde_json::{Value, json};

use super::*;

pub fn get_tools() -> Vec<Tool> {
    vec![make_tool(
        "water_tree",
        "Water one tree.",
        json!({
            "tree": {"type": "string", "description": "Tree label, e.g. apple-4"},
            "liters": {"type": "integer", "minimum": 1, "maximum": 40}
        }),
        vec!["tree", "liters"],
    )]
}

pub fn water_tree(args: Value) -> anyhow::Result<Value> {
    let Some(tree) = args.get("tree").and_then(Value::as_str) else {
        bail!("tree is required");
    };
    let liters = args.get("liters").and_then(Value::as_u64).unwrap_or(10);
    Ok(json!({"tree": tree, "poured": liters}))
}
