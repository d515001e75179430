// Metamorphic: match arms, alternatives, list items and tools reordered
//! The MCP tools of a small note-taking server. Every string argument below is published as a
//! free string, while the handlers only know a few values for it.

use crate::notes::{Notes, Order};
use crate::style::Style;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

/// Scopes `archive_notes` knows.
const SCOPES: &[&str] = &["read", "all"];

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ExportNotes {
    /// Output format.
    pub format: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListNotes {
    /// Sort order of the titles.
    pub order: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TagNote {
    /// Title of the note to tag.
    pub title: String,
    /// Colour of the tag.
    pub colour: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ArchiveNotes {
    /// Which notes to archive.
    pub scope: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenderNote {
    /// Title of the note to render.
    pub title: String,
    /// Rendering style.
    pub style: String,
}

#[derive(Default)]
pub struct NotesServer {
    notes: Mutex<Notes>,
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

#[tool_router]
impl NotesServer {
    /// Renders one note.
    #[tool(name = "render_note", annotations(read_only_hint = true))]
    async fn render_note(
        &self,
        Parameters(input): Parameters<RenderNote>,
    ) -> Result<CallToolResult, ErrorData> {
        let style: Style = input.style.parse().map_err(invalid)?;
        let text = match style {
            Style::Plain => input.title.clone(),
            Style::Rich => format!("**{}**", input.title),
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
    /// Lists the titles of the notes.
    #[tool(name = "list_notes", annotations(read_only_hint = true))]
    async fn list_notes(
        &self,
        Parameters(input): Parameters<ListNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let order = match input.order.as_deref().unwrap_or("newest").to_lowercase().as_str() {
            "oldest" => Order::Oldest,
            "newest" => Order::Newest,
            _ => Order::Newest,
        };
        let titles = self.notes.lock().unwrap().titles(order);
        Ok(CallToolResult::success(vec![Content::text(titles.join("\n"))]))
    }

    /// Tags a note with a coloured label.
    #[tool(name = "tag_note", annotations(read_only_hint = false))]
    async fn tag_note(
        &self,
        Parameters(input): Parameters<TagNote>,
    ) -> Result<CallToolResult, ErrorData> {
        if !matches!(input.colour.as_str(), "blue" | "red" | "green") {
            return Ok(CallToolResult::error(vec![Content::text(
                "colour must be red, green or blue",
            )]));
        }
        self.notes.lock().unwrap().tag(&input.title, &input.colour);
        Ok(CallToolResult::success(vec![Content::text("tagged")]))
    }

    /// Archives notes.
    #[tool(name = "archive_notes", annotations(read_only_hint = false))]
    async fn archive_notes(
        &self,
        Parameters(input): Parameters<ArchiveNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        if !SCOPES.contains(&input.scope.as_str()) {
            return Err(invalid(format!("unknown scope `{}`", input.scope)));
        }
        let n = self.notes.lock().unwrap().archive(&input.scope);
        Ok(CallToolResult::success(vec![Content::text(format!("{n} archived"))]))
    }

    /// Exports every note.
    #[tool(name = "export_notes", annotations(read_only_hint = true))]
    async fn export_notes(
        &self,
        Parameters(input): Parameters<ExportNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let notes = self.notes.lock().unwrap();
        let text = match input.format.as_str() {
            "json" => notes.export_json(),
            "md" | "markdown" => notes.export_markdown(),
            other => return Err(invalid(format!("unknown format `{other}`"))),
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

}

pub fn serve() {
    let _server = NotesServer::default();
}
