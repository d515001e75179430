//! A cover-art tool whose size is a string (digits, or `original`) handed to the archive:
//! "(default: 500)" in the prose is the string `"500"` the schema's `default` holds.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

fn default_size() -> String {
    "500".to_string()
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoverRequest {
    /// Release id of the album.
    pub release_id: String,
    /// Thumbnail size (default: 500).
    #[serde(default = "default_size")]
    pub size: String,
}

#[derive(Default)]
pub struct CoverServer;

#[tool_router]
impl CoverServer {
    /// Fetches the cover of a release at one size.
    #[tool(name = "fetch_cover", annotations(read_only_hint = true))]
    async fn fetch_cover(
        &self,
        Parameters(input): Parameters<CoverRequest>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{}-{}.jpg",
            input.release_id, input.size
        ))]))
    }
}

pub fn serve() {
    let _ = CoverServer;
}
