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

fn validate_count(field: &str, count: usize, minimum: usize, maximum: usize) -> Result<(), String> {
    if !(minimum..=maximum).contains(&count) {
        return Err(format!("{field} must hold {minimum} to {maximum} values"));
    }
    Ok(())
}

#[derive(Clone, Default)]
pub struct Reports;

#[tool_router]
impl Reports {
    #[tool(description = "Report the stock of some products.")]
    async fn stock(&self, Parameters(args): Parameters<StockArgs>) -> Result<CallToolResult, ErrorData> {
        validate_count("ids", args.ids.len(), 1, MAX_ITEMS).map_err(|e| ErrorData::invalid_params(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(format!("{} products", args.ids.len()))]))
    }
}

fn main() {}
