//! A parts catalogue served through mcp-server's `Router`. The router lists three tools
//! and dispatches them in `call_tool`. One tool is named `execute`: the router's `execute`
//! method is that tool's handler, not a run method serving `find` and `count` as well, which
//! run in the dispatcher. Each tool's schema closes its input object while the code reads
//! the map without checking its keys.

use mcp_core::{Content, Tool, ToolError};
use mcp_server::Router;
use rusqlite::Connection;
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use tokio::sync::Mutex;

#[derive(Clone)]
pub struct PartsRouter {
    conn: Arc<Mutex<Connection>>,
}

fn sql_error(e: rusqlite::Error) -> ToolError {
    ToolError::ExecutionError(e.to_string())
}

impl PartsRouter {
    async fn find(&self, args: Value) -> Result<Value, ToolError> {
        let Some(Value::String(text)) = args.get("text") else {
            return Err(ToolError::InvalidParameters("text is required".into()));
        };
        let conn = self.conn.lock().await;
        let mut stmt = conn
            .prepare("SELECT sku FROM parts WHERE name LIKE ?1")
            .map_err(sql_error)?;
        let mut rows = stmt.query([format!("%{text}%")]).map_err(sql_error)?;
        let mut skus = Vec::new();
        while let Ok(Some(row)) = rows.next() {
            skus.push(row.get::<_, String>(0).map_err(sql_error)?);
        }
        Ok(json!({ "skus": skus }))
    }

    async fn count(&self, _args: Value) -> Result<Value, ToolError> {
        let conn = self.conn.lock().await;
        let n: i64 = conn
            .query_row("SELECT COUNT(*) FROM parts", [], |r| r.get(0))
            .map_err(sql_error)?;
        Ok(json!({ "count": n }))
    }

    async fn execute(&self, args: Value) -> Result<Value, ToolError> {
        let Some(Value::String(sql)) = args.get("sql") else {
            return Err(ToolError::InvalidParameters("sql is required".into()));
        };
        let conn = self.conn.lock().await;
        let changed = conn.execute(sql, []).map_err(sql_error)?;
        Ok(json!({ "changed": changed }))
    }
}

impl Router for PartsRouter {
    fn list_tools(&self) -> Vec<Tool> {
        vec![
            Tool::new(
                "find".to_string(),
                "Finds parts whose name contains the text.".to_string(),
                json!({
                    "type": "object",
                    "properties": {"text": {"type": "string", "description": "Part of the name"}},
                    "required": ["text"],
                    "additionalProperties": false
                }),
            ),
            Tool::new(
                "count".to_string(),
                "Counts the parts in the catalogue.".to_string(),
                json!({"type": "object", "properties": {}, "additionalProperties": false}),
            ),
            Tool::new(
                "execute".to_string(),
                "Runs one SQL statement that changes the catalogue.".to_string(),
                json!({
                    "type": "object",
                    "properties": {"sql": {"type": "string", "description": "The statement"}},
                    "required": ["sql"],
                    "additionalProperties": false
                }),
            ),
        ]
    }

    fn call_tool(
        &self,
        tool_name: &str,
        arguments: Value,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Content>, ToolError>> + Send + 'static>> {
        let this = self.clone();
        let tool_name = tool_name.to_string();
        Box::pin(async move {
            let result = match tool_name.as_str() {
                "find" => this.find(arguments).await?,
                "count" => this.count(arguments).await?,
                "execute" => this.execute(arguments).await?,
                other => return Err(ToolError::NotFound(format!("unknown tool {other}"))),
            };
            Ok(vec![Content::text(result.to_string())])
        })
    }
}

fn main() {}
