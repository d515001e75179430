//! The kiln's tools.

use model::{ToolInfo, ToolRepository};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Default)]
pub struct Registry;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetTemperature {
    celsius: u32,
}

impl ToolRepository for Registry {
    fn list(&self) -> Vec<ToolInfo> {
        vec![ToolInfo {
            name: "set_temperature".to_string(),
            description: "Set the kiln's target temperature, 100 to 1300 degrees Celsius.".to_string(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "celsius": {"type": "integer", "minimum": 100, "maximum": 1300, "description": "Target temperature in degrees Celsius."}
                },
                "required": ["celsius"],
                "additionalProperties": false
            }),
        }]
    }

    fn call(&self, name: &str, arguments: Value) -> Result<Value, String> {
        match name {
            "set_temperature" => {
                let args: SetTemperature = serde_json::from_value(arguments).map_err(|e| e.to_string())?;
                if !(100..=1300).contains(&args.celsius) {
                    return Err("celsius must be between 100 and 1300".into());
                }
                Ok(json!({"content": [{"type": "text", "text": format!("target {} C", args.celsius)}]}))
            }
            other => Err(format!("unknown tool {other}")),
        }
    }
}
