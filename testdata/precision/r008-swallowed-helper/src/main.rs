//! Freight insurance quotes. Amounts arrive as decimal strings and go through one parser;
//! the declared value must parse, while a rate override that cannot be read falls back to
//! the house rate.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

/// Rate applied when the caller gives none, or one that does not read as a number.
const HOUSE_RATE: f64 = 0.004;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteArgs {
    /// Declared value of the goods, as a decimal string such as "1250.00".
    pub declared_value: String,
    /// Insurance rate to use instead of the house rate, as a decimal string such as "0.006".
    pub rate_override: Option<String>,
}

/// Reads a decimal amount; overlong text is refused before parsing.
fn parse_amount(text: &str) -> Result<f64, String> {
    let trimmed = text.trim();
    if trimmed.len() > 24 {
        return Err(format!("amount too long: {} characters", trimmed.len()));
    }
    trimmed
        .parse::<f64>()
        .map_err(|e| format!("not a decimal amount: {e}"))
}

#[derive(Clone, Default)]
pub struct Freight;

#[tool_router]
impl Freight {
    #[tool(description = "Quote the insurance premium for one consignment.")]
    async fn quote_insurance(
        &self,
        Parameters(args): Parameters<QuoteArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let value = match parse_amount(&args.declared_value) {
            Ok(v) => v,
            Err(e) => return Ok(CallToolResult::error(vec![Content::text(e)])),
        };
        let rate = match args.rate_override.as_deref() {
            None => HOUSE_RATE,
            Some(text) => match parse_amount(text) {
                Ok(r) => r,
                Err(_) => HOUSE_RATE,
            },
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "premium: {:.2}",
            value * rate
        ))]))
    }
}

#[tokio::main]
async fn main() {
    let _ = Freight;
}
