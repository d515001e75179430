// Metamorphic: the helper holds the bounds itself instead of taking them
//! Stock reports. Every list argument is checked by one helper that takes its length and
//! the bounds, so the schema's item counts are enforced where the helper is called.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

const MAX_ITEMS: usize = 20;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StockArgs {
    /// Product ids to report on.
    #[schemars(length(min = 1, max = 20))]
    pub ids: Vec<u64>,
}

fn validate_ids(count: usize) -> Result<(), String> {
    if count < 1 || count > MAX_ITEMS {
        return Err(format!("ids must hold 1 to {MAX_ITEMS} values"));
    }
    Ok(())
}

#[derive(Clone, Default)]
pub struct Reports;

#[tool_router]
impl Reports {
    #[tool(description = "Report the stock of some products.")]
    async fn stock(&self, Parameters(args): Parameters<StockArgs>) -> Result<CallToolResult, ErrorData> {
        validate_ids(args.ids.len()).map_err(|e| ErrorData::invalid_params(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(format!("{} products", args.ids.len()))]))
    }
}

fn main() {}
