// Metamorphic: the checks moved into helper functions the handlers call
//! Pointer tools of a desktop-control server. Each description names the values its handler
//! knows, in words an agent reads, but the schema lets any string through.

use crate::input::{self, Button};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ScrollArgs {
    /// Scroll direction: up, down, left, right
    pub direction: String,
    /// Number of wheel clicks.
    pub clicks: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ClickArgs {
    /// Which mouse button: `left` (default), `right` or `middle`. `right` opens the
    /// context menu of the control under the pointer.
    #[serde(default)]
    pub button: Option<String>,
}

fn refuse(message: &str) -> CallToolResult {
    CallToolResult::error(vec![Content::text(message.to_string())])
}

fn direction_of(raw: &str) -> Result<(i32, i32), CallToolResult> {
    let direction = raw.to_lowercase();
    match direction.as_str() {
        "up" => Ok((0, -1)),
        "down" => Ok((0, 1)),
        "left" => Ok((-1, 0)),
        "right" => Ok((1, 0)),
        _ => Err(refuse("invalid direction, use: up, down, left, right")),
    }
}

fn check_button(name: &str) -> Result<(), CallToolResult> {
    if !matches!(name, "left" | "right" | "middle") {
        return Err(refuse("unknown mouse button"));
    }
    Ok(())
}

#[derive(Default)]
pub struct DeskServer;

#[tool_router]
impl DeskServer {
    /// Scrolls the window under the pointer.
    #[tool(name = "scroll", annotations(read_only_hint = false))]
    async fn scroll(
        &self,
        Parameters(args): Parameters<ScrollArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let (dx, dy) = match direction_of(&args.direction) {
            Ok(step) => step,
            Err(refusal) => return Ok(refusal),
        };
        let done = input::scroll(dx, dy, args.clicks);
        Ok(CallToolResult::success(vec![Content::text(done)]))
    }

    /// Clicks at the pointer's position.
    #[tool(name = "click", annotations(read_only_hint = false))]
    async fn click(
        &self,
        Parameters(args): Parameters<ClickArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let name = args.button.as_deref().unwrap_or("left");
        if let Err(refusal) = check_button(name) {
            return Ok(refusal);
        }
        Ok(CallToolResult::success(vec![Content::text(input::click_named(name))]))
    }
}

pub fn serve() {
    let _server = DeskServer;
}
