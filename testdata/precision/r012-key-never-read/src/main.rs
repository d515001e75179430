//! A greenhouse controller answering MCP by hand. Each tool's handler reads its arguments map
//! by key. `set_watering` publishes `duration_min`, but its handler reads only the bed and the
//! litres, so a duration an agent sends is dropped; `read_sensor` publishes `unit`, which the
//! handler hands to no code at all.

use serde_json::{json, Map, Value};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "set_watering",
                "description": "Water one bed with a number of litres.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "bed": {"type": "string", "description": "Bed label, such as B3."},
                        "litres": {"type": "number", "description": "Water to give, in litres."},
                        "duration_min": {"type": "integer", "description": "Minutes to spread the water over."}
                    },
                    "required": ["bed", "litres"]
                }
            },
            {
                "name": "read_sensor",
                "description": "Current reading of one sensor. Changes nothing.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "sensor": {"type": "string", "description": "Sensor id."},
                        "unit": {"type": "string", "description": "Unit to report the reading in."}
                    },
                    "required": ["sensor"]
                }
            }
        ]
    })
}

/// A string argument, or an error naming the key.
fn text_arg<'a>(args: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    args.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{key} must be a string"))
}

fn set_watering(args: &Map<String, Value>) -> Result<Value, String> {
    let bed = text_arg(args, "bed")?;
    let litres = args["litres"].as_f64().ok_or("litres must be a number")?;
    Ok(json!({"bed": bed, "litres": litres, "started": true}))
}

fn read_sensor(args: &Map<String, Value>) -> Result<Value, String> {
    let sensor = text_arg(args, "sensor")?;
    Ok(json!({"sensor": sensor, "reading": 21.5}))
}

/// What the server library asks of a tool server: it hands every call's name and arguments here.
trait ToolServer {
    fn call_tool(&self, name: &str, args: &Map<String, Value>) -> Result<Value, String>;
}

struct Greenhouse;

impl ToolServer for Greenhouse {
    fn call_tool(&self, name: &str, args: &Map<String, Value>) -> Result<Value, String> {
        match name {
            "set_watering" => set_watering(args),
            "read_sensor" => read_sensor(args),
            other => Err(format!("unknown tool {other}")),
        }
    }
}

fn main() {
    let _ = tools_list();
    let _ = Greenhouse.call_tool("read_sensor", &Map::new());
}
