//! A lamp server with one tool; its integration tests drive it through `lamp-test-client`.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LampParams {
    /// The room whose lamp to switch on.
    pub room: String,
}

pub struct Lamps;

#[tool_router]
impl Lamps {
    #[tool(description = "Switches on the lamp of a room.")]
    pub async fn lamp_on(
        &self,
        Parameters(p): Parameters<LampParams>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!("{} on", p.room))]))
    }
}
