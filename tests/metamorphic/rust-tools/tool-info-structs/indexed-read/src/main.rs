// Metamorphic: an argument read by index (`args["verbose"]`) instead of with `get`
//! A notes server answering MCP's `tools/call` by hand.

mod protocol;
mod tools;

use std::collections::HashMap;

use protocol::CallToolParams;
use serde_json::{json, Value};

#[derive(Default)]
struct Notes {
    by_shelf: HashMap<String, Vec<String>>,
}

impl Notes {
    fn call_tool(&mut self, params: &CallToolParams) -> anyhow::Result<Value> {
        match params.name.as_str() {
            "shelf_notes" => self.shelf_notes(params),
            "search_notes" => self.search_notes(params),
            other => anyhow::bail!("unknown tool {other}"),
        }
    }

    fn shelf_notes(&mut self, params: &CallToolParams) -> anyhow::Result<Value> {
        let args = &params.arguments;
        let action = args.get("action").and_then(Value::as_str).unwrap_or_default();
        let shelf = args.get("shelf").and_then(Value::as_str).unwrap_or_default();
        let text = args.get("text").and_then(Value::as_str).unwrap_or_default();
        match action {
            "add" => {
                self.by_shelf.entry(shelf.to_string()).or_default().push(text.to_string());
                Ok(json!({"stored": true}))
            }
            "check" => {
                if text.trim().is_empty() {
                    anyhow::bail!("text must not be empty");
                }
                Ok(json!({"valid": true}))
            }
            other => anyhow::bail!("unknown action {other}"),
        }
    }

    fn search_notes(&self, params: &CallToolParams) -> anyhow::Result<Value> {
        let mut query = params.arguments.clone();
        query["exact"] = json!(false);
        let words = query.get("query").and_then(Value::as_str).unwrap_or_default();
        let verbose = params.arguments["verbose"].as_bool().unwrap_or(false);
        let hits: Vec<&String> = self
            .by_shelf
            .values()
            .flatten()
            .filter(|n| n.contains(words))
            .collect();
        Ok(json!({"hits": hits.len(), "notes": if verbose { json!(hits) } else { json!([]) }}))
    }
}

fn main() -> anyhow::Result<()> {
    let mut notes = Notes::default();
    for line in std::io::stdin().lines() {
        let request: Value = serde_json::from_str(&line?)?;
        let answer = match request["method"].as_str() {
            Some("tools/list") => json!({"tools": tools::tool_definitions()}),
            Some("tools/call") => {
                let params: CallToolParams = serde_json::from_value(request["params"].clone())?;
                notes.call_tool(&params)?
            }
            _ => json!({"error": "method not found"}),
        };
        println!("{}", json!({"jsonrpc": "2.0", "id": request["id"], "result": answer}));
    }
    Ok(())
}
