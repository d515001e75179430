// Metamorphic: the test written as `matches!(.., Some(0))`
//! The MCP tools. rmcp publishes the schema schemars derives from each argument type.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

const DEFAULT_BATCH: u32 = 500;

/// Arguments of `importRows`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportRows {
    /// Table to append to.
    pub table: String,
    /// Rows per insert statement (default 500).
    pub batch_size: Option<u32>,
}

#[derive(Default)]
pub struct Importer;

#[tool_router]
impl Importer {
    #[tool(
        name = "importRows",
        description = "Appends the staged CSV rows to a table, in batches.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn import_rows(
        &self,
        Parameters(input): Parameters<ImportRows>,
    ) -> Result<CallToolResult, ErrorData> {
        if matches!(input.batch_size, Some(0)) {
            return Err(ErrorData::invalid_params("batch_size must be greater than zero", None));
        }
        let batch = input.batch_size.unwrap_or(DEFAULT_BATCH);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "importing into {} in batches of {batch}",
            input.table
        ))]))
    }
}

pub fn serve() {
    let _ = Importer;
}
