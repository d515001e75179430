// Metamorphic: the handed-back value bound to a local before it goes into the action.
//! A mail tool that moves or deletes messages. The destination mailbox is taken from the
//! input by a helper that hands it back, stored in the action the tool performs, and
//! checked there, one function further: contractlint does not follow a value into the
//! action it builds, so it cannot prove that nothing checks the destination's length and
//! R009 holds its findings back (counted as withheld, not reported).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    Move,
    Delete,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyInput {
    /// Messages to act on.
    pub message_ids: Vec<String>,
    /// What to do with them.
    pub action: ActionKind,
    /// Mailbox to move them to, for `move`.
    #[schemars(length(min = 1, max = 128))]
    pub destination: Option<String>,
}

pub enum Action {
    Move { destination: String },
    Delete,
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

fn required(value: Option<&String>, field: &str) -> Result<String, ErrorData> {
    match value {
        Some(value) => Ok(value.clone()),
        None => Err(invalid(format!("{field} is required for this action"))),
    }
}

fn build_action(input: &ApplyInput) -> Result<Action, ErrorData> {
    match input.action {
        ActionKind::Move => {
            let destination = required(input.destination.as_ref(), "destination")?;
            Ok(Action::Move { destination })
        }
        ActionKind::Delete => Ok(Action::Delete),
    }
}

fn check_mailbox(name: &str) -> Result<(), ErrorData> {
    if name.is_empty() || name.len() > 128 {
        return Err(invalid("a mailbox name is 1 to 128 characters".to_string()));
    }
    Ok(())
}

fn validate_action(action: &Action) -> Result<(), ErrorData> {
    match action {
        Action::Move { destination } => check_mailbox(destination),
        Action::Delete => Ok(()),
    }
}

pub struct Mail;

#[tool_router]
impl Mail {
    #[tool(description = "Moves the given messages to another mailbox, or deletes them.")]
    async fn apply_to_messages(
        &self,
        Parameters(input): Parameters<ApplyInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let action = build_action(&input)?;
        validate_action(&action)?;
        let done = match action {
            Action::Move { destination } => format!("moved to {destination}"),
            Action::Delete => "deleted".to_string(),
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} messages {done}",
            input.message_ids.len()
        ))]))
    }
}

fn main() {}
