//! A read-only search tool over an in-memory index. It calls `search::execute` and saves
//! nothing: `Report::save` of the search crate only renders text. The admin crate, which
//! this server does not depend on, has its own `execute` (an SQL DELETE), `save` (a file
//! write), a swallowed failure and a `SearchInput` of its own; none of them is reachable.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use search::{Index, Report};
use serde::Deserialize;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchInput {
    /// Words to look for.
    pub query: String,
}

pub struct NotesServer {
    index: Index,
    requests: AtomicU64,
}

#[tool_router]
impl NotesServer {
    #[tool(
        description = "Finds the notes that contain every word of the query.",
        annotations(read_only_hint = true)
    )]
    async fn search_notes(
        &self,
        Parameters(input): Parameters<SearchInput>,
    ) -> Result<CallToolResult, ErrorData> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let hits = search::execute(&self.index, &input.query);
        let report = Report { hits };
        Ok(CallToolResult::success(vec![Content::text(report.save())]))
    }
}

fn main() {}
