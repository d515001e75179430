//! Library holds. rmcp 0.12 derives the schema with schemars' `AddNullable`: the optional
//! branch is `"type": "string", "nullable": true`, OpenAPI's keyword, and the root keeps the
//! type's name as `title`.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceHold {
    /// Catalogue number of the book.
    pub isbn: String,
    /// Branch to collect from; the reader's home branch when left out.
    pub branch: Option<String>,
}

pub struct Holds;

#[tool_router]
impl Holds {
    /// Places a hold on a book for the signed-in reader.
    #[tool]
    async fn place_hold(
        &self,
        Parameters(input): Parameters<PlaceHold>,
    ) -> Result<CallToolResult, McpError> {
        let branch = input.branch.unwrap_or_else(|| "home".to_string());
        Ok(CallToolResult::success(vec![Content::text(format!(
            "hold placed on {} at {branch}",
            input.isbn
        ))]))
    }
}

fn main() {}
