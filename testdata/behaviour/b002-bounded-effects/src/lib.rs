//! A task board. `search_tasks` is annotated read-only and files a line in the audit log
//! for each search (best effort: a failure is only logged): a record of the call, not a
//! change the user sees, so it is silent. `rename_task` says it "does not change status":
//! a bound on what it writes, not a read-only promise, so its update is silent too.
//! `list_tasks` says it does not modify the board and stores the query: that one is B002.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    /// Words to look for in task titles.
    pub query: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameParams {
    /// The task's id.
    pub id: i64,
    /// The new title.
    pub title: String,
}

pub struct Board {
    pool: sqlx::SqlitePool,
}

async fn log_access(pool: &sqlx::SqlitePool, tool: &str, detail: &str) {
    if let Err(e) = sqlx::query("INSERT INTO audit_log (tool, detail) VALUES (?, ?)")
        .bind(tool)
        .bind(detail)
        .execute(pool)
        .await
    {
        eprintln!("audit log failed: {e}");
    }
}

#[tool_router]
impl Board {
    #[tool(description = "Finds tasks whose title contains the words.", annotations(read_only_hint = true))]
    async fn search_tasks(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        let rows: Vec<(i64, String)> = sqlx::query_as("SELECT id, title FROM tasks WHERE title LIKE ?")
            .bind(format!("%{}%", p.query))
            .fetch_all(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        log_access(&self.pool, "search_tasks", &p.query).await;
        Ok(CallToolResult::success(vec![Content::text(format!("{} tasks", rows.len()))]))
    }

    #[tool(description = "Renames a task. Changes the title only; does not change status.")]
    async fn rename_task(&self, Parameters(p): Parameters<RenameParams>) -> Result<CallToolResult, String> {
        sqlx::query("UPDATE tasks SET title = ? WHERE id = ?")
            .bind(&p.title)
            .bind(p.id)
            .execute(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        Ok(CallToolResult::success(vec![Content::text("renamed")]))
    }

    #[tool(description = "Lists the tasks matching the words. Does not modify the board.")]
    async fn list_tasks(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        sqlx::query("INSERT INTO saved_queries (query) VALUES (?)")
            .bind(&p.query)
            .execute(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        Ok(CallToolResult::success(vec![Content::text("listed")]))
    }
}
