//! Desk controls: two tools whose inputs share a type name in different modules. Each tool
//! publishes the schema of the type its path names.

mod mixer;
mod player;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};

#[derive(Clone, Default)]
pub struct Desk;

#[tool_router]
impl Desk {
    #[tool(description = "Set the mixer level (0 to 100).")]
    async fn set_mixer_level(
        &self,
        Parameters(params): Parameters<mixer::SetLevelParams>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(match mixer::set_level(params) {
            Ok(done) => CallToolResult::success(vec![Content::text(done)]),
            Err(why) => CallToolResult::error(vec![Content::text(why)]),
        })
    }

    #[tool(description = "Set the player volume (0.0 to 1.0).")]
    async fn set_player_level(
        &self,
        Parameters(params): Parameters<player::SetLevelParams>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(match player::set_level(params) {
            Ok(done) => CallToolResult::success(vec![Content::text(done)]),
            Err(why) => CallToolResult::error(vec![Content::text(why)]),
        })
    }
}

fn main() {
    let _ = Desk;
}
