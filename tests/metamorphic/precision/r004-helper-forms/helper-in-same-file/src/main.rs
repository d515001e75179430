// Metamorphic: the helper defined in the input type's own file.
//! A field read through a hand-written deserializer that takes more than its schema says:
//! `packages` is published as an array of strings (schemars reads the field's type), but
//! `lenient::names` also takes a bare string as a one-element list. A client that validates
//! against the schema refuses `"packages": "serde"`, which the server would have accepted,
//! and no agent is told that form exists.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddInput {
    /// Names of the packages to add to the manifest.
    #[serde(deserialize_with = "names")]
    pub packages: Vec<String>,
}

/// A list of names, or one name on its own.
pub fn names<'de, D>(deserializer: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let value = Value::deserialize(deserializer)?;
    match value {
        Value::String(s) => Ok(vec![s]),
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                _ => Err(serde::de::Error::custom("expected a name")),
            })
            .collect(),
        _ => Err(serde::de::Error::custom("expected a name or a list of names")),
    }
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
