// Metamorphic: the checks moved into helper functions the handlers call
//! Pointer tools of a desktop-control server. The descriptions list the values an argument
//! takes as a list (a missing `enum` is then the description's finding), or name words the
//! handler does not hold the argument to.

use crate::input::{self, Button};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ScrollArgs {
    /// Scroll direction, one of `up`, `down`, `left`, `right`.
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
        // Extra buttons of a gaming mouse go to the device by their own name.
        let name = args.button.as_deref().unwrap_or("left");
        let button = match name {
            "left" => Button::Left,
            "right" => Button::Right,
            "middle" => Button::Middle,
            other => return Ok(CallToolResult::success(vec![Content::text(input::press(other))])),
        };
        Ok(CallToolResult::success(vec![Content::text(input::click(button))]))
    }
}

pub fn serve() {
    let _server = DeskServer;
}
