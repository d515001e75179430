// Metamorphic: the rejection is built by a helper.
//! A mixer server in the rmcp 0.2 style: each tool is a `Tool { .. }` literal with a
//! hand-written `json!` schema, and `tools/call` dispatches on the name to a handler that
//! refuses undeclared keys and reads the arguments map. `set-volume` promises a level of at most 10 and its schema
//! allows the same.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParam, CallToolResult, Content, Tool};
use serde_json::{Map, Value, json};

const MUTE_DESCRIPTION: &str = "Mutes or unmutes one channel of the mixer.";

pub fn list_tools() -> Vec<Tool> {
    vec![
        Tool {
            name: Cow::Borrowed("set-volume"),
            description: Some(Cow::Borrowed(
                "Sets the master volume. `level` is at most 10.",
            )),
            input_schema: Arc::new(
                serde_json::from_value(json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "level": {
                            "type": "integer",
                            "description": "The new volume level.",
                            "minimum": 0,
                            "maximum": 10
                        }
                    },
                    "required": ["level"],
                    "additionalProperties": false
                }))
                .unwrap_or_default(),
            ),
            annotations: None,
        },
        Tool {
            name: Cow::Borrowed("mute-channel"),
            description: Some(Cow::Borrowed(MUTE_DESCRIPTION)),
            input_schema: Arc::new(
                serde_json::from_value(json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "channel": {"type": "string", "description": "The channel's name."},
                        "muted": {"type": "boolean", "description": "Whether it is muted."}
                    },
                    "required": ["channel", "muted"],
                    "additionalProperties": false
                }))
                .unwrap_or_default(),
            ),
            annotations: None,
        },
    ]
}

pub fn call_tool(req: &CallToolRequestParam) -> Result<CallToolResult, String> {
    let args = req.arguments.clone().unwrap_or_default();
    match req.name.as_ref() {
        "set-volume" => set_volume(&args),
        "mute-channel" => mute_channel(&args),
        other => Err(format!("unknown tool {other}")),
    }
}

/// The schemas close their inputs: an argument they do not declare is refused.
fn only_keys(args: &Map<String, Value>, declared: &[&str]) -> Result<(), String> {
    match args.keys().find(|k| !declared.contains(&k.as_str())) {
        Some(extra) => Err(format!("unknown argument `{extra}`")),
        None => Ok(()),
    }
}

fn set_volume(args: &Map<String, Value>) -> Result<CallToolResult, String> {
    only_keys(args, &["level"])?;
    let level = args
        .get("level")
        .and_then(Value::as_u64)
        .ok_or("level is required")?;
    if level > 10 {
        return Err(refuse("level must be at most 10"));
    }
    Ok(CallToolResult::success(vec![Content::text(format!("volume {level}"))]))
}

fn refuse(why: &str) -> String {
    why.to_string()
}

fn mute_channel(args: &Map<String, Value>) -> Result<CallToolResult, String> {
    only_keys(args, &["channel", "muted"])?;
    let channel = args
        .get("channel")
        .and_then(Value::as_str)
        .ok_or("channel is required")?;
    let muted = args
        .get("muted")
        .and_then(Value::as_bool)
        .ok_or("muted is required")?;
    Ok(CallToolResult::success(vec![Content::text(format!("{channel}: {muted}"))]))
}
