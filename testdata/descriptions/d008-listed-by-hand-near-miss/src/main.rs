//! An editor bridge: its tools are declared without a description, and the server's own
//! `list_tools` serves each one's text from `docs/<tool>.md`.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, Content, ErrorData, ListToolsResult, PaginatedRequestParam,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenFileParams {
    /// Path of the file, relative to the workspace root.
    pub path: String,
}

pub struct Bridge {
    tool_router: ToolRouter<Bridge>,
}

#[tool_router]
impl Bridge {
    #[tool]
    pub async fn open_file(
        &self,
        Parameters(p): Parameters<OpenFileParams>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!("opened {}", p.path))]))
    }
}

fn described(name: &str) -> Option<&'static str> {
    match name {
        "open_file" => Some(include_str!("../docs/open_file.md")),
        _ => None,
    }
}

impl ServerHandler for Bridge {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParam>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut tools = self.tool_router.list_all();
        for tool in &mut tools {
            if let Some(text) = described(&tool.name) {
                tool.description = Some(text.trim().to_string().into());
            }
        }
        Ok(ListToolsResult {
            tools,
            next_cursor: None,
        })
    }
}

fn main() {}
