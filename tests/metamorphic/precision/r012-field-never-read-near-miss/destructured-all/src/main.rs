// Metamorphic: `get_pull_request_diff` takes its input apart in the parameter's pattern, naming every field.
//! The same server, correct or out of reach. `get_pull_request_diff` reads every field, one
//! of them only inside `format!`; `add_step` reads `step_type` in a helper it hands the
//! input to; `list_comments` hands its input to a method of the input's own type, and
//! `search` prints the input with `{:?}`, so what they read of it is not known here; and
//! `get_commit` takes its input apart, naming every field.

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

impl PullRequestInput {
    fn query(&self) -> String {
        format!("{}/{}?page={:?}&pagelen={:?}", self.repo, self.number, self.page, self.page_len)
    }
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

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CommitInput {
    /// Repository, as owner/name.
    pub repo: String,
    /// Commit hash.
    pub sha: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchInput {
    /// Words to look for.
    pub query: String,
    /// Repository to search in.
    pub repo: Option<String>,
}

pub struct Review {
    steps: std::sync::Mutex<Vec<(String, String, String)>>,
}

fn fetch(url: &str) -> Result<String, ErrorData> {
    Ok(url.to_string())
}

fn new_step(input: &AddStepInput) -> (String, String, String) {
    let kind = input.step_type.clone().unwrap_or_else(|| "implementation".to_string());
    (input.plan_id.clone(), input.title.clone(), kind)
}

#[tool_router]
impl Review {
    #[tool(description = "Raw unified diff of a pull request.")]
    async fn get_pull_request_diff(
        &self,
        Parameters(PullRequestInput { repo, number, page, page_len }): Parameters<PullRequestInput>,
    ) -> Result<String, ErrorData> {
        let page = page.unwrap_or(1);
        fetch(&format!("{repo}/{number}/diff?page={page}&pagelen={page_len:?}"))
    }

    #[tool(description = "Adds a step to a plan.")]
    async fn add_step(&self, Parameters(input): Parameters<AddStepInput>) -> Result<String, ErrorData> {
        let step = new_step(&input);
        let title = step.1.clone();
        self.steps.lock().unwrap().push(step);
        Ok(format!("added {title}"))
    }

    #[tool(description = "Comments of a pull request.")]
    async fn list_comments(
        &self,
        Parameters(p): Parameters<PullRequestInput>,
    ) -> Result<String, ErrorData> {
        fetch(&p.query())
    }

    #[tool(description = "Searches code.")]
    async fn search(&self, Parameters(s): Parameters<SearchInput>) -> Result<String, ErrorData> {
        fetch(&format!("search {s:?}"))
    }

    #[tool(description = "One commit.")]
    async fn get_commit(
        &self,
        Parameters(CommitInput { repo, sha }): Parameters<CommitInput>,
    ) -> Result<String, ErrorData> {
        fetch(&format!("{repo}@{sha}"))
    }
}

fn main() {}
