// Metamorphic: map then unwrap_or instead of map_or
//! An orchard sensor server answering MCP by hand; arguments are read with small helpers.

mod params;

use params::{optional_u32, required_str};
use serde_json::{json, Value};

fn list_tools() -> Value {
    json!({
        "tools": [{
            "name": "soil_profile",
            "description": "Soil moisture by depth under one tree.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "tree": {"type": "string", "description": "Tree tag, e.g. \"R4-17\"."},
                    "depth": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many 10 cm layers to read."},
                    "samples": {"type": "integer", "minimum": 1, "maximum": 50, "description": "Readings to average per layer."}
                },
                "required": ["tree"],
                "additionalProperties": false
            }
        }]
    })
}

struct Profile {
    tree: String,
    depth: u8,
    samples: u32,
}

fn soil_profile(args: &Value) -> Result<Value, String> {
    let profile = Profile {
        tree: required_str(args, "tree")?.to_string(),
        depth: optional_u32(args, "depth")?.map(|d| d.clamp(1, 20) as u8).unwrap_or(5),
        samples: optional_u32(args, "samples")?.map(|s| s.clamp(1, 50)).unwrap_or(10),
    };
    Ok(json!({"content": [{"type": "text", "text": format!(
        "{}: {} layers, {} samples each", profile.tree, profile.depth, profile.samples
    )}]}))
}

fn call_tool(params: &Value) -> Result<Value, String> {
    let name = params.get("name").and_then(Value::as_str).unwrap_or_default();
    let arguments = params.get("arguments").cloned().unwrap_or(json!({}));
    match name {
        "soil_profile" => soil_profile(&arguments),
        other => Err(format!("unknown tool {other}")),
    }
}

#[tokio::main]
async fn main() {
    let _ = list_tools();
    let _ = call_tool(&json!({}));
}
