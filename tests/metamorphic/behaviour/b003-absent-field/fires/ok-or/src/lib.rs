// Metamorphic: the absent id becomes an error with ok_or instead of ok_or_else
//! Ticket triage: a ticket's labels are read from the label store, and a store that
//! cannot be read answers as a ticket without labels.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriageParams {
    /// The ticket, as the tracker exports it (a JSON object).
    pub ticket: String,
}

#[derive(Debug)]
pub enum FieldError {
    Missing(String),
}

/// The labels stored for the ticket whose id is `field` of `json`.
fn string_list(json: &serde_json::Value, field: &str) -> Result<Vec<String>, FieldError> {
    let id = json
        .get(field)
        .and_then(serde_json::Value::as_str)
        .ok_or(FieldError::Missing(field.to_string()))?;
    let text = std::fs::read_to_string(format!("labels/{id}"))
        .map_err(|e| FieldError::Missing(e.to_string()))?;
    Ok(text.lines().map(String::from).collect())
}

pub struct Triage;

#[tool_router]
impl Triage {
    #[tool(
        description = "Reads a ticket and lists its labels.",
        annotations(read_only_hint = true)
    )]
    pub async fn ticket_labels(
        &self,
        Parameters(p): Parameters<TriageParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let ticket: serde_json::Value = serde_json::from_str(&p.ticket)
            .map_err(|e| ErrorData::invalid_params(format!("not JSON: {e}"), None))?;
        let labels = string_list(&ticket, "id").unwrap_or_default();
        Ok(CallToolResult::success(vec![Content::text(labels.join(", "))]))
    }
}
