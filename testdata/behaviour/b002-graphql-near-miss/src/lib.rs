//! Tools over a GraphQL API. The read-only tools send queries, the write tool a mutation
//! after its checks: the POST every request travels by is not itself a write.

mod client;

use client::{Client, CREATE_PROJECT, LIST_PROJECTS};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListProjectsParams {
    /// How many projects to list, 1 to 50.
    #[schemars(range(min = 1, max = 50))]
    pub first: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateProjectParams {
    /// The project's name, 1 to 80 characters.
    #[schemars(length(min = 1, max = 80))]
    pub name: String,
}

pub struct Tracker {
    client: Client,
    base_url: String,
}

#[tool_router]
impl Tracker {
    #[tool(
        description = "Lists the tracker's projects, newest first.",
        annotations(read_only_hint = true)
    )]
    async fn list_projects(
        &self,
        Parameters(p): Parameters<ListProjectsParams>,
    ) -> Result<CallToolResult, ErrorData> {
        if p.first == 0 || p.first > 50 {
            return Err(ErrorData::invalid_params("first must be from 1 through 50", None));
        }
        let body = self
            .client
            .execute(LIST_PROJECTS, serde_json::json!({ "first": p.first }))
            .await
            .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(body)]))
    }

    #[tool(
        description = "Counts the tracker's projects, looking at most at the first ones.",
        annotations(read_only_hint = true)
    )]
    async fn count_projects(
        &self,
        Parameters(p): Parameters<ListProjectsParams>,
    ) -> Result<CallToolResult, ErrorData> {
        if p.first == 0 || p.first > 50 {
            return Err(ErrorData::invalid_params("first must be from 1 through 50", None));
        }
        let body = self
            .client
            .execute_at(&self.base_url, LIST_PROJECTS)
            .await
            .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(body)]))
    }

    #[tool(
        description = "Creates a project. The name must be 1 to 80 characters long.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn create_project(
        &self,
        Parameters(p): Parameters<CreateProjectParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let existing = self
            .client
            .execute(LIST_PROJECTS, serde_json::json!({ "first": 50 }))
            .await
            .map_err(|e| ErrorData::internal_error(e, None))?;
        if p.name.is_empty() || p.name.chars().count() > 80 {
            return Err(ErrorData::invalid_params("name must be 1 to 80 characters long", None));
        }
        if existing.contains(&format!("\"name\":\"{}\"", p.name)) {
            return Err(ErrorData::invalid_params("a project of that name exists", None));
        }
        let body = self
            .client
            .execute(CREATE_PROJECT, serde_json::json!({ "name": p.name }))
            .await
            .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(body)]))
    }
}
