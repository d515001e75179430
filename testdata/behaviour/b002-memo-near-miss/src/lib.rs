//! An MCP server answering from versioned schema stores. Where a version's store lives is
//! worked out once and remembered: a later call sees only the same answer, sooner, so
//! remembering it is no change a caller observes.

pub mod store;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};

/// Arguments of `storePath`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StorePath {
    /// The API version, for example `2024-06`.
    pub version: String,
}

#[derive(Default)]
pub struct Stores;

#[tool_router]
impl Stores {
    #[tool(
        name = "storePath",
        description = "Tells where the schema store of an API version is kept.",
        annotations(read_only_hint = true)
    )]
    async fn store_path(
        &self,
        Parameters(input): Parameters<StorePath>,
    ) -> Result<CallToolResult, ErrorData> {
        let path = store::resolve(&input.version)?;
        if path.is_empty() {
            return Err(ErrorData::invalid_params("no store for that version", None));
        }
        Ok(CallToolResult::success(vec![Content::text(path)]))
    }
}
