//! Starts an MCP server as a child process and prints the tools it lists.

use rmcp::model::ClientInfo;
use rmcp::service::RoleClient;
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ServiceExt};

#[derive(Clone, Default)]
struct Probe;

impl ClientHandler for Probe {
    fn get_info(&self) -> ClientInfo {
        ClientInfo::default()
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = std::env::args().nth(1).unwrap_or_else(|| "inventory-server".into());
    let transport = TokioChildProcess::new(tokio::process::Command::new(command))?;
    let client: rmcp::service::RunningService<RoleClient, Probe> = Probe.serve(transport).await?;
    for tool in client.list_all_tools().await? {
        println!("{}", tool.name);
    }
    Ok(())
}
