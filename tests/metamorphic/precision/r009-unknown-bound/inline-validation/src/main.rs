// Metamorphic: the validation written in the handler instead of a `validate` function.
//! A mail search tool whose published bounds are enforced by shared helpers: the range
//! helper is given its limits by each caller (read from the literals each call passes),
//! and the text fields are checked in a loop, whose values are not followed. So
//! contractlint cannot prove that nothing enforces the text fields' limits: R009 holds
//! those findings back (they are counted as withheld, not reported).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchInput {
    /// Words to look for in the message body.
    #[schemars(length(min = 1, max = 200))]
    pub query: String,
    /// Sender address or name to match.
    #[schemars(length(min = 1, max = 200))]
    pub sender: Option<String>,
    /// Messages per page, 1 to 100.
    #[schemars(range(min = 1, max = 100))]
    pub limit: u32,
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

fn check_range(field: &str, value: u32, min: u32, max: u32) -> Result<(), ErrorData> {
    if value < min || value > max {
        return Err(invalid(format!("{field} must be between {min} and {max}")));
    }
    Ok(())
}

fn check_text(field: &str, value: &str) -> Result<(), ErrorData> {
    if value.is_empty() || value.len() > 200 {
        return Err(invalid(format!("{field} must be 1 to 200 characters")));
    }
    Ok(())
}

pub struct Mail;

#[tool_router]
impl Mail {
    #[tool(description = "Searches the mailbox and returns one page of matching messages.")]
    async fn search_messages(
        &self,
        Parameters(input): Parameters<SearchInput>,
    ) -> Result<CallToolResult, ErrorData> {
        check_range("limit", input.limit, 1, 100)?;
        for (field, text) in [("query", Some(&input.query)), ("sender", input.sender.as_ref())] {
            if let Some(text) = text {
                check_text(field, text)?;
            }
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} messages matching {}",
            input.limit, input.query
        ))]))
    }
}

fn main() {}
