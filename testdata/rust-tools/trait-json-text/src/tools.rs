//! The code map's tools.

use crate::registry::ToolHandler;
use async_trait::async_trait;
use serde_json::{Map, Value};

pub struct ModuleTree;

#[async_trait]
impl ToolHandler for ModuleTree {
    fn name(&self) -> &'static str {
        "module_tree"
    }
    fn description(&self) -> &'static str {
        "Returns the tree of modules, `max_depth` levels deep (1 to 5)."
    }
    fn input_schema(&self) -> &'static str {
        r#"{"type":"object","properties":{"max_depth":{"type":"integer","minimum":1,"maximum":8}},"additionalProperties":false}"#
    }
    async fn call(&self, args: &Map<String, Value>) -> Result<String, String> {
        let depth = args.get("max_depth").and_then(Value::as_u64).unwrap_or(2);
        Ok(format!("modules to depth {depth}"))
    }
}

pub struct FindSymbol;

#[async_trait]
impl ToolHandler for FindSymbol {
    fn name(&self) -> &'static str {
        "find_symbol"
    }
    fn description(&self) -> &'static str {
        "Finds where a symbol is defined."
    }
    fn input_schema(&self) -> &'static str {
        "{\"type\":\"object\",\"properties\":{\"symbol\":{\"type\":\"string\"}},\"required\":[\"symbol\"],\"additionalProperties\":false}"
    }
    async fn call(&self, args: &Map<String, Value>) -> Result<String, String> {
        let symbol = args
            .get("symbol")
            .and_then(Value::as_str)
            .ok_or("symbol is required")?;
        Ok(format!("{symbol} is defined in src/lib.rs"))
    }
}
