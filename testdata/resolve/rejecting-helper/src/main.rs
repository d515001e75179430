//! An MCP server that books meeting rooms (rmcp). Every refusal goes through one helper,
//! which renders the error as JSON for the agent.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Mutex;

type ToolResult = Result<CallToolResult, ErrorData>;

/// Arguments of `bookRoom`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookRoom {
    /// The room to book.
    pub room: String,
    /// How many people attend, from 1 through 12.
    #[schemars(range(min = 1, max = 12))]
    pub guests: u32,
}

/// Arguments of `renameRoom`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameRoom {
    /// The room to rename.
    pub room: String,
    /// The new name, at most 40 characters.
    #[schemars(length(max = 40))]
    pub name: String,
}

#[derive(Default)]
pub struct Rooms {
    bookings: Mutex<HashMap<String, u32>>,
    names: Mutex<HashMap<String, String>>,
}

impl Rooms {
    /// A refusal the agent can read: `{"error": ..}` with `isError` set.
    fn refuse(message: &str) -> ToolResult {
        Ok(Self::rendered(message))
    }

    fn rendered(message: &str) -> CallToolResult {
        let body = serde_json::json!({ "error": message });
        CallToolResult::error(vec![Content::text(body.to_string())])
    }

    /// A success that carries a note for the agent.
    fn noted(message: &str) -> ToolResult {
        Ok(CallToolResult::success(vec![Content::text(message)]))
    }
}

#[tool_router]
impl Rooms {
    #[tool(name = "bookRoom", description = "Books a room for a meeting.")]
    async fn book_room(
        &self,
        Parameters(BookRoom { room, guests }): Parameters<BookRoom>,
    ) -> ToolResult {
        if guests < 1 || guests > 12 {
            return Self::refuse("guests must be from 1 through 12");
        }
        self.bookings.lock().unwrap().insert(room, guests);
        Ok(CallToolResult::success(vec![Content::text("booked")]))
    }

    #[tool(name = "renameRoom", description = "Renames a room.")]
    async fn rename_room(
        &self,
        Parameters(input): Parameters<RenameRoom>,
    ) -> ToolResult {
        if input.name.chars().count() > 40 {
            // Long names are kept anyway; the agent only hears about it.
            return Self::noted("names over 40 characters are hard to read");
        }
        self.names.lock().unwrap().insert(input.room, input.name);
        Ok(CallToolResult::success(vec![Content::text("renamed")]))
    }
}

fn main() {
    let _ = Rooms::default();
}
