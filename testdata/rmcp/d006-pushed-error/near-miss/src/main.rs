//! The same calculator where a proposal type other than the two the prose names is served on
//! purpose: the check leaves with the tally of a custom rule, a result of its own, so the two
//! are the usual values, not the only ones.

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
        return custom_rule(turnout, yes_votes, proposal_type);
    }
    if !errors.is_empty() {
        return Verdict { passes: false, errors };
    }
    let share = if turnout == 0 { 0.0 } else { f64::from(yes_votes) / f64::from(turnout) };
    let passes = if proposal_type == "amendment" { share >= 2.0 / 3.0 } else { share > 0.5 };
    Verdict { passes, errors }
}

/// A proposal type of the assembly's own standing orders: passes on a plain majority.
fn custom_rule(turnout: u32, yes_votes: u32, proposal_type: &str) -> Verdict {
    let passes = yes_votes * 2 > turnout && !proposal_type.is_empty();
    Verdict { passes, errors: Vec::new() }
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
