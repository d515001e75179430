//! A notes server: its published `tools/list` snapshot is `tools.json`.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListNotes {
    /// Folder to list, for example `inbox`.
    pub folder: String,
}

pub struct Notes;

#[tool_router]
impl Notes {
    /// Lists the notes of one folder, newest first. Changes nothing.
    #[tool]
    async fn list_notes(&self, Parameters(input): Parameters<ListNotes>) -> Result<String, String> {
        if input.folder.is_empty() {
            return Err("folder must not be empty".into());
        }
        Ok(format!("notes in {}: none yet", input.folder))
    }
}

fn main() {}
