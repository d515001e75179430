//! The tools, one struct each.

use rust_mcp_sdk::macros::{JsonSchema, mcp_tool};
use serde::Deserialize;

#[mcp_tool(
    name = "search_titles",
    description = "Searches the catalogue by title. Returns up to `limit` titles, from 1 through 50 (default: 20)."
)]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchTitlesTool {
    /// Words of the title.
    pub query: String,
    /// How many titles to return, from 1 through 50 (default: 20).
    #[json_schema(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

#[mcp_tool(
    name = "list_loans",
    description = "Lists a reader's current loans, newest first."
)]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListLoansTool {
    /// The reader's card number.
    pub card: String,
}
