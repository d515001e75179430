//! The `export` tool, and a `transfer` helper of the export format that has nothing to do
//! with the `transfer` tool.

use crate::Operation;
use rmcp::handler::server::tool::schema_for_type;
use rmcp::model::Tool;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Account whose statement is exported.
    pub account: String,
    /// Cents to show per line, at most 100.
    #[schemars(range(max = 100))]
    pub cents: u64,
}

/// Renders one statement line; named for the bank's "transfer" record type.
pub fn transfer(input: Input) -> String {
    if input.cents > 100 {
        return "(too large)".to_string();
    }
    format!("{};{}", input.account, input.cents)
}

pub struct Export {
    pub tool: Tool,
}

impl Export {
    pub fn new() -> Self {
        Self {
            tool: Tool::new(
                "export",
                "Exports the statement of an account.",
                schema_for_type::<Input>(),
            ),
        }
    }
}

impl Operation for Export {
    fn check(&self, args: Value) -> Result<(), String> {
        let input = serde_json::from_value::<Input>(args).map_err(|e| e.to_string())?;
        if input.cents > 100 {
            return Err("cents must be at most 100".into());
        }
        Ok(())
    }

    fn apply(&self, args: Value) -> Result<Value, String> {
        let input: Input = serde_json::from_value(args).map_err(|e| e.to_string())?;
        Ok(json!({ "line": transfer(input) }))
    }
}
