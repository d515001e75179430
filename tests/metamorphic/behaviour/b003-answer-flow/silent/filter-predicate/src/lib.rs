// Metamorphic: the unreadable table only decides which notebooks are searched, in a filter.
//! A notebook search. Each notebook is read from disk and a failure is the tool's error;
//! the titles cache read first only names the notebooks, and an unreadable cache falls
//! back to the file names: that empty table is a fallback, not the tool's answer.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GrepParams {
    /// Text to look for.
    pub needle: String,
}

pub struct Notebooks {
    paths: Vec<std::path::PathBuf>,
    titles_file: std::path::PathBuf,
}

fn read_titles(file: &std::path::Path) -> Result<HashMap<String, String>, std::io::Error> {
    let text = std::fs::read_to_string(file)?;
    Ok(text
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect())
}

fn collect_matches(
    path: &std::path::Path,
    needle: &str,
    found: &mut Vec<String>,
) -> Result<(), ErrorData> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ErrorData::internal_error(format!("cannot read a notebook: {e}"), None))?;
    for line in text.lines() {
        if line.contains(needle) {
            found.push(line.to_string());
        }
    }
    Ok(())
}

/// A notebook the titles file names is searched; the table answers yes or no.
fn titled(path: &std::path::Path, titles: &HashMap<String, String>) -> bool {
    titles.is_empty() || titles.contains_key(&path.display().to_string())
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
        let titles = read_titles(&self.titles_file).unwrap_or_default();
        let mut found = Vec::new();
        for path in self.paths.iter().filter(|path| titled(path, &titles)) {
            collect_matches(path, &p.needle, &mut found)?;
        }
        let text = serde_json::to_string(&found)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
