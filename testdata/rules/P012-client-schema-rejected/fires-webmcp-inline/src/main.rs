//! Greenhouse control. rmcp 3 publishes `$schema`, but nothing else here is outside the
//! WebMCP subset: the window setting is `#[schemars(inline)]` (written in place, no `$ref`),
//! an optional one of it is a list of types, and so is the optional zone (no `nullable`
//! after rmcp 0.16). `PathBuf` is not a type of the crate.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline)]
pub struct Vent {
    /// Which roof window.
    pub window: String,
    /// Whether the window ends up open.
    pub open: bool,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetVents {
    /// The first window to set.
    pub first: Vent,
    /// A second window, when two move together.
    pub second: Option<Vent>,
    /// Zone name; every zone when left out.
    pub zone: Option<String>,
    /// Log file to append the change to.
    pub log: PathBuf,
}

pub struct Panel;

#[tool_router]
impl Panel {
    /// Opens or closes roof windows.
    #[tool]
    async fn set_vents(
        &self,
        Parameters(input): Parameters<SetVents>,
    ) -> Result<CallToolResult, McpError> {
        let zone = input.zone.unwrap_or_else(|| "all".to_string());
        let second = input.second.map(|v| v.window).unwrap_or_default();
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} open={} {second} in {zone}, logged to {}",
            input.first.window,
            input.first.open,
            input.log.display()
        ))]))
    }
}

fn main() {}
