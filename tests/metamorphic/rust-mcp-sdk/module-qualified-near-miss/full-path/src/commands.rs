// Metamorphic: both attributes written with their full path (`#[desk_docs::macros::mcp_tool]`), nothing imported
//! Commands of the client. `macros::mcp_tool` and `mcp_tool` here are the desk's help-page
//! attributes (`desk_docs`), not rust-mcp-sdk's: nothing of this crate is served to agents.

use serde::Deserialize;

#[desk_docs::macros::mcp_tool(
    name = "search_catalogue",
    description = "Searches the catalogue by title or author. Returns at most `limit` matches, from 1 through 50."
)]
#[derive(Debug, Deserialize)]
pub struct SearchCommand {
    pub query: String,
    /// How many matches to print, from 1 through 50.
    pub limit: u32,
}

#[desk_docs::macros::mcp_tool(
    name = "renew_loan",
    description = "Renews a loan for a number of weeks, from 1 through 4."
)]
#[derive(Debug, Deserialize)]
pub struct RenewCommand {
    pub loan_id: String,
    /// Weeks to add to the due date, from 1 through 4.
    pub weeks: u8,
}

impl SearchCommand {
    pub fn run(&self) -> String {
        let limit = self.limit.min(100);
        format!("up to {limit} matches for {}", self.query)
    }
}

impl RenewCommand {
    pub fn run(&self) -> String {
        format!("loan {} renewed for {} weeks", self.loan_id, self.weeks)
    }
}
