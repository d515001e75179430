//! The near misses of r004-helper-forms. `names` refuses a bare string, so `packages` takes
//! only the array its schema publishes; `registry` reads an optional string as a string (it
//! matches no JSON forms, so none is claimed); `features` takes a string or a list, and its
//! `schema_with` publishes both.

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
    /// Registry to add them from; the default registry when empty or absent.
    #[serde(default, deserialize_with = "lenient::registry")]
    pub registry: Option<String>,
    /// Features to enable, as a list or as one comma-separated string.
    #[serde(default, deserialize_with = "lenient::features")]
    #[schemars(schema_with = "lenient::features_schema")]
    pub features: Vec<String>,
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
            "added {} from {} with [{}]",
            input.packages.join(", "),
            input.registry.as_deref().unwrap_or("the default registry"),
            input.features.join(", ")
        ))]))
    }
}

fn main() {}
