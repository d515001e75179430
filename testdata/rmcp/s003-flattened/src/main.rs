//! Pointer tools whose inputs share the target fields through `#[serde(flatten)]`.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

/// Where on the screen an action lands.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Target {
    /// Window to act in.
    pub window: String,
    /// Horizontal position in the window, in pixels.
    pub x: u32,
    /// Vertical position in the window, in pixels.
    pub y: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ClickArgs {
    #[serde(flatten)]
    pub target: Target,
    /// Mouse button: left or right.
    pub button: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct HoverArgs {
    #[serde(flatten)]
    pub target: Target,
}

pub struct Pointer;

#[tool_router]
impl Pointer {
    #[tool(description = "Click at a point of a window.")]
    async fn click(&self, Parameters(a): Parameters<ClickArgs>) -> Result<CallToolResult, ErrorData> {
        let button = a.button.unwrap_or_else(|| "left".to_string());
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{button} click at {},{} in {}",
            a.target.x, a.target.y, a.target.window
        ))]))
    }

    #[tool(description = "Move the pointer over a point of a window.")]
    async fn hover(&self, Parameters(a): Parameters<HoverArgs>) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!(
            "over {},{} in {}",
            a.target.x, a.target.y, a.target.window
        ))]))
    }
}

fn main() {
    let _ = Pointer;
}
