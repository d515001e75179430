//! A restaurant booking server.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookTable {
    /// Number of guests, from 1 through 12.
    #[schemars(range(min = 1, max = 12))]
    pub guests: u32,
    /// Seating area, as the floor plan names it; at most 40 characters.
    #[schemars(length(max = 40))]
    pub area: String,
}

pub struct Bookings {
    open: bool,
}

#[tool_router]
impl Bookings {
    /// Books a table for tonight.
    #[tool]
    async fn book_table(
        &self,
        Parameters(input): Parameters<BookTable>,
    ) -> Result<CallToolResult, McpError> {
        if input.guests < 1 || input.guests > 12 {
            return Ok(CallToolResult::error(vec![Content::text(
                "guests must be from 1 through 12",
            )]));
        }
        if input.area.len() > 40 {
            return Ok(CallToolResult::error(vec![Content::text(
                "area must be at most 40 characters",
            )]));
        }
        // Not about the input: the server itself cannot serve the call.
        if !self.open {
            return Err(McpError::internal_error("the booking book is closed", None));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "booked for {} on the {}",
            input.guests, input.area
        ))]))
    }
}

fn main() {}
