// Metamorphic: the flags bound to a local and put in the request by field shorthand.
//! A mail tool that sets flags on messages. The handler turns the input into a request (a
//! helper builds the struct from the input's fields and returns it) and validates the
//! request, not the input: `request.flags` is the input's `flags`. The schema publishes
//! 1 to 32 flags; the validator rejects an empty list but never a long one, so a call with
//! 100 flags is accepted although the schema promised it would not be (R009 on `maxItems`).
//! The lower bound is enforced through the request and is not reported.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateFlagsInput {
    /// Messages to update.
    pub message_ids: Vec<String>,
    /// Whether to add the flags or remove them.
    pub add: bool,
    /// IMAP flags or keywords to set.
    #[schemars(length(min = 1, max = 32))]
    pub flags: Vec<String>,
}

pub enum Operation {
    Add,
    Remove,
}

pub struct FlagRequest {
    pub operation: Operation,
    pub flags: Vec<String>,
}

fn invalid(message: &str) -> ErrorData {
    ErrorData::invalid_params(message.to_string(), None)
}

fn build_request(input: &UpdateFlagsInput) -> Result<FlagRequest, ErrorData> {
    let operation = if input.add {
        Operation::Add
    } else {
        Operation::Remove
    };
    let flags = input.flags.clone();
    Ok(FlagRequest { operation, flags })
}

fn validate_request(request: &FlagRequest) -> Result<(), ErrorData> {
    if request.flags.is_empty() {
        return Err(invalid("flags must hold at least one flag"));
    }
    Ok(())
}

pub struct Mail;

#[tool_router]
impl Mail {
    #[tool(description = "Adds flags to the given messages, or removes them.")]
    async fn update_flags(
        &self,
        Parameters(input): Parameters<UpdateFlagsInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let request = build_request(&input)?;
        validate_request(&request)?;
        let verb = match request.operation {
            Operation::Add => "+FLAGS",
            Operation::Remove => "-FLAGS",
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{verb} ({}) on {} messages",
            request.flags.join(" "),
            input.message_ids.len()
        ))]))
    }
}

fn main() {}
