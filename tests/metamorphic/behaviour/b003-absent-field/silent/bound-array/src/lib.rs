// Metamorphic: the looked-up array is bound to a local before it is read
//! Ticket triage: a ticket arrives as JSON and its optional `labels` array is read with a
//! helper whose only failure is that the field is not there. A ticket without labels has
//! none: the empty list is the answer, not a failure hidden.

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

/// The strings of array `field` of `json`.
fn string_list(json: &serde_json::Value, field: &str) -> Result<Vec<String>, FieldError> {
    let items = json
        .get(field)
        .and_then(|v| v.as_array())
        .ok_or_else(|| FieldError::Missing(field.to_string()))?;
    Ok(items
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect())
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
        let labels = string_list(&ticket, "labels").unwrap_or_default();
        Ok(CallToolResult::success(vec![Content::text(labels.join(", "))]))
    }
}
