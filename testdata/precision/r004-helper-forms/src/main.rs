//! A field read through a hand-written deserializer that takes more than its schema says:
//! `packages` is published as an array of strings (schemars reads the field's type), but
//! `lenient::names` also takes a bare string as a one-element list. A client that validates
//! against the schema refuses `"packages": "serde"`, which the server would have accepted,
//! and no agent is told that form exists.

mod lenient;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddInput {
    /// Names of the packages to add to the manifest.
    #[serde(deserialize_with = "lenient::names")]
    pub packages: Vec<String>,
}

pub struct Manifest;

#[tool_router]
impl Manifest {
    #[tool(description = "Adds packages to the project's manifest.")]
    async fn add_packages(
        &self,
        Parameters(input): Parameters<AddInput>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!(
            "added {}",
            input.packages.join(", ")
        ))]))
    }
}

fn main() {}
