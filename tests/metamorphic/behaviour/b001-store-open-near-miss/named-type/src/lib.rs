// Metamorphic: the constructor names its own type instead of `Self`.
//! A reading journal kept in SQLite. Opening the journal brings an old file up to date:
//! it fills the `rating` column that older versions left empty and records that the
//! upgrade ran. Every tool opens the journal the same way, whatever it was asked, so that
//! upgrade is no effect of a request. The tool checks its input before it adds an entry.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use rusqlite::{Connection, params};
use schemars::JsonSchema;
use serde::Deserialize;

const UPGRADE_MARKER: &str = "ratings_filled_v2";

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddEntryParams {
    /// The book's title.
    pub title: String,
    /// How the book was read.
    pub format: String,
}

fn internal(e: rusqlite::Error) -> ErrorData {
    ErrorData::internal_error(e.to_string(), None)
}

pub struct Journal {
    conn: Connection,
}

impl Journal {
    fn open(path: &str) -> Result<Journal, ErrorData> {
        let conn = Connection::open(path).map_err(internal)?;
        upgrade(&conn)?;
        Ok(Journal { conn })
    }

    fn add(&self, title: &str, format: &str) -> Result<(), ErrorData> {
        self.conn
            .execute(
                "INSERT INTO entries (title, format, rating) VALUES (?1, ?2, 0)",
                params![title, format],
            )
            .map_err(internal)?;
        Ok(())
    }
}

fn upgrade(conn: &Connection) -> Result<(), ErrorData> {
    conn.execute("UPDATE entries SET rating = 0 WHERE rating IS NULL", [])
        .map_err(internal)?;
    conn.execute(
        "INSERT OR REPLACE INTO upgrades (name) VALUES (?1)",
        [UPGRADE_MARKER],
    )
    .map_err(internal)?;
    Ok(())
}

fn check_format(format: &str) -> Result<(), ErrorData> {
    match format {
        "paper" | "ebook" | "audio" => Ok(()),
        other => Err(ErrorData::invalid_params(
            format!("unknown format `{other}`"),
            None,
        )),
    }
}

pub struct ReadingJournal {
    path: String,
}

#[tool_router]
impl ReadingJournal {
    #[tool(description = "Adds a book to the reading journal.")]
    pub async fn add_entry(
        &self,
        Parameters(p): Parameters<AddEntryParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let journal = Journal::open(&self.path)?;
        check_format(&p.format)?;
        journal.add(&p.title, &p.format)?;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "added `{}`",
            p.title
        ))]))
    }
}
