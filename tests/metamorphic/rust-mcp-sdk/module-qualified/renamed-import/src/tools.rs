// Metamorphic: the macros module imported under another name (`use rust_mcp_sdk::macros as sdk_macros;`)
//! The tools: one struct each, declared with the SDK's macros through the module path
//! (`sdk_macros::mcp_tool`), as the SDK's own examples sometimes write them.

use rust_mcp_sdk::macros as sdk_macros;
use serde::{Deserialize, Serialize};

#[sdk_macros::mcp_tool(
    name = "search_catalogue",
    description = "Searches the catalogue by title or author. Returns at most `limit` matches, from 1 through 50.",
    read_only_hint = true
)]
#[derive(Debug, Clone, Deserialize, Serialize, sdk_macros::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchCatalogueTool {
    /// Words of the title or the author's name.
    pub query: String,
    /// How many matches to return, from 1 through 50.
    #[json_schema(minimum = 1, maximum = 50)]
    pub limit: u32,
}

#[sdk_macros::mcp_tool(
    name = "renew_loan",
    description = "Renews a loan for a number of weeks, from 1 through 4.",
    read_only_hint = false,
    destructive_hint = false
)]
#[derive(Debug, Clone, Deserialize, Serialize, sdk_macros::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenewLoanTool {
    /// The loan's number, as printed on the receipt.
    pub loan_id: String,
    /// Weeks to add to the due date, from 1 through 4.
    #[json_schema(minimum = 1, maximum = 4)]
    pub weeks: u8,
}
