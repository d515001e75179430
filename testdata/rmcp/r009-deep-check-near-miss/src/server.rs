//! The archive's search tool.

use crate::query::search;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchInput {
    /// Text to look for.
    pub text: String,
    /// Hits per page, 1 to 50.
    #[schemars(range(min = 1, max = 50))]
    pub page_size: u32,
}

#[derive(Default)]
pub struct Archive;

#[tool_router]
impl Archive {
    /// Searches the archive and returns the first page of hits.
    #[tool(name = "search_archive", annotations(read_only_hint = true))]
    async fn search_archive(
        &self,
        Parameters(input): Parameters<SearchInput>,
    ) -> Result<CallToolResult, ErrorData> {
        match search(&input.text, input.page_size) {
            Ok(hits) => Ok(CallToolResult::success(vec![Content::text(hits.join("\n"))])),
            Err(why) => Ok(CallToolResult::error(vec![Content::text(why)])),
        }
    }
}

pub fn serve() {
    let _ = Archive;
}
