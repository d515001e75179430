// Metamorphic: the checks moved from the handler into a `validate` function.
//! The MCP tools. rmcp publishes the schema schemars derives from each argument type.

use crate::checks::{ensure_between, ensure_length};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `search_tickets`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchTickets {
    /// Words to look for in the subject and body.
    #[schemars(length(min = 1, max = 120))]
    pub query: String,
    /// Tickets per page.
    #[schemars(range(min = 1, max = 50))]
    pub limit: u32,
}

fn validate(input: &SearchTickets) -> Result<(), ErrorData> {
    ensure_length("query", &input.query, 120)?;
    ensure_between("limit", input.limit, 1, 50)
}

#[derive(Default)]
pub struct Desk;

#[tool_router]
impl Desk {
    #[tool(
        description = "Searches open tickets and returns one page of matches.",
        annotations(read_only_hint = true)
    )]
    async fn search_tickets(
        &self,
        Parameters(input): Parameters<SearchTickets>,
    ) -> Result<CallToolResult, ErrorData> {
        validate(&input)?;
        // Rejected above when out of range: the clamp changes nothing the schema allows.
        let limit = input.limit.clamp(1, 50);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "first {limit} tickets matching {}",
            input.query
        ))]))
    }
}

pub fn serve() {
    let _ = Desk::default();
}
