// Metamorphic: the dispatcher lists its arms in another order
//! The server's dispatcher: every `tools/call` lands in `execute_tool`.

use crate::cache::CachedIndex;
use serde_json::{json, Value};

pub struct ToolHandler {
    index: CachedIndex,
}

impl ToolHandler {
    pub fn new(index: CachedIndex) -> Self {
        ToolHandler { index }
    }

    pub fn execute_tool(&self, tool_name: &str, arguments: &Value) -> Result<Value, String> {
        match tool_name {
            "recent_notes" => self.recent_notes(arguments),
            "search_notes" => self.search_notes(arguments),
            other => Err(format!("unknown tool: {other}")),
        }
    }

    fn search_notes(&self, args: &Value) -> Result<Value, String> {
        let query = args
            .get("query")
            .and_then(Value::as_str)
            .ok_or("query is required")?;
        let limit = args.get("limit").and_then(Value::as_i64).unwrap_or(10);
        if !(1..=50).contains(&limit) {
            return Err("limit must be from 1 through 50".to_string());
        }
        let hits: Vec<String> = self.index.find(query).into_iter().take(limit as usize).collect();
        Ok(json!({ "hits": hits }))
    }

    fn recent_notes(&self, args: &Value) -> Result<Value, String> {
        let count = args.get("count").and_then(Value::as_i64).unwrap_or(5);
        if !(1..=20).contains(&count) {
            return Err("count must be from 1 through 20".to_string());
        }
        Ok(json!({ "notes": self.index.recent(count) }))
    }
}
