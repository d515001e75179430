// Metamorphic: zero refused as `< 1`, and the near misses' checks written from the constant's side
//! Queries over a ledger, with limits taken from the server's configured policy.
//!
//! `query_ledger` caps `max_rows` at the policy's limit and then refuses zero: whatever the
//! policy says, `max_rows: 0` is refused, while the schema (a `u32`) allows it.
//! `page_entries` caps `page_size` the same way but then refuses pages above 500: whether a
//! request of 600 meets that check depends on the policy's cap, so nothing is claimed about
//! the schema's maximum. `wait_for_entry` raises `wait_ms` to the policy's floor and refuses
//! a wait under 10: whether a wait of 5 is refused depends on the floor, so nothing is said.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueryLedger {
    /// The account to read.
    pub account: String,
    /// Rows to return at most; the policy's limit when absent.
    pub max_rows: Option<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PageEntries {
    /// The account to read.
    pub account: String,
    /// Entries per page; the policy's limit when absent.
    pub page_size: Option<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaitForEntry {
    /// The account to watch.
    pub account: String,
    /// How long to wait for a new entry, in milliseconds.
    pub wait_ms: Option<u32>,
}

pub struct Policy {
    pub max_rows: u32,
    pub min_wait_ms: u32,
}

pub struct LedgerServer {
    policy: Policy,
}

fn refused(message: &str) -> CallToolResult {
    CallToolResult::error(vec![Content::text(message.to_string())])
}

#[tool_router]
impl LedgerServer {
    /// Lists an account's entries, newest first.
    #[tool(name = "query_ledger", annotations(read_only_hint = true))]
    async fn query_ledger(
        &self,
        Parameters(req): Parameters<QueryLedger>,
    ) -> Result<CallToolResult, ErrorData> {
        let max_rows = req
            .max_rows
            .unwrap_or(self.policy.max_rows)
            .min(self.policy.max_rows);
        if max_rows < 1 {
            return Ok(refused("max_rows must be greater than zero"));
        }
        let text = format!("{} rows of {}", max_rows, req.account);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Lists one page of an account's entries.
    #[tool(name = "page_entries", annotations(read_only_hint = true))]
    async fn page_entries(
        &self,
        Parameters(req): Parameters<PageEntries>,
    ) -> Result<CallToolResult, ErrorData> {
        let page = req
            .page_size
            .unwrap_or(self.policy.max_rows)
            .min(self.policy.max_rows);
        if 500 < page {
            return Ok(refused("pages hold at most 500 entries"));
        }
        let text = format!("{} entries of {}", page, req.account);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Waits for the next entry of an account.
    #[tool(name = "wait_for_entry", annotations(read_only_hint = true))]
    async fn wait_for_entry(
        &self,
        Parameters(req): Parameters<WaitForEntry>,
    ) -> Result<CallToolResult, ErrorData> {
        let wait = req.wait_ms.unwrap_or(0).max(self.policy.min_wait_ms);
        if 10 > wait {
            return Ok(refused("waits under 10 ms are not supported"));
        }
        let text = format!("waited {} ms on {}", wait, req.account);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
