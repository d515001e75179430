//! Parcel shipping quotes. The postcode is checked in a helper shared by the tools; its
//! protocol error reaches the client as it is, through `?`.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quote {
    /// Destination postcode, five digits.
    #[schemars(length(min = 5, max = 5))]
    pub postcode: String,
    /// Parcel weight in grams.
    pub grams: u32,
}

/// The delivery zone of a five-digit postcode.
fn zone_of(postcode: &str) -> Result<u8, McpError> {
    if postcode.len() != 5 || !postcode.chars().all(|c| c.is_ascii_digit()) {
        return Err(McpError::invalid_params("postcode must be five digits", None));
    }
    Ok(postcode.as_bytes()[0] - b'0')
}

pub struct Quotes;

#[tool_router]
impl Quotes {
    /// Quotes the price of sending a parcel to a postcode.
    #[tool]
    async fn quote_parcel(
        &self,
        Parameters(input): Parameters<Quote>,
    ) -> Result<CallToolResult, McpError> {
        let zone = zone_of(&input.postcode)?;
        let cents = 450 + u64::from(zone) * 120 + u64::from(input.grams) / 10;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{}.{:02} EUR",
            cents / 100,
            cents % 100
        ))]))
    }
}

fn main() {}
