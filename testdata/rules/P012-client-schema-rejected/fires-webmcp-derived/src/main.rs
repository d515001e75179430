//! Tennis court bookings. The input schema is derived from `BookCourt` by rmcp 0.8, which
//! publishes schemars' root schema as it is: `$schema`, the type's name as `title`, and a
//! `format` on the number of players.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookCourt {
    /// Court name, as painted on the gate.
    pub court: String,
    /// Players, 2 or 4.
    pub players: u8,
}

pub struct Courts;

#[tool_router]
impl Courts {
    /// Books a court for the next free hour.
    #[tool]
    async fn book_court(
        &self,
        Parameters(input): Parameters<BookCourt>,
    ) -> Result<CallToolResult, McpError> {
        if input.players != 2 && input.players != 4 {
            return Ok(CallToolResult::error(vec![Content::text("players must be 2 or 4")]));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} booked for {} players",
            input.court, input.players
        ))]))
    }
}

fn main() {}
