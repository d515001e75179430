// Metamorphic: the value rebound to a local (`let requested = p.limit;`)
//! An rmcp server that writes the SDK's attributes with their crate path
//! (`#[rmcp::tool_router]`, `#[rmcp::tool(..)]`), as many servers do instead of importing
//! the macros. Its one tool promises at most 100 events while the schema sets no maximum
//! and the handler quietly lowers larger requests.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchEventsParams {
    /// Identifier of the issue whose events are listed.
    pub issue_id: String,
    /// How many events to return, at most 100.
    pub limit: Option<u32>,
}

pub struct Events;

#[rmcp::tool_router]
impl Events {
    #[rmcp::tool(
        name = "search_issue_events",
        description = "Lists the events recorded for one issue, newest first.",
        annotations(read_only_hint = true)
    )]
    async fn search_issue_events(
        &self,
        Parameters(p): Parameters<SearchEventsParams>,
    ) -> Result<CallToolResult, ErrorData> {
        if p.issue_id.is_empty() {
            return Err(ErrorData::invalid_params("issue_id must not be empty", None));
        }
        let requested = p.limit;
        let limit = requested.unwrap_or(10).min(100);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{limit} events of {}",
            p.issue_id
        ))]))
    }
}
