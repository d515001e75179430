//! Moves money between a trading wallet's two accounts. An amount of exactly zero is
//! refused, as is anything below it: the code accepts amounts above 0, which the schema
//! would state as `exclusiveMinimum: 0` (a `minimum: 0` would still admit the refused 0).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

pub struct Wallet;

#[derive(Deserialize, JsonSchema)]
pub struct TransferParams {
    /// Amount of USDC to move.
    pub amount: f64,
    /// Fee to pay, in USDC; at most 5.
    #[schemars(range(max = 5.0))]
    pub fee: f64,
}

#[tool_router]
impl Wallet {
    #[tool(description = "Moves USDC from the spot account to the perpetuals account.")]
    async fn transfer(&self, Parameters(p): Parameters<TransferParams>) -> Result<CallToolResult, String> {
        if p.amount <= 0.0 {
            return Ok(CallToolResult::error(vec![Content::text("Amount must be positive.")]));
        }
        if p.fee >= 5.0 {
            return Ok(CallToolResult::error(vec![Content::text("The fee must stay below 5.")]));
        }
        Ok(CallToolResult::success(vec![Content::text(format!("moved {}", p.amount))]))
    }
}
