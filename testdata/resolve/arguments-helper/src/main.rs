//! A box office in the rmcp 0.2 style: a `Tool { .. }` literal with a hand-written schema,
//! and handlers that take the whole request and get its arguments from a helper.
//! `hold-seats` caps the count at 6 while its schema allows 8 (R010, seen only by
//! following the arguments out of `arguments()`); the count is then handed to a tokio
//! channel's `send`, which is not `Mailer::send` of this crate, whose clamp is no
//! adjustment of the count.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParam, CallToolResult, Content, Tool};
use serde_json::{Map, Value, json};
use tokio::sync::mpsc::Sender;

pub fn list_tools() -> Vec<Tool> {
    vec![Tool {
        name: Cow::Borrowed("hold-seats"),
        description: Some(Cow::Borrowed("Hold seats for a showing while the buyer pays.")),
        input_schema: Arc::new(
            serde_json::from_value(json!({
                "type": "object",
                "properties": {
                    "showing": {"type": "string", "description": "The showing's id."},
                    "count": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 8,
                        "description": "How many seats to hold."
                    }
                },
                "required": ["showing", "count"]
            }))
            .unwrap_or_default(),
        ),
        annotations: None,
    }]
}

/// The call's arguments as a map; anything else is refused.
fn arguments(req: &CallToolRequestParam) -> Result<Map<String, Value>, String> {
    let value = serde_json::to_value(&req.arguments).map_err(|e| e.to_string())?;
    match value {
        Value::Object(map) => Ok(map),
        _ => Err("arguments must be an object".into()),
    }
}

pub async fn call_tool(
    req: &CallToolRequestParam,
    holds: &Sender<u64>,
) -> Result<CallToolResult, String> {
    match req.name.as_ref() {
        "hold-seats" => hold_seats(req, holds).await,
        other => Err(format!("unknown tool {other}")),
    }
}

async fn hold_seats(
    req: &CallToolRequestParam,
    holds: &Sender<u64>,
) -> Result<CallToolResult, String> {
    let args = arguments(req)?;
    let showing = args
        .get("showing")
        .and_then(Value::as_str)
        .ok_or("showing is required")?;
    let count = args
        .get("count")
        .and_then(Value::as_u64)
        .ok_or("count is required")?;
    if count < 1 {
        return Err("count must be at least 1".into());
    }
    let count = count.min(6);
    holds.send(count).await.map_err(|e| e.to_string())?;
    Ok(CallToolResult::success(vec![Content::text(format!(
        "{count} seats held for {showing}"
    ))]))
}

/// Receipts by mail, in batches of at most 3.
pub struct Mailer;

impl Mailer {
    pub fn send(&self, receipts: u64) -> u64 {
        receipts.clamp(1, 3)
    }
}

fn main() {
    let _ = list_tools();
    let _ = Mailer.send(1);
}
