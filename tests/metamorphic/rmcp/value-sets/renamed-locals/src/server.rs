// Metamorphic: locals, the constant list and the error helper renamed
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
const ARCHIVE_SCOPES: &[&str] = &["all", "read"];

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

fn bad_request(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

#[tool_router]
impl NotesServer {
    /// Exports every note.
    #[tool(name = "export_notes", annotations(read_only_hint = true))]
    async fn export_notes(
        &self,
        Parameters(args): Parameters<ExportNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let notes = self.notes.lock().unwrap();
        let text = match args.format.as_str() {
            "markdown" | "md" => notes.export_markdown(),
            "json" => notes.export_json(),
            unknown => return Err(bad_request(format!("unknown format `{unknown}`"))),
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Lists the titles of the notes.
    #[tool(name = "list_notes", annotations(read_only_hint = true))]
    async fn list_notes(
        &self,
        Parameters(args): Parameters<ListNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let order = match args.order.as_deref().unwrap_or("newest").to_lowercase().as_str() {
            "newest" => Order::Newest,
            "oldest" => Order::Oldest,
            _ => Order::Newest,
        };
        let titles = self.notes.lock().unwrap().titles(order);
        Ok(CallToolResult::success(vec![Content::text(titles.join("\n"))]))
    }

    /// Tags a note with a coloured label.
    #[tool(name = "tag_note", annotations(read_only_hint = false))]
    async fn tag_note(
        &self,
        Parameters(args): Parameters<TagNote>,
    ) -> Result<CallToolResult, ErrorData> {
        if !matches!(args.colour.as_str(), "red" | "green" | "blue") {
            return Ok(CallToolResult::error(vec![Content::text(
                "colour must be red, green or blue",
            )]));
        }
        self.notes.lock().unwrap().tag(&args.title, &args.colour);
        Ok(CallToolResult::success(vec![Content::text("tagged")]))
    }

    /// Archives notes.
    #[tool(name = "archive_notes", annotations(read_only_hint = false))]
    async fn archive_notes(
        &self,
        Parameters(args): Parameters<ArchiveNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        if !ARCHIVE_SCOPES.contains(&args.scope.as_str()) {
            return Err(bad_request(format!("unknown scope `{}`", args.scope)));
        }
        let n = self.notes.lock().unwrap().archive(&args.scope);
        Ok(CallToolResult::success(vec![Content::text(format!("{n} archived"))]))
    }

    /// Renders one note.
    #[tool(name = "render_note", annotations(read_only_hint = true))]
    async fn render_note(
        &self,
        Parameters(args): Parameters<RenderNote>,
    ) -> Result<CallToolResult, ErrorData> {
        let style: Style = args.style.parse().map_err(bad_request)?;
        let text = match style {
            Style::Plain => args.title.clone(),
            Style::Rich => format!("**{}**", args.title),
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _server = NotesServer::default();
}
