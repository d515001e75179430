//! The near misses of r009-returned-record. `update_flags` validates the request a helper
//! builds from the input, and the request holds the input's `flags`: both bounds the schema
//! publishes (1 to 32 flags) are enforced there, so nothing is reported. `queue_flags` builds
//! the same request and stores it in a job run later: what the job checks of the flags is
//! not followed, so R009 holds its findings back (withheld, not reported).

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

pub struct Job {
    pub request: FlagRequest,
    pub message_count: usize,
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
    Ok(FlagRequest {
        operation,
        flags: input.flags.clone(),
    })
}

fn validate_request(request: &FlagRequest) -> Result<(), ErrorData> {
    if request.flags.is_empty() || request.flags.len() > 32 {
        return Err(invalid("flags must hold 1 to 32 flags"));
    }
    Ok(())
}

pub struct Mail {
    pub jobs: std::sync::Mutex<Vec<Job>>,
}

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

    #[tool(description = "Queues a flag update on the given messages, run in the background.")]
    async fn queue_flags(
        &self,
        Parameters(input): Parameters<UpdateFlagsInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let request = build_request(&input)?;
        let job = Job {
            request,
            message_count: input.message_ids.len(),
        };
        self.jobs.lock().unwrap().push(job);
        Ok(CallToolResult::success(vec![Content::text("queued".to_string())]))
    }
}

fn main() {}
