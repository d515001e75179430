// Metamorphic: locals and the handlers' parameters renamed
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

#[derive(Default)]
pub struct DeskServer;

#[tool_router]
impl DeskServer {
    /// Scrolls the window under the pointer.
    #[tool(name = "scroll", annotations(read_only_hint = false))]
    async fn scroll(
        &self,
        Parameters(req): Parameters<ScrollArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let wanted = req.direction.to_lowercase();
        let (dx, dy) = match wanted.as_str() {
            "up" => (0, -1),
            "down" => (0, 1),
            "left" => (-1, 0),
            "right" => (1, 0),
            _ => {
                return Ok(CallToolResult::error(vec![Content::text(
                    "invalid direction, use: up, down, left, right",
                )]));
            }
        };
        let done = input::scroll(dx, dy, req.clicks);
        Ok(CallToolResult::success(vec![Content::text(done)]))
    }

    /// Clicks at the pointer's position.
    #[tool(name = "click", annotations(read_only_hint = false))]
    async fn click(
        &self,
        Parameters(req): Parameters<ClickArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        // Extra buttons of a gaming mouse go to the device by their own name.
        let which = req.button.as_deref().unwrap_or("left");
        let button = match which {
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
