//! The MCP tool's input: closed, with one optional field.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IngestRequest {
    /// What to remember.
    pub content: String,
    /// Wing of the memory palace to file it in.
    pub wing: String,
    /// Room within the wing; routed automatically when left out.
    pub room: Option<String>,
}
