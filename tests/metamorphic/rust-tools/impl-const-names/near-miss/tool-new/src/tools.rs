// Metamorphic: each tool made by `Tool::new(Self::NAME, Self::DESCRIPTION, schema)` instead of a `Tool { .. }` literal
//! The same two tools, their contracts whole: the cap is in the schema and rejected, and
//! the search type is an enum.

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
#[serde(rename_all = "snake_case")]
pub enum SearchType {
    Artist,
    ArtistReleases,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtistSearchParams {
    /// The artist's name, and nothing else.
    pub query: String,
    /// What to search for.
    pub search_type: SearchType,
    /// Maximum number of results to return (default: 10, max: 100).
    #[serde(default = "default_limit")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: usize,
}

pub struct ArtistSearchTool;

impl ArtistSearchTool {
    pub const NAME: &'static str = "search_artists";
    pub const DESCRIPTION: &'static str = "Searches the catalogue for artists, or for the releases of one artist.";

    pub fn to_tool() -> Tool {
        Tool::new(Self::NAME, Self::DESCRIPTION, schema_for_type::<ArtistSearchParams>())
    }

    pub fn execute(params: &ArtistSearchParams) -> CallToolResult {
        if !(1..=100).contains(&params.limit) {
            return CallToolResult::error(vec![Content::text("limit must be from 1 through 100")]);
        }
        match params.search_type {
            SearchType::Artist => found(&params.query, params.limit),
            SearchType::ArtistReleases => found(&params.query, params.limit),
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelSearchParams {
    /// The label's name.
    pub query: String,
}

pub struct LabelSearchTool;

impl LabelSearchTool {
    pub const NAME: &'static str = "search_labels";
    pub const DESCRIPTION: &'static str = "Searches the catalogue for record labels by name.";

    pub fn to_tool() -> Tool {
        Tool::new(Self::NAME, Self::DESCRIPTION, schema_for_type::<LabelSearchParams>())
    }

    pub fn execute(params: &LabelSearchParams) -> CallToolResult {
        found(&params.query, 10)
    }
}

fn found(query: &str, limit: usize) -> CallToolResult {
    CallToolResult::success(vec![Content::text(format!("{limit} results for {query}"))])
}
