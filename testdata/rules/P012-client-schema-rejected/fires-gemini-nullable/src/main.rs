//! Bookmark tools served with rmcp 0.16. That release writes an `Option` of one type as
//! `"type": "string", "nullable": true` (schemars' AddNullable), which Gemini's schema object
//! has; only the `$schema` rmcp adds to every input is outside it.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct SaveBookmark {
    /// Address to keep.
    pub url: String,
    /// Folder to file it under; the inbox when left out.
    pub folder: Option<String>,
    /// How many days to keep it; for good when left out.
    pub keep_days: Option<u32>,
}

pub struct Bookmarks;

#[tool_router]
impl Bookmarks {
    /// Saves a bookmark.
    #[tool]
    async fn save_bookmark(&self, Parameters(input): Parameters<SaveBookmark>) -> String {
        let folder = input.folder.unwrap_or_else(|| "inbox".to_string());
        match input.keep_days {
            Some(days) => format!("saved {} to {folder} for {days} days", input.url),
            None => format!("saved {} to {folder}", input.url),
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {}
