//! A bookkeeping ledger over rmcp and SQLite. `find_entries` reads rows with
//! `while let Ok(Some(row))`: a failing row ends the loop like the last one, and the rows
//! before it are answered as the whole result. `list_accounts` passes a row's failure on.
//! `recent_postings` drains a channel with `while let Ok(..) = rx.try_recv()`: its error
//! is the end of the messages, not a failure.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindArgs {
    /// Words the entry's memo contains.
    pub memo: String,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListArgs {
    /// Accounts whose name starts with this.
    pub prefix: String,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecentArgs {}

pub struct Ledger {
    conn: rusqlite::Connection,
    postings: std::sync::Mutex<std::sync::mpsc::Receiver<String>>,
}

fn internal(e: rusqlite::Error) -> ErrorData {
    ErrorData::internal_error(e.to_string(), None)
}

#[tool_router]
impl Ledger {
    #[tool(description = "Finds ledger entries whose memo contains the given words.")]
    async fn find_entries(&self, Parameters(args): Parameters<FindArgs>) -> Result<CallToolResult, ErrorData> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, memo FROM entries WHERE memo LIKE ?1")
            .map_err(internal)?;
        let mut rows = stmt.query([format!("%{}%", args.memo)]).map_err(internal)?;
        let mut found = Vec::new();
        while let Ok(Some(row)) = rows.next() {
            let memo: String = row.get(1).unwrap_or_default();
            found.push(memo);
        }
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }

    #[tool(description = "Lists the accounts whose name starts with a prefix.")]
    async fn list_accounts(&self, Parameters(args): Parameters<ListArgs>) -> Result<CallToolResult, ErrorData> {
        let mut stmt = self
            .conn
            .prepare("SELECT name FROM accounts WHERE name LIKE ?1")
            .map_err(internal)?;
        let mut rows = stmt.query([format!("{}%", args.prefix)]).map_err(internal)?;
        let mut names = Vec::new();
        while let Some(row) = rows.next().map_err(internal)? {
            names.push(row.get::<_, String>(0).map_err(internal)?);
        }
        Ok(CallToolResult::success(vec![Content::text(names.join("\n"))]))
    }

    #[tool(description = "Lists the postings made since the last call.")]
    async fn recent_postings(&self, Parameters(_args): Parameters<RecentArgs>) -> Result<CallToolResult, ErrorData> {
        let rx = self.postings.lock().unwrap();
        let mut lines = Vec::new();
        while let Ok(line) = rx.try_recv() {
            lines.push(line);
        }
        Ok(CallToolResult::success(vec![Content::text(lines.join("\n"))]))
    }
}

fn main() {}
