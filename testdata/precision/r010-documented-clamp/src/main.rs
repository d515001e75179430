//! A search tool whose result count is clamped, and whose served schema says so: the doc
//! comment is the property's description, so the agent reads "Clamped to 1..=25" before it
//! calls. The schema has no bound (schemars derives none from `u32` without a range), which
//! is another finding's matter; the clamp itself is not silent.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

const MAX_SEARCH_LIMIT: u32 = 25;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchInput {
    /// Words to search video titles for.
    pub query: String,
    /// Maximum results. Clamped to 1..=25.
    pub limit: Option<u32>,
}

impl SearchInput {
    fn effective_limit(&self) -> u32 {
        self.limit.unwrap_or(10).clamp(1, MAX_SEARCH_LIMIT)
    }
}

pub struct Videos;

#[tool_router]
impl Videos {
    #[tool(description = "Searches video titles; the answer states how many results were asked for.")]
    async fn video_search(
        &self,
        Parameters(input): Parameters<SearchInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let limit = input.effective_limit();
        Ok(CallToolResult::success(vec![Content::text(format!(
            "up to {limit} videos for {}",
            input.query
        ))]))
    }
}

fn main() {}
