//! The notes tools, a library: the agent host that embeds it publishes
//! `schemas/search_notes.schema.json` as the tool's input schema and hands the arguments to
//! `search_notes`. No package of the workspace serves MCP itself, so the schema is the tool's.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct SearchNotes {
    pub phrase: String,
    #[serde(default)]
    pub folder: String,
}

pub fn search_notes(input: SearchNotes) -> Vec<String> {
    let _ = (&input.phrase, &input.folder);
    Vec::new()
}
