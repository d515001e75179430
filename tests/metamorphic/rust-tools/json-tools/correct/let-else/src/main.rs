// Metamorphic: `let .. else { return Err(..) }` instead of `.ok_or(..)?`.
//! A JSON-RPC MCP server written without an SDK: `tools/list` answers with a `json!`
//! literal, and `tools/call` compares the tool name to pick the handler, which refuses
//! keys the closed schema does not declare and reads the arguments map. The description
//! of `forecast` says `days` defaults to 7, as the schema's `default` and the code do.

use serde_json::{Map, Value, json};

const FORECAST: &str = "forecast";

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": FORECAST,
                "description": "Daily forecast for a city. `days` defaults to 7.",
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

fn forecast(args: &Map<String, Value>) -> Result<Value, String> {
    if let Some(extra) = args.keys().find(|k| !["city", "days"].contains(&k.as_str())) {
        return Err(format!("unknown argument `{extra}`"));
    }
    let Some(city) = args.get("city").and_then(Value::as_str) else {
        return Err("city is required".into());
    };
    let days = args.get("days").and_then(Value::as_u64).unwrap_or(7);
    Ok(json!({"content": [{"type": "text", "text": format!("{days} days in {city}")}]}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool(FORECAST, &Map::new());
}
