//! A print queue. The field doc of `action` lists three actions, but the code also serves
//! `purge`: the prose list is an incomplete one, and an `enum` made from it would refuse a
//! call the code answers. No values finding: the list is not the set of values.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueueParams {
    /// One of: list, pause, resume.
    pub action: String,
}

pub struct Queue {
    jobs: Mutex<Vec<String>>,
    paused: Mutex<bool>,
}

#[tool_router]
impl Queue {
    #[tool(description = "Lists, pauses, resumes or purges the print queue.")]
    pub async fn queue(
        &self,
        Parameters(p): Parameters<QueueParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let text = match p.action.as_str() {
            "list" => self.jobs.lock().unwrap().join("\n"),
            "pause" => {
                *self.paused.lock().unwrap() = true;
                "paused".to_string()
            }
            "resume" => {
                *self.paused.lock().unwrap() = false;
                "resumed".to_string()
            }
            "purge" => {
                self.jobs.lock().unwrap().clear();
                "purged".to_string()
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown action `{other}`"),
                    None,
                ));
            }
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
