//! The MCP tools.

use crate::rpc::RpcClient;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `queue_status`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueueStatus {
    /// The printer, as listed by the server.
    #[schemars(length(min = 1, max = 40))]
    pub printer: String,
}

/// Arguments of `label_job`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelJob {
    /// The job to label.
    #[schemars(length(min = 1, max = 40))]
    pub job: String,
    /// The label to show beside it.
    #[schemars(length(min = 1, max = 40))]
    pub label: String,
}

pub struct PrintServer {
    rpc: RpcClient,
}

#[tool_router]
impl PrintServer {
    /// Show the jobs waiting on a printer.
    #[tool(annotations(read_only_hint = true))]
    async fn queue_status(&self, Parameters(p): Parameters<QueueStatus>) -> Result<String, String> {
        if p.printer.is_empty() || p.printer.len() > 40 {
            return Err("printer must be 1 to 40 characters".into());
        }
        self.rpc.call("queue.list").await
    }

    /// Show a label next to a job in the queue.
    #[tool(annotations(read_only_hint = true))]
    async fn label_job(&self, Parameters(p): Parameters<LabelJob>) -> Result<String, String> {
        if p.job.is_empty() || p.job.len() > 40 || p.label.is_empty() || p.label.len() > 40 {
            return Err("job and label must be 1 to 40 characters".into());
        }
        self.rpc.pin_label(&p.job, &p.label);
        Ok("labelled".into())
    }
}

pub fn serve() {
    let _ = PrintServer { rpc: RpcClient::new() };
}
