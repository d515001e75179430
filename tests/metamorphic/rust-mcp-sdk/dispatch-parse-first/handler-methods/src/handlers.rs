// Metamorphic: the handlers as methods of the server (`self.search_titles(tool)`)
//! What each tool does. The search quietly caps `limit` at 50, which neither the schema
//! nor the description says: an agent asking for 200 titles gets 50 and cannot tell.

use crate::server::Desk;
use crate::tools::{ListLoansTool, SearchTitlesTool};
use rust_mcp_sdk::schema::{CallToolResult, TextContent, schema_utils::CallToolError};

impl Desk {
    pub fn search_titles(
        &self,
        tool: SearchTitlesTool,
    ) -> Result<CallToolResult, CallToolError> {
        let limit = tool.limit.unwrap_or(20).clamp(1, 50);
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
