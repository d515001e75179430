//! Ticket tools whose string arguments are open on purpose: the code takes any value, or
//! what it does with unknown ones is decided elsewhere.

use crate::units::check_unit;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct FileTicket {
    /// Kind of ticket; any text, shown as a label.
    pub kind: String,
    /// Where the ticket comes from: `local`, or the name of a remote tracker.
    pub source: String,
    /// Layout of the confirmation: `short`, or `template:<name>`.
    pub layout: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenderTicket {
    /// Title of the ticket.
    pub title: String,
    /// Theme name, looked up in the theme registry.
    pub theme: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct LabelDesk {
    /// Text of the label.
    pub text: String,
    /// Unit printed on the label; any text.
    pub unit: String,
}

pub enum Source {
    Local,
    Remote(String),
}

#[derive(Default)]
pub struct TicketServer;

#[tool_router]
impl TicketServer {
    /// Files a ticket.
    #[tool(name = "file_ticket", annotations(read_only_hint = false))]
    async fn file_ticket(
        &self,
        Parameters(input): Parameters<FileTicket>,
    ) -> Result<CallToolResult, ErrorData> {
        // A label: unknown kinds are shown as "Other", nothing else changes.
        let label = match input.kind.as_str() {
            "bug" => "Bug",
            "idea" => "Idea",
            _ => "Other",
        };
        // Every other value is a tracker's name, passed on.
        let source = match input.source.as_str() {
            "local" => Source::Local,
            other => Source::Remote(other.to_string()),
        };
        // A guarded arm takes values no literal names.
        let layout = match input.layout.as_str() {
            "short" => String::from("short"),
            t if t.starts_with("template:") => t.to_string(),
            _ => return Err(ErrorData::invalid_params("unknown layout", None)),
        };
        let from = match source {
            Source::Local => "here".to_string(),
            Source::Remote(name) => name,
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{label} from {from} ({layout})"
        ))]))
    }

    /// Renders a ticket with a theme.
    #[tool(name = "render_ticket", annotations(read_only_hint = true))]
    async fn render_ticket(
        &self,
        Parameters(input): Parameters<RenderTicket>,
    ) -> Result<CallToolResult, ErrorData> {
        // Built-in themes, else whatever the registry says of the name.
        let css = match input.theme.as_str() {
            "light" => "body{}".to_string(),
            "dark" => "body{background:#000}".to_string(),
            other => return styles_registry::lookup(other).map_err(|e| ErrorData::invalid_params(e.to_string(), None)),
        };
        Ok(CallToolResult::success(vec![Content::text(format!("{css}{}", input.title))]))
    }

    /// Prints a desk label; its unit is free text.
    #[tool(name = "label_desk", annotations(read_only_hint = false))]
    async fn label_desk(
        &self,
        Parameters(input): Parameters<LabelDesk>,
    ) -> Result<CallToolResult, ErrorData> {
        check_unit("mm")?;
        Ok(CallToolResult::success(vec![Content::text(format!("{} {}", input.text, input.unit))]))
    }
}

pub fn serve() {
    let _server = TicketServer;
}
