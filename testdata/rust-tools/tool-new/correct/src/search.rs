//! A catalogue search tool built by hand: `Tool::new` with a name constant, a description
//! and the schema rmcp derives from `SearchInput`, inside the constructor of the type whose
//! `execute` runs it. `limit` is bounded in the schema and checked in the code.

use rmcp::handler::server::tool::schema_for_type;
use rmcp::model::{CallToolResult, Content, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Deserialize;

pub const SEARCH_TOOL_NAME: &str = "search-catalog";

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchInput {
    /// Words to look for in product names.
    pub query: String,
    /// How many products to return, at most 50.
    #[schemars(range(max = 50))]
    pub limit: Option<u32>,
}

pub struct Search {
    pub tool: Tool,
}

impl Search {
    pub fn new() -> Self {
        Self {
            tool: Tool::new(
                SEARCH_TOOL_NAME,
                "Searches the product catalogue by name.",
                schema_for_type::<SearchInput>(),
            )
            .with_annotations(ToolAnnotations::new().read_only(true)),
        }
    }

    pub async fn execute(&self, input: SearchInput) -> CallToolResult {
        let limit = input.limit.unwrap_or(10);
        if limit > 50 {
            return CallToolResult::error(vec![Content::text("limit must be at most 50")]);
        }
        CallToolResult::success(vec![Content::text(format!(
            "{limit} results for {}",
            input.query
        ))])
    }
}
