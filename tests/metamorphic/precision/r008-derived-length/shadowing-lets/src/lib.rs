// Metamorphic: each step a new `let` of the same name instead of an assignment.
//! Labels on an issue board. A label is 2 to 40 characters. `create_label` checks the
//! name it is given; `attach_label` accepts a name written with its team in front
//! (`infra:flaky-test`), strips the team and checks only what is left, so the name it is
//! sent may be longer than 40 characters.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateLabelParams {
    /// The label's name.
    pub name: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttachLabelParams {
    /// The issue to label.
    pub issue: u64,
    /// The label's name, perhaps with its team in front (`infra:flaky-test`).
    pub label: String,
}

fn check_label(name: &str) -> Result<(), ErrorData> {
    if name.len() < 2 || name.len() > 40 {
        return Err(ErrorData::invalid_params(
            "a label is 2 to 40 characters",
            None,
        ));
    }
    Ok(())
}

/// The label without its team.
fn bare_label(raw: &str) -> Result<String, ErrorData> {
    let label = raw.to_ascii_lowercase();
    let label = match label.find(':') {
        Some(at) => label[at + 1..].to_string(),
        None => label,
    };
    let label = label.trim_matches('-').to_string();
    check_label(&label)?;
    Ok(label)
}

pub struct Board;

#[tool_router]
impl Board {
    #[tool(description = "Creates a label.")]
    pub async fn create_label(
        &self,
        Parameters(p): Parameters<CreateLabelParams>,
    ) -> Result<CallToolResult, ErrorData> {
        check_label(&p.name)?;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "created `{}`",
            p.name
        ))]))
    }

    #[tool(description = "Attaches a label to an issue.")]
    pub async fn attach_label(
        &self,
        Parameters(p): Parameters<AttachLabelParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let label = bare_label(&p.label)?;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "issue {} labelled `{label}`",
            p.issue
        ))]))
    }
}
