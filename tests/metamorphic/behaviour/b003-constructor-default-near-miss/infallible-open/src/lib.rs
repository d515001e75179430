// Metamorphic: opening the index cannot fail, so it returns the index itself
//! Full-text search over a notes folder. The index reads its settings from an optional
//! `.notes.toml` and a cache of earlier scans; either missing means defaults and a fresh
//! scan, never "no notes". A failed search is an error.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    /// Words to look for.
    pub query: String,
}

#[derive(Debug)]
pub enum IndexError {
    Unreadable(String),
}

#[derive(Default, Deserialize)]
pub struct Settings {
    pub skip_hidden: bool,
}

impl Settings {
    /// The folder's `.notes.toml`, or the defaults when there is none.
    pub fn load(root: &Path) -> Self {
        match std::fs::read_to_string(root.join(".notes.toml")) {
            Ok(text) => toml::from_str(&text).unwrap_or_default(),
            Err(_) => Self::default(),
        }
    }
}

/// Paths scanned before; an empty cache only means the next scan reads everything.
pub fn read_cache(root: &Path) -> Result<Vec<PathBuf>, IndexError> {
    let text = std::fs::read_to_string(root.join(".notes-cache"))
        .map_err(|e| IndexError::Unreadable(e.to_string()))?;
    Ok(text.lines().map(PathBuf::from).collect())
}

pub struct Index {
    root: PathBuf,
    settings: Settings,
    scanned: Vec<PathBuf>,
}

impl Index {
    pub fn open(root: &Path) -> Self {
        let settings = Settings::load(root);
        let scanned = read_cache(root).unwrap_or_default();
        Self {
            root: root.to_path_buf(),
            settings,
            scanned,
        }
    }

    pub fn search(&self, query: &str) -> Result<Vec<String>, IndexError> {
        let entries = std::fs::read_dir(&self.root)
            .map_err(|e| IndexError::Unreadable(e.to_string()))?;
        let mut hits = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| IndexError::Unreadable(e.to_string()))?.path();
            let hidden = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if (hidden && self.settings.skip_hidden) || self.scanned.contains(&path) {
                continue;
            }
            let text = std::fs::read_to_string(&path)
                .map_err(|e| IndexError::Unreadable(e.to_string()))?;
            if text.contains(query) {
                hits.push(path.display().to_string());
            }
        }
        Ok(hits)
    }
}

pub struct Notes {
    root: PathBuf,
}

#[tool_router]
impl Notes {
    #[tool(
        description = "Lists the notes that contain the query.",
        annotations(read_only_hint = true)
    )]
    pub async fn search_notes(
        &self,
        Parameters(p): Parameters<SearchParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let fail = |e: IndexError| ErrorData::internal_error(format!("{e:?}"), None);
        let index = Index::open(&self.root);
        let hits = index.search(&p.query).map_err(fail)?;
        if hits.is_empty() {
            return Ok(CallToolResult::success(vec![Content::text("no matching notes")]));
        }
        Ok(CallToolResult::success(vec![Content::text(hits.join("\n"))]))
    }
}
