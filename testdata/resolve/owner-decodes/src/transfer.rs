//! The `transfer` tool: moves an amount between two accounts.

use crate::Operation;
use rmcp::handler::server::tool::schema_for_type;
use rmcp::model::Tool;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Account to take the amount from.
    pub from: String,
    /// Account to credit.
    pub to: String,
    /// Amount in cents, from 1 through 500000.
    #[schemars(range(min = 1, max = 500000))]
    pub cents: u64,
}

pub struct Transfer {
    pub tool: Tool,
}

impl Transfer {
    pub fn new() -> Self {
        Self {
            tool: Tool::new(
                "transfer",
                "Moves an amount between two accounts.",
                schema_for_type::<Input>(),
            ),
        }
    }
}

impl Operation for Transfer {
    fn check(&self, args: Value) -> Result<(), String> {
        let input = serde_json::from_value::<Input>(args).map_err(|e| e.to_string())?;
        if input.cents < 1 || input.cents > 1_000_000 {
            return Err("cents must be from 1 through 1000000".into());
        }
        Ok(())
    }

    fn apply(&self, args: Value) -> Result<Value, String> {
        let input: Input = serde_json::from_value(args).map_err(|e| e.to_string())?;
        Ok(json!({ "moved": input.cents, "from": input.from, "to": input.to }))
    }
}
