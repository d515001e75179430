//! The MCP tools. rmcp publishes the schema schemars derives from each argument type.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `renderThumbnails`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenderThumbnails {
    /// Upload to render from.
    pub upload_id: String,
    /// Thumbnails to render (1-4).
    pub count: u8,
    /// Rotation in quarter turns, negative for counter-clockwise.
    pub quarter_turns: i8,
}

#[derive(Default)]
pub struct Thumbnails;

#[tool_router]
impl Thumbnails {
    #[tool(
        name = "renderThumbnails",
        description = "Renders thumbnails of an uploaded image.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn render_thumbnails(
        &self,
        Parameters(input): Parameters<RenderThumbnails>,
    ) -> Result<CallToolResult, ErrorData> {
        if !(1..=4).contains(&input.count) {
            return Err(ErrorData::invalid_params("count must be 1 to 4", None));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "rendering {} thumbnails of {} turned {}",
            input.count, input.upload_id, input.quarter_turns
        ))]))
    }
}

pub fn serve() {
    let _ = Thumbnails;
}
