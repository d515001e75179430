// Metamorphic: the configured limit bound to a local before it caps the value.
//! The near misses of r010-runtime-cap. `export_entries` caps `max_rows` at the configured
//! limit too, but its description tells the agent so. `page_entries` lowers `offset` to the
//! number of entries it holds: that is a count the call found, not a limit chosen for the
//! caller. `tail_entries` turns away a count above the configured limit before it caps it,
//! so no accepted value is lowered.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

pub struct Limits {
    pub max_rows: usize,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportInput {
    /// Maximum rows to export; larger values are capped at the server's configured limit.
    pub max_rows: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PageInput {
    /// Index of the first entry to return.
    pub offset: usize,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TailInput {
    /// How many of the last entries to return.
    pub count: usize,
}

pub struct Ledger {
    limits: Limits,
    entries: Vec<String>,
}

#[tool_router]
impl Ledger {
    #[tool(description = "Exports ledger entries as CSV lines.")]
    async fn export_entries(
        &self,
        Parameters(input): Parameters<ExportInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let cap = self.limits.max_rows;
        let rows = input.max_rows.unwrap_or(cap).min(cap);
        let lines: Vec<&String> = self.entries.iter().take(rows).collect();
        Ok(CallToolResult::success(vec![Content::text(format!("{lines:?}"))]))
    }

    #[tool(description = "Returns the entries from an offset on.")]
    async fn page_entries(
        &self,
        Parameters(input): Parameters<PageInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let start = input.offset.min(self.entries.len());
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{:?}",
            &self.entries[start..]
        ))]))
    }

    #[tool(description = "Returns the last entries.")]
    async fn tail_entries(
        &self,
        Parameters(input): Parameters<TailInput>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.count > self.limits.max_rows {
            return Ok(CallToolResult::error(vec![Content::text(
                "count is above the server's limit",
            )]));
        }
        let count = input.count.min(self.limits.max_rows);
        let skip = self.entries.len().saturating_sub(count);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{:?}",
            &self.entries[skip..]
        ))]))
    }
}

fn main() {}
