//! A job board over rmcp. Both read-only tools tidy the job table first. `job_status`
//! drops the jobs finished longer ago than the retention window: an expiry a later call
//! would find all the same, not the tool's doing. `list_jobs` drops every failed job, which
//! a later call would still have listed: a write behind a read-only promise.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::sync::RwLock;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobArgs {
    /// The job's id.
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListArgs {}

pub struct Job {
    failed: bool,
    finished_at: Option<Instant>,
}

pub struct Board {
    jobs: RwLock<HashMap<String, Job>>,
    retention: Duration,
}

#[tool_router]
impl Board {
    #[tool(description = "Tells whether a job has finished.", annotations(read_only_hint = true))]
    async fn job_status(&self, Parameters(args): Parameters<JobArgs>) -> Result<CallToolResult, ErrorData> {
        let now = Instant::now();
        let mut jobs = self.jobs.write().await;
        jobs.retain(|_, job| {
            job.finished_at
                .is_none_or(|at| now.saturating_duration_since(at) < self.retention)
        });
        let text = match jobs.get(&args.id) {
            Some(job) if job.finished_at.is_some() => "finished",
            Some(_) => "running",
            None => "unknown job",
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    #[tool(description = "Lists the jobs on the board.", annotations(read_only_hint = true))]
    async fn list_jobs(&self, Parameters(_args): Parameters<ListArgs>) -> Result<CallToolResult, ErrorData> {
        let mut jobs = self.jobs.write().await;
        jobs.retain(|_, job| !job.failed);
        let ids: Vec<&String> = jobs.keys().collect();
        Ok(CallToolResult::success(vec![Content::text(format!("{ids:?}"))]))
    }
}

fn main() {}
