//! What each tool does. The search checks its limit against 100, not the 50 the schema
//! publishes, so an agent told "at most 50" is never refused between 51 and 100.

use crate::tools::{RenewLoanTool, SearchCatalogueTool};
use rust_mcp_sdk::schema::{CallToolResult, TextContent, schema_utils::CallToolError};

impl SearchCatalogueTool {
    pub fn call_tool(&self) -> Result<CallToolResult, CallToolError> {
        if self.query.trim().is_empty() {
            return Err(CallToolError::invalid_arguments(
                "search_catalogue",
                Some("query must not be empty".to_string()),
            ));
        }
        if self.limit == 0 || self.limit > 100 {
            return Err(CallToolError::invalid_arguments(
                "search_catalogue",
                Some("limit must be from 1 through 100".to_string()),
            ));
        }
        Ok(CallToolResult::text_content(vec![TextContent::from(format!(
            "up to {} matches for {}",
            self.limit, self.query
        ))]))
    }
}

impl RenewLoanTool {
    pub fn call_tool(&self) -> Result<CallToolResult, CallToolError> {
        if !(1..=4).contains(&self.weeks) {
            return Err(CallToolError::invalid_arguments(
                "renew_loan",
                Some("weeks must be from 1 through 4".to_string()),
            ));
        }
        Ok(CallToolResult::text_content(vec![TextContent::from(format!(
            "loan {} renewed for {} weeks",
            self.loan_id, self.weeks
        ))]))
    }
}
