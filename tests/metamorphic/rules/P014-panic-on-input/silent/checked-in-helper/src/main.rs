// Metamorphic: the line number checked by a helper the handler hands it to first; the title tested with `&&`
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
    pub folder: u32,
    /// The note's new title, when it changes.
    pub title: Option<String>,
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
        if let Err(e) = within(input.from_line, lines.len()) {
            return Ok(CallToolResult::error(vec![Content::text(e)]));
        }
        let first = lines[input.from_line - 1];
        let count = input.count.unwrap_or(lines.len());
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{first} and {count} more"
        ))]))
    }

    /// Moves a note to another folder, and renames it when a title is given.
    #[tool]
    async fn move_note(
        &self,
        Parameters(input): Parameters<MoveNote>,
    ) -> Result<CallToolResult, McpError> {
        self.store(&input.note, input.folder);
        if input.title.is_some() && !input.title.as_deref().unwrap().is_empty() {
            let title = input.title.as_deref().unwrap_or_default();
            return Ok(CallToolResult::success(vec![Content::text(format!(
                "moved and renamed to {title}"
            ))]));
        }
        Ok(CallToolResult::success(vec![Content::text("moved")]))
    }
}

/// Whether a line number counted from 1 is one of `len` lines.
fn within(line: usize, len: usize) -> Result<(), String> {
    if line == 0 || line > len {
        return Err(format!("line {line} is not one of the note's {len} lines"));
    }
    Ok(())
}

fn main() {}
