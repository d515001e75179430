// Metamorphic: the request's checks are made in the handler, not in a validator
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateFlagsInput {
    /// Stable message identifiers to change.
    pub message_ids: Vec<String>,
    /// Flag mutation mode.
    pub operation: String,
    /// Standard IMAP system flags or server-defined keywords.
    pub flags: Vec<String>,
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

#[derive(Default)]
pub struct MailServer;

#[tool_router]
impl MailServer {
    /// Adds, removes or replaces flags on messages.
    #[tool(name = "update_flags", annotations(read_only_hint = false))]
    async fn update_flags(
        &self,
        Parameters(input): Parameters<UpdateFlagsInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let request = FlagRequest {
            ids: input.message_ids.clone(),
            operation: input.operation.clone(),
            flags: input.flags.clone(),
        };
        if request.flags.is_empty() {
            return Err(invalid("flags must contain at least one entry".to_string()));
        }
        match request.operation.as_str() {
            "add" | "remove" | "replace" => {}
            other => return Err(invalid(format!("unknown operation '{other}'"))),
        }
        let text = format!("{} messages updated", request.ids.len());
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _server = MailServer;
}
