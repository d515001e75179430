//! The notes service's own tools, served with rmcp; `tools.json` lists the ones a partner
//! service implements.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
}

#[derive(Deserialize, JsonSchema)]
pub struct TagNote {
    /// Note to tag.
    pub id: String,
    /// Tag to add; the note's folder name when left out.
    pub tag: Option<String>,
    /// Colour of the tag; none when left out.
    pub colour: Option<Colour>,
}

pub struct Notes;

#[tool_router]
impl Notes {
    /// Adds a tag to a note.
    #[tool]
    async fn tag_note(&self, Parameters(input): Parameters<TagNote>) -> String {
        format!("tagged {}", input.id)
    }
}

fn main() {}
