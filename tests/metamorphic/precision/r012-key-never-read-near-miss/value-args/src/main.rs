// Metamorphic: the handlers take the arguments as a `serde_json::Value` object, not a `Map`.
//! A greenhouse controller answering MCP by hand. Every published argument is read: the
//! duration through a helper given its key, the sensor's unit by a key the handler computes,
//! and the pump's settings by a decoder whose reads are not followed (what it reads is not
//! known, so nothing is claimed about them).

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
            },
            {
                "name": "tune_pump",
                "description": "Change the pump's pressure and its schedule.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "pressure_bar": {"type": "number", "description": "Target pressure in bar."},
                        "night_mode": {"type": "boolean", "description": "Run quieter at night."}
                    },
                    "required": ["pressure_bar"]
                }
            }
        ]
    })
}

/// A string argument, or an error naming the key.
fn text_arg<'a>(args: &'a Value, key: &str) -> Result<&'a str, String> {
    args.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{key} must be a string"))
}

/// A whole number argument, when given.
fn minutes_arg(args: &Value, key: &str) -> Option<u64> {
    args.get(key).and_then(Value::as_u64)
}

fn set_watering(args: &Value) -> Result<Value, String> {
    let bed = text_arg(args, "bed")?;
    let litres = args["litres"].as_f64().ok_or("litres must be a number")?;
    let spread = minutes_arg(args, "duration_min").unwrap_or(10);
    Ok(json!({"bed": bed, "litres": litres, "minutes": spread}))
}

fn read_sensor(args: &Value) -> Result<Value, String> {
    let sensor = text_arg(args, "sensor")?;
    let mut shown = Vec::new();
    for key in ["unit"] {
        if let Some(v) = args.get(key) {
            shown.push(v.clone());
        }
    }
    Ok(json!({"sensor": sensor, "reading": 21.5, "shown": shown}))
}

struct PumpSettings {
    pressure_bar: f64,
    night_mode: bool,
}

fn decode_pump(args: &Map<String, Value>) -> PumpSettings {
    let raw = Value::Object(args.clone());
    PumpSettings {
        pressure_bar: raw["pressure_bar"].as_f64().unwrap_or(1.0),
        night_mode: raw["night_mode"].as_bool().unwrap_or(false),
    }
}

fn tune_pump(args: &Value) -> Result<Value, String> {
    let settings = decode_pump(args.as_object().ok_or("arguments must be an object")?);
    Ok(json!({"pressure": settings.pressure_bar, "night": settings.night_mode}))
}

/// What the server library asks of a tool server: it hands every call's name and arguments here.
trait ToolServer {
    fn call_tool(&self, name: &str, args: &Value) -> Result<Value, String>;
}

struct Greenhouse;

impl ToolServer for Greenhouse {
    fn call_tool(&self, name: &str, args: &Value) -> Result<Value, String> {
        match name {
            "set_watering" => set_watering(args),
            "read_sensor" => read_sensor(args),
            "tune_pump" => tune_pump(args),
            other => Err(format!("unknown tool {other}")),
        }
    }
}

fn main() {
    let _ = tools_list();
    let _ = Greenhouse.call_tool("read_sensor", &json!({}));
}
