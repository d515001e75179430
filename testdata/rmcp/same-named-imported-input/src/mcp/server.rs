use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};

use super::tools::IngestRequest;

#[derive(Clone, Default)]
pub struct Desk;

#[tool_router]
impl Desk {
    /// Files a decision or an insight in the memory palace, in the wing given.
    #[tool]
    async fn ingest(
        &self,
        Parameters(request): Parameters<IngestRequest>,
    ) -> Result<CallToolResult, ErrorData> {
        let room = request.room.unwrap_or_else(|| "inbox".to_string());
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} bytes filed in {}/{room}",
            request.content.len(),
            request.wing
        ))]))
    }
}
