// Metamorphic: the optional fields come first and the tool reads them through a match; the schema rmcp writes is the same.
//! Bookmark tools served with rmcp 0.16.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct SaveBookmark {
    /// How many days to keep it; for good when left out.
    pub keep_days: Option<u32>,
    /// Folder to file it under; the inbox when left out.
    pub folder: Option<String>,
    /// Address to keep.
    pub url: String,
}

pub struct Bookmarks;

#[tool_router]
impl Bookmarks {
    /// Saves a bookmark.
    #[tool]
    async fn save_bookmark(&self, Parameters(input): Parameters<SaveBookmark>) -> String {
        let folder = match input.folder {
            Some(f) => f,
            None => "inbox".to_string(),
        };
        if let Some(days) = input.keep_days {
            return format!("saved {} to {folder} for {days} days", input.url);
        }
        format!("saved {} to {folder}", input.url)
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {}
