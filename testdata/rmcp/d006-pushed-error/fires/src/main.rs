//! A voting calculator whose check gathers every problem of the input in a list before it
//! answers: a proposal type other than the two the prose names is one of those problems, so
//! the two are the only values, and the schema's free string lets any other through.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckVotingArgs {
    /// Number of people who voted.
    pub turnout: u32,
    /// Number of yes votes.
    pub yes_votes: u32,
    /// Type of proposal: 'general' or 'amendment'
    pub proposal_type: String,
}

pub struct Verdict {
    pub passes: bool,
    pub errors: Vec<String>,
}

fn check_voting(turnout: u32, yes_votes: u32, proposal_type: &str) -> Verdict {
    let mut errors = Vec::new();
    if yes_votes > turnout {
        errors.push("Yes votes cannot exceed turnout".to_string());
    }
    if !matches!(proposal_type, "general" | "amendment") {
        errors.push(format!("Invalid proposal type '{proposal_type}'"));
    }
    if !errors.is_empty() {
        return Verdict { passes: false, errors };
    }
    let share = if turnout == 0 { 0.0 } else { f64::from(yes_votes) / f64::from(turnout) };
    let passes = if proposal_type == "amendment" { share >= 2.0 / 3.0 } else { share > 0.5 };
    Verdict { passes, errors }
}

#[derive(Default)]
pub struct VotingServer;

#[tool_router]
impl VotingServer {
    /// Says whether a proposal passes.
    #[tool(name = "check_voting", annotations(read_only_hint = true))]
    async fn check_voting(
        &self,
        Parameters(args): Parameters<CheckVotingArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let verdict = check_voting(args.turnout, args.yes_votes, &args.proposal_type);
        let text = if verdict.errors.is_empty() {
            format!("passes: {}", verdict.passes)
        } else {
            verdict.errors.join("; ")
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

fn main() {
    let _server = VotingServer;
}
