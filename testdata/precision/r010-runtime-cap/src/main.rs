//! A cap chosen at run time: the server's `Limits` (read from its configuration at start)
//! bound the page a query returns. `max_rows` is described as overriding that limit and the
//! schema publishes no maximum, yet a request for more rows than the configured limit is
//! lowered to it (`.min(limits.max_rows)`) and answered as a success: the agent asked for
//! 5000 rows, gets 500, and is never told.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// What the operator configured for every query.
pub struct Limits {
    pub max_rows: usize,
    pub max_bytes: usize,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueryInput {
    /// The ledger query to run.
    pub query: String,
    /// Maximum rows to return (overrides the server's default page size).
    pub max_rows: Option<usize>,
}

/// The page the query asks for, within the server's limits.
fn page_rows(limits: &Limits, input: &QueryInput) -> usize {
    input
        .max_rows
        .unwrap_or(limits.max_rows)
        .min(limits.max_rows)
}

pub struct Ledger {
    limits: Limits,
    entries: Vec<String>,
}

#[tool_router]
impl Ledger {
    #[tool(description = "Runs a query over the ledger and returns the matching entries.")]
    async fn query_ledger(
        &self,
        Parameters(input): Parameters<QueryInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let rows = page_rows(&self.limits, &input);
        let found: Vec<&String> = self
            .entries
            .iter()
            .filter(|e| e.contains(&input.query))
            .take(rows)
            .collect();
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{found:?} (at most {} bytes)",
            self.limits.max_bytes
        ))]))
    }
}

fn main() {}
