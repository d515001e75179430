//! The ledger's handlers; each receives the whole `tools/call` params.

use serde::Deserialize;
use serde_json::{json, Value};

fn text(t: String) -> Result<Value, String> {
    Ok(json!({"content": [{"type": "text", "text": t}]}))
}

pub async fn list_handler(params: Value) -> Result<Value, String> {
    if let Some(tool_name) = params.get("name").and_then(|v| v.as_str()) {
        if tool_name == "list_entries" {
            return text("groceries 4200\nrent 90000".to_string());
        }
    }
    Err("not called as list_entries".to_string())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewEntry {
    label: String,
    cents: u64,
}

pub async fn add_handler(params: Value) -> Result<Value, String> {
    let Some(arguments) = params.get("arguments") else {
        return Err("missing arguments".to_string());
    };
    match serde_json::from_value::<NewEntry>(arguments.clone()) {
        Ok(entry) => {
            if entry.cents < 1 {
                return Err("cents must be at least 1".to_string());
            }
            text(format!("recorded {} for {}", entry.cents, entry.label))
        }
        Err(e) => Err(format!("invalid arguments: {e}")),
    }
}

pub async fn total_handler(params: Value) -> Result<Value, String> {
    let month = params["arguments"]["month"]
        .as_str()
        .ok_or_else(|| "month is required".to_string())?;
    if month.len() != 7 {
        return Err("month must be YYYY-MM".to_string());
    }
    let currency = params["arguments"]["currency"].as_str().unwrap_or("EUR");
    text(format!("{month}: 94200 {currency}"))
}
