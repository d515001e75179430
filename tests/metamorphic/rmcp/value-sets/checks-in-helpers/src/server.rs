// Metamorphic: every check moved into a helper function the handler calls
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
const SCOPES: &[&str] = &["all", "read"];

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

fn export_as(notes: &Notes, format: &str) -> Result<String, ErrorData> {
    match format {
        "markdown" | "md" => Ok(notes.export_markdown()),
        "json" => Ok(notes.export_json()),
        other => Err(invalid(format!("unknown format `{other}`"))),
    }
}

fn order_of(order: Option<&str>) -> Order {
    match order.unwrap_or("newest").to_lowercase().as_str() {
        "newest" => Order::Newest,
        "oldest" => Order::Oldest,
        _ => Order::Newest,
    }
}

fn check_colour(colour: &str) -> Result<(), CallToolResult> {
    if !matches!(colour, "red" | "green" | "blue") {
        return Err(CallToolResult::error(vec![Content::text(
            "colour must be red, green or blue",
        )]));
    }
    Ok(())
}

fn check_scope(scope: &str) -> Result<(), ErrorData> {
    if !SCOPES.contains(&scope) {
        return Err(invalid(format!("unknown scope `{scope}`")));
    }
    Ok(())
}

fn style_of(text: &str) -> Result<Style, ErrorData> {
    let style = text.parse::<Style>().map_err(invalid)?;
    Ok(style)
}

#[tool_router]
impl NotesServer {
    /// Exports every note.
    #[tool(name = "export_notes", annotations(read_only_hint = true))]
    async fn export_notes(
        &self,
        Parameters(input): Parameters<ExportNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let notes = self.notes.lock().unwrap();
        let text = export_as(&notes, &input.format)?;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Lists the titles of the notes.
    #[tool(name = "list_notes", annotations(read_only_hint = true))]
    async fn list_notes(
        &self,
        Parameters(input): Parameters<ListNotes>,
    ) -> Result<CallToolResult, ErrorData> {
        let order = order_of(input.order.as_deref());
        let titles = self.notes.lock().unwrap().titles(order);
        Ok(CallToolResult::success(vec![Content::text(titles.join("\n"))]))
    }

    /// Tags a note with a coloured label.
    #[tool(name = "tag_note", annotations(read_only_hint = false))]
    async fn tag_note(
        &self,
        Parameters(input): Parameters<TagNote>,
    ) -> Result<CallToolResult, ErrorData> {
        if let Err(refusal) = check_colour(&input.colour) {
            return Ok(refusal);
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
        check_scope(&input.scope)?;
        let n = self.notes.lock().unwrap().archive(&input.scope);
        Ok(CallToolResult::success(vec![Content::text(format!("{n} archived"))]))
    }

    /// Renders one note.
    #[tool(name = "render_note", annotations(read_only_hint = true))]
    async fn render_note(
        &self,
        Parameters(input): Parameters<RenderNote>,
    ) -> Result<CallToolResult, ErrorData> {
        let style = style_of(&input.style)?;
        let text = match style {
            Style::Plain => input.title.clone(),
            Style::Rich => format!("**{}**", input.title),
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _server = NotesServer::default();
}
