// Metamorphic: the two fields read inside `format!` instead of a helper's arguments.
//! A code-review server. `get_pull_request_diff` takes the shared pull-request input, so its
//! schema offers `page` and `page_len`, but the handler passes only the repository and the
//! number on: a page an agent asks for is ignored and the whole diff comes back. `add_step`
//! publishes `step_type` and always stores an implementation step; the input is handed to a
//! helper whole, and neither reads the field.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::ErrorData;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PullRequestInput {
    /// Repository, as owner/name.
    pub repo: String,
    /// Pull request number.
    pub number: u64,
    /// Page of results, from 1.
    pub page: Option<u32>,
    /// Results per page.
    pub page_len: Option<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddStepInput {
    /// The plan to add the step to.
    pub plan_id: String,
    /// What the step does.
    pub title: String,
    /// Kind of step, as the planner names it.
    pub step_type: Option<String>,
}

pub struct Review {
    steps: std::sync::Mutex<Vec<(String, String, &'static str)>>,
}

fn fetch_diff(repo: &str, number: u64) -> Result<String, ErrorData> {
    Ok(format!("diff of {repo}#{number}"))
}

/// The step as stored: every step is an implementation step.
fn new_step(input: &AddStepInput) -> (String, String, &'static str) {
    (input.plan_id.clone(), input.title.clone(), "implementation")
}

#[tool_router]
impl Review {
    #[tool(description = "Raw unified diff of a pull request.")]
    async fn get_pull_request_diff(
        &self,
        Parameters(p): Parameters<PullRequestInput>,
    ) -> Result<String, ErrorData> {
        Ok(format!("diff of {}#{}", p.repo, p.number))
    }

    #[tool(description = "Adds a step to a plan.")]
    async fn add_step(&self, Parameters(input): Parameters<AddStepInput>) -> Result<String, ErrorData> {
        let step = new_step(&input);
        let title = step.1.clone();
        self.steps.lock().unwrap().push(step);
        Ok(format!("added {title}"))
    }
}

fn main() {}
