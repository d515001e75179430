//! A box office whose tool descriptions live in Markdown files beside the code, read in with
//! `include_str!`: the text the agent is shown is that file's. A path that leaves the package
//! is never read (the `refund` description stays unknown, not guessed).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HoldSeats {
    /// The showing's id.
    pub showing: String,
    /// How many seats to hold.
    #[schemars(range(min = 1, max = 8))]
    pub seats: u8,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Refund {
    /// The order to refund.
    pub order: String,
}

pub struct BoxOffice;

#[tool_router]
impl BoxOffice {
    #[tool(name = "holdSeats", description = include_str!("../prompts/hold_seats.md"))]
    async fn hold_seats(
        &self,
        Parameters(input): Parameters<HoldSeats>,
    ) -> Result<CallToolResult, ErrorData> {
        if !(1..=8).contains(&input.seats) {
            return Err(ErrorData::invalid_params("seats must be 1 through 8", None));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} seats held for {}",
            input.seats, input.showing
        ))]))
    }

    #[tool(name = "refund", description = include_str!("../../../../../../../../etc/hostname"))]
    async fn refund(&self, Parameters(input): Parameters<Refund>) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!("refunded {}", input.order))]))
    }
}

fn main() {
    let _ = BoxOffice;
}
