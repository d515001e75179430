//! A read-only search tool. Its crate depends on `search` only: `search::execute`,
//! `search::save` and `Report::save` there only compute, and the admin crate's `execute`
//! (an SQL DELETE), `save` (an SQL INSERT), `Report::save` (a file write) and `SearchInput`
//! are out of its reach. It must stay silent, and its input is this crate's `SearchInput`,
//! whose `query` the handler checks.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use search::{Index, Report};
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchInput {
    /// Words to look for, 1 to 100 characters.
    #[schemars(length(min = 1, max = 100))]
    pub query: String,
}

pub struct NotesServer {
    index: Index,
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
        if input.query.is_empty() || input.query.chars().count() > 100 {
            return Err(ErrorData::invalid_params("query must be 1 to 100 characters", None));
        }
        let hits = search::execute(&self.index, &input.query);
        let report = Report { hits };
        let text = search::save(&report);
        Ok(CallToolResult::success(vec![Content::text(format!("{text}\n{}", report.save()))]))
    }
}

fn main() {}
