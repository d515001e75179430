// Metamorphic: the built properties interpolated into a `json!` object instead of wrapped in `Value::Object`
//! Token lists per chain. Each tool's input schema is built step by step, a property at a
//! time, into a `serde_json::Map`: the schema is still fixed, so it is read like a
//! `json!` literal. `limit` is published as a number with no bound; the code reads it only
//! as an integer and lowers anything above 200. The history tool's properties are added
//! in a loop over a run-time list, so its schema is only known when the server runs.

use rmcp::model::{CallToolResult, Content, ErrorData, Tool};
use serde_json::{json, Map, Value};
use std::sync::Arc;

pub fn tools(extra: &[&str]) -> Vec<Tool> {
    let mut list_schema = Map::new();
    list_schema.insert("type".to_string(), Value::String("object".to_string()));
    let mut props = Map::new();
    props.insert(
        "chain".to_string(),
        json!({ "type": "string", "description": "Chain name, e.g. `base`." }),
    );
    props.insert(
        "limit".to_string(),
        json!({ "type": "number", "description": "How many tokens to return (default: 50)." }),
    );
    list_schema.insert("properties".to_string(), Value::Object(props));
    list_schema.insert("required".to_string(), json!(["chain"]));
    list_schema.insert("additionalProperties".to_string(), Value::Bool(false));

    vec![
        Tool::new(
            "list_tokens",
            "Lists the tokens known on one chain.",
            Arc::new(list_schema),
        ),
        Tool::new(
            "find_token",
            "Finds a token by symbol across every chain.",
            Arc::new({
                let mut props = Map::new();
                props.insert("symbol".into(), json!({ "type": "string" }));
                props.insert("limit".into(), json!({ "type": "number" }));
                json!({ "type": "object", "properties": props, "additionalProperties": false })
                    .as_object()
                    .unwrap()
                    .clone()
            }),
        ),
        Tool::new(
            "token_history",
            "Price history of a token.",
            Arc::new({
                let mut props = Map::new();
                for name in extra {
                    props.insert(name.to_string(), json!({ "type": "string" }));
                }
                let mut schema = Map::new();
                schema.insert("type".into(), json!("object"));
                schema.insert("properties".into(), Value::Object(props));
                schema
            }),
        ),
    ]
}

pub fn call(name: &str, args: &Map<String, Value>) -> Result<CallToolResult, ErrorData> {
    match name {
        "list_tokens" => {
            let chain = args
                .get("chain")
                .and_then(|v| v.as_str())
                .ok_or_else(|| ErrorData::invalid_params("chain is required", None))?;
            let limit = args.get("limit").and_then(|v| v.as_u64()).unwrap_or(50).min(200);
            Ok(CallToolResult::success(vec![Content::text(format!("{chain}: {limit}"))]))
        }
        "find_token" => {
            let symbol = args.get("symbol").and_then(|v| v.as_str()).unwrap_or_default();
            let limit = args.get("limit").and_then(|v| v.as_u64()).unwrap_or(10);
            Ok(CallToolResult::success(vec![Content::text(format!("{symbol} x{limit}"))]))
        }
        "token_history" => Ok(CallToolResult::success(vec![Content::text("[]")])),
        _ => Err(ErrorData::invalid_params("unknown tool", None)),
    }
}

fn main() {}
