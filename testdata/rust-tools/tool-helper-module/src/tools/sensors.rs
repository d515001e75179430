//! Reading the greenhouse sensors.

use anyhow::bail;
use rmcp::model::Tool;
use serde_json::{Value, json};

pub fn get_tools() -> Vec<Tool> {
    vec![super::make_tool(
        "read_sensor",
        "Read the latest value of one greenhouse sensor. Changes nothing.",
        json!({
            "sensor": {"type": "string", "enum": ["humidity", "temperature"]}
        }),
        vec!["sensor"],
    )]
}

pub fn read_sensor(args: Value) -> anyhow::Result<Value> {
    let Some(sensor) = args.get("sensor").and_then(Value::as_str) else {
        bail!("sensor is required");
    };
    match sensor {
        "humidity" => Ok(json!({"humidity": 61})),
        "temperature" => Ok(json!({"celsius": 24})),
        other => bail!("unknown sensor {other}"),
    }
}
