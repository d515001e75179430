// Metamorphic: the arguments map rebound to a local.
//! A JSON-RPC MCP server written without an SDK: `tools/list` answers with a `json!`
//! literal, and `tools/call` compares the tool name to pick the handler, which reads the
//! arguments map. The description of `forecast` says `days` defaults to 3; the schema's
//! `default` is 7.

use serde_json::{Map, Value, json};

const FORECAST: &str = "forecast";

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": FORECAST,
                "description": "Daily forecast for a city. `days` defaults to 3.",
                "inputSchema": {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "city": {"type": "string", "description": "The city's name."},
                        "days": {
                            "type": "integer",
                            "description": "How many days to forecast.",
                            "default": 7
                        }
                    },
                    "required": ["city"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

fn call_tool(name: &str, args: &Map<String, Value>) -> Result<Value, String> {
    if name == FORECAST {
        return forecast(args);
    }
    Err(format!("unknown tool {name}"))
}

fn forecast(arguments: &Map<String, Value>) -> Result<Value, String> {
    let args = arguments;
    let city = args
        .get("city")
        .and_then(Value::as_str)
        .ok_or("city is required")?;
    let days = args.get("days").and_then(Value::as_u64).unwrap_or(7);
    Ok(json!({"content": [{"type": "text", "text": format!("{days} days in {city}")}]}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool(FORECAST, &Map::new());
}
