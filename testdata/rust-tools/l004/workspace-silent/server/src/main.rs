//! The same event log server with its tool declared the rmcp way: the member package that
//! depends on rmcp through the workspace has a tool, so nothing is reported.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TailInput {
    /// How many of the latest events to return.
    pub count: u32,
}

#[derive(Clone, Default)]
pub struct EventLog;

#[tool_router]
impl EventLog {
    #[tool(description = "Returns the latest events of the log.")]
    async fn tail(&self, Parameters(input): Parameters<TailInput>) -> String {
        format!("last {} events", input.count)
    }
}

#[tokio::main]
async fn main() {
    let _ = EventLog;
}
