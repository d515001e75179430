//! A print-queue server in its first stage: it answers the handshake and lists its tools,
//! of which there are none yet. The queue's tools come in a later stage.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{ServerCapabilities, ServerInfo};
use rmcp::{ServerHandler, ServiceExt, tool_handler, tool_router, transport::stdio};

#[derive(Clone)]
pub struct PrintQueue {
    tool_router: ToolRouter<Self>,
}

// No tools in this stage.
#[tool_router]
impl PrintQueue {}

#[tool_handler]
impl ServerHandler for PrintQueue {
    fn get_info(&self) -> ServerInfo {
        ServerInfo {
            capabilities: ServerCapabilities::builder().enable_tools().build(),
            ..Default::default()
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = PrintQueue {
        tool_router: PrintQueue::tool_router(),
    };
    server.serve(stdio()).await?.waiting().await?;
    Ok(())
}
