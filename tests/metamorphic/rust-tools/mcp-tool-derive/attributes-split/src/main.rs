// Metamorphic: the tool attribute split in two and fields reordered
//! A label printer as turul-mcp-framework tools: `#[derive(McpTool)]` publishes each
//! struct's fields as the input, described by `#[param(..)]`; `execute` runs the tool.

use turul_mcp_derive::McpTool;
use turul_mcp_server::prelude::*;

/// Prints labels for a shelf.
#[derive(McpTool, Clone, Default)]
#[tool(name = "print_labels", destructive = false)]
#[tool(description = "Prints shelf labels in a chosen layout")]
pub struct PrintLabelsTool {
    /// The shelf code (this doc comment is not published).
    #[param(description = "Shelf code, for example A-12")]
    pub shelf: String,

    #[param(description = "Copies to print (1-20)")]
    pub copies: u32,

    #[param(description = "Layout: compact, wide, barcode")]
    pub layout: String,
}

impl PrintLabelsTool {
    async fn execute(&self, _session: Option<SessionContext>) -> McpResult<String> {
        let width = match self.layout.as_str() {
            "compact" => 30,
            "wide" => 60,
            "barcode" => 45,
            _ => {
                return Err(McpError::tool_execution(&format!(
                    "unknown layout: {}",
                    self.layout
                )));
            }
        };
        if self.copies == 0 || self.copies > 20 {
            return Err(McpError::tool_execution("copies must be from 1 to 20"));
        }
        Ok(format!("{} x{} at {width} mm", self.shelf, self.copies))
    }
}
