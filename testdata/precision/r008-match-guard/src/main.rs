//! A job queue server (rmcp). Waiting starts after a job id: the schema publishes ids from
//! 0 ("0 waits for the first job"), yet the code takes only positive ids. The check is a
//! `match` whose guarded arm takes the id and whose next arm refuses every other one.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaitInput {
    /// The queue to wait on.
    pub queue: String,
    /// Return the first job after this id (0 waits for the first job ever queued).
    #[schemars(range(min = 0))]
    pub after_id: Option<i64>,
}

pub struct Queue {
    jobs: Vec<(String, i64, String)>,
}

fn refuse(message: &str) -> ErrorData {
    ErrorData::invalid_params(message.to_string(), None)
}

impl Queue {
    fn last_id(&self, queue: &str) -> i64 {
        self.jobs
            .iter()
            .filter(|(q, _, _)| q == queue)
            .map(|(_, id, _)| *id)
            .max()
            .unwrap_or(0)
    }
}

#[tool_router]
impl Queue {
    #[tool(description = "Returns the next job of a queue after the given id.")]
    async fn queue_next(
        &self,
        Parameters(input): Parameters<WaitInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let after = match input.after_id {
            Some(id) if id > 0 => id,
            Some(_) => return Err(refuse("after_id must be a positive job id")),
            None => self.last_id(&input.queue),
        };
        let next = self
            .jobs
            .iter()
            .find(|(q, id, _)| *q == input.queue && *id > after)
            .map(|(_, _, body)| body.clone());
        Ok(CallToolResult::success(vec![Content::text(
            next.unwrap_or_default(),
        )]))
    }
}

fn main() {}
