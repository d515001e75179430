// Metamorphic: the nested key read in the handler instead of a helper.
//! A permission server in the rmcp 0.2 style: `Tool { .. }` literals with hand-written
//! schemas, and `call_tool` dispatching on the name. Both tools close the nested `details`
//! object. `grant-network` reads `details` key by key in a helper and never looks at the
//! other keys, so `{"host": "a", "port": 1}` is accepted and the port dropped (R002);
//! `grant-storage` refuses the keys it does not know first (silent).

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParam, CallToolResult, Content, Tool};
use serde_json::{Map, Value, json};

fn schema(value: Value) -> Arc<Map<String, Value>> {
    Arc::new(serde_json::from_value(value).unwrap_or_default())
}

pub fn list_tools() -> Vec<Tool> {
    vec![
        Tool {
            name: Cow::Borrowed("grant-network"),
            description: Some(Cow::Borrowed("Let a component reach one host.")),
            input_schema: schema(json!({
                "type": "object",
                "properties": {
                    "component": {"type": "string", "description": "The component's id."},
                    "details": {
                        "type": "object",
                        "description": "The host to allow.",
                        "properties": {
                            "host": {"type": "string", "description": "A host name."}
                        },
                        "required": ["host"],
                        "additionalProperties": false
                    }
                },
                "required": ["component", "details"],
                "additionalProperties": false
            })),
            annotations: None,
        },
        Tool {
            name: Cow::Borrowed("grant-storage"),
            description: Some(Cow::Borrowed("Let a component read one folder.")),
            input_schema: schema(json!({
                "type": "object",
                "properties": {
                    "component": {"type": "string", "description": "The component's id."},
                    "details": {
                        "type": "object",
                        "description": "The folder to allow.",
                        "properties": {
                            "uri": {"type": "string", "description": "A file URI."}
                        },
                        "required": ["uri"],
                        "additionalProperties": false
                    }
                },
                "required": ["component", "details"],
                "additionalProperties": false
            })),
            annotations: None,
        },
    ]
}

pub fn call_tool(req: &CallToolRequestParam) -> Result<CallToolResult, String> {
    let args = req.arguments.clone().unwrap_or_default();
    match req.name.as_ref() {
        "grant-network" => grant_network(&args),
        "grant-storage" => grant_storage(&args),
        other => Err(format!("unknown tool {other}")),
    }
}

fn only_keys(args: &Map<String, Value>, declared: &[&str]) -> Result<(), String> {
    match args.keys().find(|k| !declared.contains(&k.as_str())) {
        Some(extra) => Err(format!("unknown argument `{extra}`")),
        None => Ok(()),
    }
}

fn grant_network(args: &Map<String, Value>) -> Result<CallToolResult, String> {
    only_keys(args, &["component", "details"])?;
    let component = args
        .get("component")
        .and_then(Value::as_str)
        .ok_or("component is required")?;
    let details = args.get("details").ok_or("details is required")?;
    let host = details
        .get("host")
        .and_then(Value::as_str)
        .ok_or("details.host is required")?
        .to_string();
    Ok(CallToolResult::success(vec![Content::text(format!("{component} may reach {host}"))]))
}

fn network_host(details: &Value) -> Result<String, String> {
    let host = details
        .get("host")
        .and_then(Value::as_str)
        .ok_or("details.host is required")?;
    Ok(host.to_string())
}

fn grant_storage(args: &Map<String, Value>) -> Result<CallToolResult, String> {
    only_keys(args, &["component", "details"])?;
    let component = args
        .get("component")
        .and_then(Value::as_str)
        .ok_or("component is required")?;
    let details = args.get("details").ok_or("details is required")?;
    let uri = storage_uri(details)?;
    Ok(CallToolResult::success(vec![Content::text(format!("{component} may read {uri}"))]))
}

fn storage_uri(details: &Value) -> Result<String, String> {
    let fields = details.as_object().ok_or("details must be an object")?;
    if let Some(extra) = fields.keys().find(|k| k.as_str() != "uri") {
        return Err(format!("unknown key `{extra}` in details"));
    }
    let uri = details
        .get("uri")
        .and_then(Value::as_str)
        .ok_or("details.uri is required")?;
    Ok(uri.to_string())
}

fn main() {
    let _ = list_tools();
}
