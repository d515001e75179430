//! The MCP server: one tool listing note titles.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListNotes {
    /// Only titles that contain this text.
    pub filter: Option<String>,
}

pub struct NotesServer {
    notes: notes_mcp_core::Notes,
}

#[tool_router]
impl NotesServer {
    #[tool(description = "Lists the titles of the stored notes, optionally filtered.")]
    async fn list_notes(
        &self,
        Parameters(input): Parameters<ListNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let titles: Vec<String> = self
            .notes
            .titles()
            .into_iter()
            .filter(|t| input.filter.as_deref().is_none_or(|f| t.contains(f)))
            .collect();
        Ok(CallToolResult::success(vec![Content::text(titles.join("\n"))]))
    }
}

pub fn run() {}
