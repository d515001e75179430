// Metamorphic: the failure is stored in notes the answer carries instead of being the answer
//! Print spool tools. When the spool cannot be read, the answer says so and carries the
//! reason: a "not found" that quotes the failure is the failure told, not an empty result.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobParams {
    /// Spool job number, as printed on the banner page.
    pub job: u32,
}

pub struct Spool {
    dir: std::path::PathBuf,
}

impl Spool {
    fn entry(&self, job: u32) -> std::io::Result<String> {
        std::fs::read_to_string(self.dir.join(format!("{job}.job")))
    }
}

#[tool_router]
impl Spool {
    #[tool(description = "Show the state of one print job.")]
    async fn job_status(
        &self,
        Parameters(params): Parameters<JobParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut notes = Vec::new();
        let entry = match self.entry(params.job) {
            Ok(text) => text,
            Err(e) => {
                notes.push(format!("Job not found: {e}"));
                String::new()
            }
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{entry}{}",
            notes.join("\n")
        ))]))
    }
}
