// Metamorphic: the helper returns its matches instead of filling the caller's list.
//! A notebook search. Each notebook is read from disk; one that cannot be read counts as
//! having no matching note, and the matches found are collected through a helper that
//! fills the caller's list. An unreadable notebook reads as "no match" in the answer.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GrepParams {
    /// Text to look for.
    pub needle: String,
}

pub struct Notebooks {
    paths: Vec<std::path::PathBuf>,
}

fn collect_matches(path: &std::path::Path, needle: &str) -> Vec<String> {
    let lines: Vec<String> = match std::fs::read_to_string(path) {
        Ok(text) => text.lines().map(str::to_string).collect(),
        Err(_) => Vec::new(),
    };
    lines.into_iter().filter(|l| l.contains(needle)).collect()
}

#[tool_router]
impl Notebooks {
    #[tool(
        description = "Finds the notes that contain a piece of text, in every notebook.",
        annotations(read_only_hint = true)
    )]
    pub async fn grep_notes(
        &self,
        Parameters(p): Parameters<GrepParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut found = Vec::new();
        for path in &self.paths {
            found.extend(collect_matches(path, &p.needle));
        }
        let text = serde_json::to_string(&found)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
