//! A JSON-RPC MCP server written without an SDK: `tools/list` answers with a `json!`
//! literal, and each handler deserializes the raw arguments into its own struct before
//! checking them. `restock` checks its limit; `recount` checks a different one.

use serde::Deserialize;
use serde_json::{Value, json};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "restock",
                "description": "Adds stock for several products at once.",
                "inputSchema": {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "items": {
                            "type": "array",
                            "items": {"type": "string"},
                            "maxItems": 50,
                            "description": "Product codes to restock."
                        }
                    },
                    "required": ["items"],
                    "additionalProperties": false
                }
            },
            {
                "name": "recount",
                "description": "Recounts the stock of several products.",
                "inputSchema": {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "items": {
                            "type": "array",
                            "items": {"type": "string"},
                            "maxItems": 50,
                            "description": "Product codes to recount."
                        }
                    },
                    "required": ["items"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Batch {
    items: Vec<String>,
}

fn call_tool(name: &str, args: &Value) -> Result<Value, String> {
    if name == "restock" {
        return restock(args);
    }
    if name == "recount" {
        return recount(args);
    }
    Err(format!("unknown tool {name}"))
}

fn restock(args: &Value) -> Result<Value, String> {
    let batch: Batch = serde_json::from_value(args.clone()).map_err(|e| e.to_string())?;
    if batch.items.len() > 50 {
        return Err("at most 50 items per restock".into());
    }
    Ok(json!({"content": [{"type": "text", "text": format!("restocked {}", batch.items.len())}]}))
}

fn recount(args: &Value) -> Result<Value, String> {
    let batch: Batch = serde_json::from_value(args.clone()).map_err(|e| e.to_string())?;
    if batch.items.len() > 80 {
        return Err("at most 80 items per recount".into());
    }
    Ok(json!({"content": [{"type": "text", "text": format!("recounted {}", batch.items.len())}]}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("restock", &json!({"items": []}));
}
