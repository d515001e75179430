// Metamorphic: the dispatch a method of the store, called on `self`.
//! A graph of notes. One tool manages links between notes: `action` picks what it does, and
//! each action checks what it needs before it touches the database. The insert of a link and
//! the check on `max_hops` are in different arms of one `match`: no call does both. Reading a
//! note for a traversal records that it was read (`last_read_at`, `read_count`), which is the
//! store's bookkeeping, not the change the request makes.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use rusqlite::{Connection, params};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinksParams {
    /// What to do: `add` links two notes, `traverse` walks the links from a note.
    pub action: String,
    /// The note to start from.
    pub from: String,
    /// The note to link to (for `add`).
    pub to: Option<String>,
    /// How many links to follow (for `traverse`), from 1 to 5; 2 when omitted.
    #[schemars(range(min = 1, max = 5))]
    pub max_hops: Option<u32>,
}

pub struct Notes {
    db: Mutex<Connection>,
}

fn internal(e: rusqlite::Error) -> ErrorData {
    ErrorData::internal_error(e.to_string(), None)
}

impl Notes {
    fn read_note(&self, id: &str) -> Result<String, ErrorData> {
        let db = self.db.lock().unwrap();
        let body: String = db
            .query_row("SELECT body FROM notes WHERE id = ?1", params![id], |r| r.get(0))
            .map_err(internal)?;
        db.execute(
            "UPDATE notes SET last_read_at = datetime('now'), read_count = read_count + 1 WHERE id = ?1",
            params![id],
        )
        .map_err(internal)?;
        Ok(body)
    }

    fn add_link(&self, from: &str, to: &str) -> Result<(), ErrorData> {
        let db = self.db.lock().unwrap();
        db.execute("INSERT INTO links (src, dst) VALUES (?1, ?2)", params![from, to])
            .map_err(internal)?;
        Ok(())
    }

    fn neighbours(&self, id: &str, hops: u32) -> Result<Vec<String>, ErrorData> {
        let db = self.db.lock().unwrap();
        let mut stmt = db
            .prepare("SELECT dst FROM links WHERE src = ?1 LIMIT ?2")
            .map_err(internal)?;
        let rows = stmt
            .query_map(params![id, hops * 10], |r| r.get(0))
            .map_err(internal)?;
        rows.collect::<Result<Vec<String>, _>>().map_err(internal)
    }
}

impl Notes {
    fn manage_links(&self, p: &LinksParams) -> Result<CallToolResult, ErrorData> {
        let notes = self;
    match p.action.as_str() {
        "add" => {
            let to = p
                .to
                .as_deref()
                .ok_or_else(|| ErrorData::invalid_params("`to` is required for add", None))?;
            notes.add_link(&p.from, to)?;
            Ok(CallToolResult::success(vec![Content::text("linked")]))
        }
        "traverse" => {
            let start = notes.read_note(&p.from)?;
            let hops = p.max_hops.unwrap_or(2);
            if !(1..=5).contains(&hops) {
                return Err(ErrorData::invalid_params("max_hops must be from 1 to 5", None));
            }
            let found = notes.neighbours(&p.from, hops)?;
            Ok(CallToolResult::success(vec![Content::text(format!(
                "{start}: {}",
                found.join(", ")
            ))]))
        }
        other => Err(ErrorData::invalid_params(
            format!("unknown action `{other}`"),
            None,
        )),
    }
}
}

#[tool_router]
impl Notes {
    #[tool(description = "Adds a link between two notes, or walks the links from a note.")]
    pub async fn links(
        &self,
        Parameters(p): Parameters<LinksParams>,
    ) -> Result<CallToolResult, ErrorData> {
        self.manage_links(&p)
    }
}
