// Metamorphic: the handlers as methods of the server (`self.search_titles(tool)`)
//! The dispatch: every arm parses with the same generic helper first, then calls the
//! handler that takes the typed input.

use crate::tools::{ListLoansTool, SearchTitlesTool};
use rust_mcp_sdk::schema::{CallToolRequestParams, CallToolResult, schema_utils::CallToolError};
use serde::de::DeserializeOwned;

pub struct Desk;

/// Reads the call's arguments as one tool's input.
fn parse_tool_args<T: DeserializeOwned>(params: &CallToolRequestParams) -> Result<T, CallToolError> {
    let args = params.arguments.clone().unwrap_or_default();
    serde_json::from_value(serde_json::Value::Object(args))
        .map_err(|e| CallToolError::invalid_arguments(&params.name, Some(e.to_string())))
}

impl Desk {
    pub fn call_tool(&self, params: CallToolRequestParams) -> Result<CallToolResult, CallToolError> {
        match params.name.as_str() {
            "search_titles" => {
                let tool: SearchTitlesTool = parse_tool_args(&params)?;
                self.search_titles(tool)
            }
            "list_loans" => {
                let tool: ListLoansTool = parse_tool_args(&params)?;
                self.list_loans(tool)
            }
            other => Err(CallToolError::unknown_tool(other.to_string())),
        }
    }
}

pub fn serve() {
    let _desk = Desk;
}
