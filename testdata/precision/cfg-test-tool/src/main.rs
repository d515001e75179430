//! Bookmark tools. The test module declares a tool of its own to exercise the dispatcher;
//! it is built only for `cargo test` and never listed by the server.

use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::Deserialize;

#[mcp_tool(name = "add_bookmark", description = "Saves a link under a title.")]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddBookmark {
    /// Address to save.
    pub url: String,
    /// Title shown in the list.
    pub title: String,
}

fn main() {
    let _ = AddBookmark::tool_name();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[mcp_tool(name = "probe", description = "Test-only tool.")]
    #[derive(Debug, Deserialize, JsonSchema)]
    struct Probe {
        value: String,
    }

    #[test]
    fn the_probe_has_a_name() {
        assert_eq!(Probe::tool_name(), "probe");
    }
}
