//! Two types with a method called `get`: a registry whose lookup only reads its map, and a
//! cursor store whose `get(&mut self)` refreshes an expiry. The tool reaches only the
//! registry (through `&self`, where no `&mut self` method can be called on a plain field),
//! so it reads before it checks and writes nothing: it must stay silent.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::time::{Duration, Instant};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableInfoParams {
    /// Identifier of an open database.
    pub db_id: String,
    /// Table name, 1 to 64 characters.
    #[schemars(length(min = 1, max = 64))]
    pub table: String,
}

pub struct Connection {
    tables: Vec<String>,
}

pub struct Registry {
    handles: HashMap<String, Connection>,
}

impl Registry {
    pub fn connection(&self, db_id: &str) -> Result<&Connection, String> {
        self.handles
            .get(db_id)
            .ok_or_else(|| format!("unknown db_id `{db_id}`"))
    }
}

pub struct CursorStore {
    entries: HashMap<String, (usize, Instant)>,
    ttl: Duration,
}

impl CursorStore {
    /// The cursor's offset; reading it extends its life.
    pub fn get(&mut self, cursor: &str) -> Option<usize> {
        let entry = self.entries.get_mut(cursor)?;
        entry.1 = Instant::now() + self.ttl;
        Some(entry.0)
    }
}

pub struct DbTools {
    registry: Registry,
}

#[tool_router]
impl DbTools {
    #[tool(
        description = "Tells whether a table exists in an open database.",
        annotations(read_only_hint = true)
    )]
    async fn table_exists(
        &self,
        Parameters(p): Parameters<TableInfoParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let connection = self
            .registry
            .connection(&p.db_id)
            .map_err(|e| ErrorData::invalid_params(e, None))?;
        if p.table.is_empty() || p.table.chars().count() > 64 {
            return Err(ErrorData::invalid_params("table must be 1 to 64 characters long", None));
        }
        let found = connection.tables.iter().any(|t| *t == p.table);
        Ok(CallToolResult::success(vec![Content::text(found.to_string())]))
    }
}
