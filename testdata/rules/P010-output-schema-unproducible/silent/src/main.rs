//! A notes server whose tools.json snapshot promises structured output, and keeps it.
use rmcp::handler::server::wrapper::Json;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListNotes {
    /// Folder to list, for example `inbox`.
    pub folder: String,
}

#[derive(Serialize, JsonSchema)]
pub struct NoteList {
    pub notes: Vec<String>,
}

pub struct Notes;

#[tool_router]
impl Notes {
    /// Lists the titles of the notes in one folder, newest first. Changes nothing.
    #[tool]
    async fn list_notes(
        &self,
        Parameters(input): Parameters<ListNotes>,
    ) -> Result<Json<NoteList>, String> {
        let notes = vec![format!("{}/welcome", input.folder)];
        Ok(Json(NoteList { notes }))
    }
}

fn main() {}
