//! Sales reports of a point-of-sale account. `transactions` takes the locations to report on
//! and may be given none: the report API replaces an empty list with the account's default
//! location before anything checks it, so the non-empty check further on is about the
//! resolved list, not the one the agent sent (no `minItems` is missing).

mod reports;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct TransactionsArgs {
    /// First day of the report, as YYYY-MM-DD.
    start: String,
    /// Location ids. Falls back to the account's default location.
    #[serde(default)]
    location: Vec<i64>,
}

pub struct TillServer {
    reports: reports::Reports,
}

#[tool_router]
impl TillServer {
    #[tool(
        name = "transactions",
        description = "Lists the card and cash transactions of the given locations since a day."
    )]
    async fn transactions(
        &self,
        Parameters(args): Parameters<TransactionsArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let lines = self
            .reports
            .transactions(&args.start, args.location)
            .await
            .map_err(|e| ErrorData::invalid_params(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(lines.join("\n"))]))
    }
}
