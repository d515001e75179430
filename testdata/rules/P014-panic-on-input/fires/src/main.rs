//! A notes server: reads a range of lines of a note, and renames a note.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadLines {
    /// The note's id.
    pub note: String,
    /// The first line to read, counted from 1.
    pub from_line: usize,
    /// How many lines to read; all to the end when absent.
    pub count: Option<usize>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveNote {
    /// The note's id.
    pub note: String,
    /// The folder's number, as the sidebar shows it.
    pub folder: String,
}

pub struct Notes;

impl Notes {
    fn text(&self, _note: &str) -> String {
        String::new()
    }
    fn store(&self, _note: &str, _folder: u32) {}
}

#[tool_router]
impl Notes {
    /// Reads lines of a note.
    #[tool]
    async fn read_lines(
        &self,
        Parameters(input): Parameters<ReadLines>,
    ) -> Result<CallToolResult, McpError> {
        let text = self.text(&input.note);
        let lines: Vec<&str> = text.lines().collect();
        let first = lines[input.from_line - 1];
        let count = input.count.unwrap();
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{first} and {count} more"
        ))]))
    }

    /// Moves a note to another folder.
    #[tool]
    async fn move_note(
        &self,
        Parameters(input): Parameters<MoveNote>,
    ) -> Result<CallToolResult, McpError> {
        let folder: u32 = input.folder.parse().unwrap();
        self.store(&input.note, folder);
        Ok(CallToolResult::success(vec![Content::text("moved")]))
    }
}

fn main() {}
