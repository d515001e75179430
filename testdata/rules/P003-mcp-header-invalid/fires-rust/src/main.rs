//! A warehouse server that mirrors arguments into HTTP headers for its load balancer.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::Tool;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StockLevel {
    /// Warehouse code, for example `AMS-2`.
    #[schemars(extend("x-mcp-header" = "Warehouse Code"))]
    pub warehouse: String,
    /// Smallest quantity worth reporting, in units.
    #[schemars(extend("x-mcp-header" = "Threshold"))]
    pub threshold: f64,
}

pub struct Stock;

#[tool_router]
impl Stock {
    /// Reports the stock level of every item in one warehouse. Changes nothing.
    #[tool]
    async fn stock_level(&self, Parameters(input): Parameters<StockLevel>) -> String {
        format!("{} above {}", input.warehouse, input.threshold)
    }
}

/// The relocation tool, built by hand for the admin router.
pub fn relocate_tool() -> Tool {
    let schema = json!({
        "type": "object",
        "properties": {
            "from": { "type": "string", "description": "Warehouse code.", "x-mcp-header": "Site" },
            "to": { "type": "string", "description": "Warehouse code.", "x-mcp-header": "site" }
        },
        "required": ["from", "to"],
        "additionalProperties": false
    });
    Tool::new(
        "relocate_stock",
        "Moves all stock from one warehouse to another.",
        Arc::new(schema.as_object().cloned().unwrap_or_default()),
    )
}

fn main() {}
