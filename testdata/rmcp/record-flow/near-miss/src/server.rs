use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkSeenInput {
    /// Stable message identifiers to mark as seen.
    pub message_ids: Vec<String>,
    /// A note kept in the audit log.
    pub note: String,
}

/// What the mailbox layer is asked to do.
pub struct FlagRequest {
    pub ids: Vec<String>,
    pub operation: String,
    pub flags: Vec<String>,
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

fn default_flags() -> Vec<String> {
    vec!["\\Seen".to_string()]
}

fn validate(request: &FlagRequest) -> Result<(), ErrorData> {
    if request.flags.is_empty() {
        return Err(invalid("flags must contain at least one entry".to_string()));
    }
    match request.operation.as_str() {
        "add" | "remove" | "replace" => Ok(()),
        other => Err(invalid(format!("unknown operation '{other}'"))),
    }
}

#[derive(Default)]
pub struct MailServer;

#[tool_router]
impl MailServer {
    /// Marks messages as seen.
    #[tool(name = "mark_seen", annotations(read_only_hint = false))]
    async fn mark_seen(
        &self,
        Parameters(input): Parameters<MarkSeenInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let request = FlagRequest {
            ids: input.message_ids.clone(),
            operation: "add".to_string(),
            flags: default_flags(),
        };
        validate(&request)?;
        let text = format!("{} messages marked seen ({})", request.ids.len(), input.note);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _server = MailServer;
}
