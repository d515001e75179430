// Metamorphic: the bounds applied by `max(1)` then `min(20)` instead of `clamp(1, 20)`: the same values reach the cast
//! A reading log kept in SQLite. `search_passages` takes an optional `top_k`, clamps it to
//! 1..=20 in the handler and hands the clamped value to the query, which binds it `as i64`:
//! no value above 20 reaches that cast, so nothing wraps there.

mod query;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchPassages {
    /// Words to look for in the saved passages.
    pub query: String,
    /// How many passages to return (default 8).
    pub top_k: Option<usize>,
}

pub struct ReadingLog {
    db: Mutex<rusqlite::Connection>,
}

#[tool_router]
impl ReadingLog {
    /// Finds saved passages that contain the given words, best matches first.
    #[tool(name = "search_passages")]
    pub async fn search_passages(
        &self,
        Parameters(SearchPassages { query, top_k }): Parameters<SearchPassages>,
    ) -> Result<CallToolResult, ErrorData> {
        if query.trim().is_empty() {
            return Ok(CallToolResult::error(vec![Content::text("`query` must not be empty")]));
        }
        let top_k = top_k.unwrap_or(8).max(1).min(20);
        let conn = self.db.lock().map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        let hits = query::passages(&conn, query.trim(), top_k)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(hits.join("\n"))]))
    }
}
