// Metamorphic: the handlers as methods of the server (`self.search_titles(tool)`)
//! What each tool does. The search refuses a `limit` outside 1 through 50, the range the
//! schema publishes, rather than changing it.

use crate::server::Desk;
use crate::tools::{ListLoansTool, SearchTitlesTool};
use rust_mcp_sdk::schema::{CallToolResult, TextContent, schema_utils::CallToolError};

impl Desk {
    pub fn search_titles(
        &self,
        tool: SearchTitlesTool,
    ) -> Result<CallToolResult, CallToolError> {
        let limit = tool.limit.unwrap_or(20);
        if !(1..=50).contains(&limit) {
            return Err(CallToolError::invalid_arguments(
                "search_titles",
                Some("limit must be from 1 through 50".to_string()),
            ));
        }
        Ok(CallToolResult::text_content(vec![TextContent::from(format!(
            "up to {limit} titles for {}",
            tool.query
        ))]))
    }

    pub fn list_loans(
        &self,
        tool: ListLoansTool,
    ) -> Result<CallToolResult, CallToolError> {
        Ok(CallToolResult::text_content(vec![TextContent::from(format!(
            "loans of card {}",
            tool.card
        ))]))
    }
}
