//! What each tool does. The search refuses a `limit` outside 1 through 50, the range the
//! schema publishes, rather than changing it.

use crate::server::Desk;
use crate::tools::{ListLoansTool, SearchTitlesTool};
use rust_mcp_sdk::schema::{CallToolResult, TextContent, schema_utils::CallToolError};

pub fn handle_search_titles(
    _desk: &Desk,
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

pub fn handle_list_loans(
    _desk: &Desk,
    tool: ListLoansTool,
) -> Result<CallToolResult, CallToolError> {
    Ok(CallToolResult::text_content(vec![TextContent::from(format!(
        "loans of card {}",
        tool.card
    ))]))
}
