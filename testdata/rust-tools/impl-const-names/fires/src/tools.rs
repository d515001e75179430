//! `search_artists` tells of a cap its schema lacks ("max: 100" on a plain `usize`) and
//! rejects every search type but two while it publishes a free string.

use rmcp::handler::server::tool::schema_for_type;
use rmcp::model::{CallToolResult, Content, Tool};
use schemars::JsonSchema;
use serde::Deserialize;

pub fn list() -> Vec<Tool> {
    vec![ArtistSearchTool::to_tool(), LabelSearchTool::to_tool()]
}

fn default_limit() -> usize {
    10
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ArtistSearchParams {
    /// The artist's name, and nothing else.
    pub query: String,
    /// What to search for.
    pub search_type: String,
    /// Maximum number of results to return (default: 10, max: 100).
    #[serde(default = "default_limit")]
    pub limit: usize,
}

pub struct ArtistSearchTool;

impl ArtistSearchTool {
    pub const NAME: &'static str = "search_artists";
    pub const DESCRIPTION: &'static str = "Searches the catalogue for artists, or for the releases of one artist.";

    pub fn to_tool() -> Tool {
        Tool {
            name: Self::NAME.into(),
            title: None,
            description: Some(Self::DESCRIPTION.into()),
            input_schema: schema_for_type::<ArtistSearchParams>(),
            output_schema: None,
            annotations: None,
            icons: None,
            meta: None,
        }
    }

    pub fn execute(params: &ArtistSearchParams) -> CallToolResult {
        let limit = params.limit.min(100);
        match params.search_type.as_str() {
            "artist" => found(&params.query, limit),
            "artist_releases" => found(&params.query, limit),
            other => CallToolResult::error(vec![Content::text(format!(
                "unknown search type {other}: use artist or artist_releases"
            ))]),
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct LabelSearchParams {
    /// The label's name.
    pub query: String,
}

pub struct LabelSearchTool;

impl LabelSearchTool {
    pub const NAME: &'static str = "search_labels";
    pub const DESCRIPTION: &'static str = "Searches the catalogue for record labels by name.";

    pub fn to_tool() -> Tool {
        Tool {
            name: Self::NAME.into(),
            title: None,
            description: Some(Self::DESCRIPTION.into()),
            input_schema: schema_for_type::<LabelSearchParams>(),
            output_schema: None,
            annotations: None,
            icons: None,
            meta: None,
        }
    }

    pub fn execute(params: &LabelSearchParams) -> CallToolResult {
        found(&params.query, 10)
    }
}

fn found(query: &str, limit: usize) -> CallToolResult {
    CallToolResult::success(vec![Content::text(format!("{limit} results for {query}"))])
}
