//! A throwaway server whose tool has no description: the test checks that the listing
//! still carries the tool. Nothing here is served.

use rmcp::model::{CallToolResult, ErrorData};
use rmcp::{tool, tool_router};

pub struct Bare;

#[tool_router]
impl Bare {
    #[tool]
    pub async fn bare_tool(&self) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![]))
    }
}

#[test]
fn the_bare_tool_is_listed() {
    let _ = Bare;
}
