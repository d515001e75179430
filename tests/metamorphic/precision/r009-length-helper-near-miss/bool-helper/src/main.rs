// Metamorphic: the helper answers a bool and the handler refuses
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

fn count_ok(count: usize, minimum: usize, maximum: usize) -> bool {
    (minimum..=maximum).contains(&count)
}

#[derive(Clone, Default)]
pub struct Reports;

#[tool_router]
impl Reports {
    #[tool(description = "Report the stock of some products.")]
    async fn stock(&self, Parameters(args): Parameters<StockArgs>) -> Result<CallToolResult, ErrorData> {
        if !count_ok(args.ids.len(), 1, MAX_ITEMS) {
            return Err(ErrorData::invalid_params("ids must hold 1 to 20 values", None));
        }
        Ok(CallToolResult::success(vec![Content::text(format!("{} products", args.ids.len()))]))
    }
}

fn main() {}
