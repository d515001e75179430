//! A log of experiments kept in SQLite. Every tool opens the store first; opening makes
//! sure the tables and indexes exist (`CREATE .. IF NOT EXISTS`), which sets the store up
//! once and changes nothing after that. The tool then checks what it was given and only
//! then records the experiment.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use rusqlite::{Connection, params};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewExperimentParams {
    /// A short name for the experiment.
    pub name: String,
    /// What the experiment is bound to: a git commit, a branch, or a manual note.
    pub binding: String,
}

fn internal(e: rusqlite::Error) -> ErrorData {
    ErrorData::internal_error(e.to_string(), None)
}

pub struct Store {
    conn: Connection,
}

impl Store {
    fn open(path: &str) -> Result<Store, ErrorData> {
        let conn = Connection::open(path).map_err(internal)?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS experiments (name TEXT PRIMARY KEY, binding TEXT NOT NULL);
             CREATE INDEX IF NOT EXISTS experiments_binding ON experiments(binding);",
        )
        .map_err(internal)?;
        Ok(Store { conn })
    }

    fn save(&self, name: &str, binding: &str) -> Result<(), ErrorData> {
        self.conn
            .execute(
                "INSERT INTO experiments (name, binding) VALUES (?1, ?2)",
                params![name, binding],
            )
            .map_err(internal)?;
        Ok(())
    }
}

fn check_binding(binding: &str) -> Result<(), ErrorData> {
    match binding {
        "commit" | "branch" | "manual" => Ok(()),
        other => Err(ErrorData::invalid_params(
            format!("unknown binding `{other}`"),
            None,
        )),
    }
}

pub struct Experiments {
    path: String,
}

#[tool_router]
impl Experiments {
    #[tool(description = "Records a new experiment in the log.")]
    pub async fn new_experiment(
        &self,
        Parameters(p): Parameters<NewExperimentParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let store = Store::open(&self.path)?;
        check_binding(&p.binding)?;
        store.save(&p.name, &p.binding)?;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "recorded `{}`",
            p.name
        ))]))
    }
}
