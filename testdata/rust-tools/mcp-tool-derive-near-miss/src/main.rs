//! The same printer with a contract that says what the code does: the layouts are an
//! enum the derive hands to schemars, and the copies carry `#[param(min, max)]`.

use serde::Deserialize;
use turul_mcp_derive::McpTool;
use turul_mcp_server::prelude::*;

/// A label layout.
#[derive(Clone, Copy, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    #[default]
    Compact,
    Wide,
    Barcode,
}

/// Prints labels for a shelf.
#[derive(McpTool, Clone, Default)]
#[tool(
    name = "print_labels",
    description = "Prints shelf labels in a chosen layout",
    destructive = false
)]
pub struct PrintLabelsTool {
    #[param(description = "Shelf code, for example A-12")]
    pub shelf: String,

    #[param(description = "Label layout")]
    pub layout: Layout,

    #[param(description = "Copies to print (1-20)", min = 1.0, max = 20.0)]
    pub copies: u32,

    #[param(description = "Print a test page first", optional)]
    pub test_page: bool,
}

impl PrintLabelsTool {
    async fn execute(&self, _session: Option<SessionContext>) -> McpResult<String> {
        let width = match self.layout {
            Layout::Compact => 30,
            Layout::Wide => 60,
            Layout::Barcode => 45,
        };
        if self.copies == 0 || self.copies > 20 {
            return Err(McpError::tool_execution("copies must be from 1 to 20"));
        }
        let test = if self.test_page { " after a test page" } else { "" };
        Ok(format!("{} x{} at {width} mm{test}", self.shelf, self.copies))
    }
}
