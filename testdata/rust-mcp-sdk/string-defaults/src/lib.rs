//! An archive browser as a rust-mcp-sdk server. The SDK's `JsonSchema` derive publishes a
//! `json_schema(default = ..)` as the string written, whatever the field's type.

use rust_mcp_sdk::macros::{JsonSchema, mcp_tool};
use rust_mcp_sdk::schema::{CallToolResult, TextContent, schema_utils::CallToolError};
use serde::Deserialize;

#[mcp_tool(
    name = "listArchive",
    description = "Lists the entries of a zip archive.",
    read_only_hint = true,
    destructive_hint = false
)]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListArchiveTool {
    /// Path of the archive inside the workspace.
    pub archive: String,
    /// Smallest entry size in bytes to list (default to 1).
    #[json_schema(default = "1")]
    pub min_size: Option<u64>,
    /// Sort order of the entries, `name` or `size` (default: name).
    #[json_schema(default = "name")]
    pub sort: Option<String>,
}

impl ListArchiveTool {
    pub fn call_tool(&self, entries: &[(String, u64)]) -> Result<CallToolResult, CallToolError> {
        let min = self.min_size.unwrap_or(1);
        let mut listed: Vec<&(String, u64)> = entries.iter().filter(|e| e.1 >= min).collect();
        match self.sort.as_deref().unwrap_or("name") {
            "name" => listed.sort_by(|a, b| a.0.cmp(&b.0)),
            "size" => listed.sort_by_key(|e| e.1),
            other => {
                return Err(CallToolError::invalid_arguments(
                    "listArchive",
                    Some(format!("unknown sort order {other}: use name or size")),
                ));
            }
        }
        let text: Vec<String> = listed.iter().map(|e| format!("{} {}", e.0, e.1)).collect();
        Ok(CallToolResult::text_content(vec![TextContent::from(text.join("\n"))]))
    }
}
