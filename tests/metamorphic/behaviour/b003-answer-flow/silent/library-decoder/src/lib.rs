// Metamorphic: each line is decoded by a library function named like a parser of the crate.
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

/// A notebook's kind, written in its first line.
pub enum Kind {
    Plain,
    Tagged,
}

impl std::str::FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "plain" => Ok(Kind::Plain),
            "tagged" => Ok(Kind::Tagged),
            other => Err(format!("unknown kind {other}")),
        }
    }
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
            let tags: Vec<String> = serde_json::from_str(line).unwrap_or_default();
            found.push(format!("{line} {}", tags.join(",")));
        }
    }
    Ok(())
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
        for path in &self.paths {
            let stem = path.display().to_string();
            let name = titles.get(&stem).cloned().unwrap_or(stem);
            eprintln!("searching {name}");
            collect_matches(path, &p.needle, &mut found)?;
        }
        let text = serde_json::to_string(&found)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
