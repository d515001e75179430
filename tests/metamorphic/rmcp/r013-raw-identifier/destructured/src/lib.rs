// Metamorphic: the input destructured into its fields in the pattern
//! Assets exported from a design file. Both inputs name their property `type`, which Rust
//! spells `r#type`: serde and schemars publish it as `type`, and a read of `req.r#type` is a
//! read of that property.
//!
//! `export_asset` accepts three kinds and refuses the rest, while its schema says any string.
//! `preview_asset` hands a kind it does not know to the design's own catalogue of presets,
//! which may know it: which kinds that accepts is not known here, so nothing is said.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportAsset {
    /// The node to export.
    pub node: String,
    /// What to export; detected from the node when absent.
    pub r#type: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PreviewAsset {
    /// The node to preview.
    pub node: String,
    /// The preview preset.
    pub r#type: String,
}

pub struct Presets {
    names: Vec<String>,
}

impl Presets {
    pub fn file_name(&self, node: &str, preset: &str) -> anyhow::Result<String> {
        match self.names.iter().find(|n| n.as_str() == preset) {
            Some(n) => Ok(format!("{node}-{n}.png")),
            None => anyhow::bail!("no preset `{preset}` in this design"),
        }
    }
}

/// The file an export writes, by kind.
fn export_name(node: &str, r#type: Option<&str>) -> anyhow::Result<String> {
    let kind = r#type.map(str::to_string).unwrap_or_else(|| "snapshot".to_string());
    match kind.as_str() {
        "slice" => Ok(format!("{node}.svg")),
        "snapshot" => Ok(format!("{node}.png")),
        "image" => Ok(format!("{node}.jpg")),
        other => anyhow::bail!("invalid type: {other}"),
    }
}

pub struct AssetServer {
    presets: Presets,
}

fn failed(e: anyhow::Error) -> ErrorData {
    ErrorData::internal_error(e.to_string(), None)
}

#[tool_router]
impl AssetServer {
    /// Exports one asset of a node: a slice, a snapshot or an image fill.
    #[tool(name = "export_asset")]
    async fn export_asset(
        &self,
        Parameters(ExportAsset { node, r#type }): Parameters<ExportAsset>,
    ) -> Result<CallToolResult, ErrorData> {
        let file = export_name(&node, r#type.as_deref()).map_err(failed)?;
        Ok(CallToolResult::success(vec![Content::text(file)]))
    }

    /// Renders a preview of a node with one of the design's presets.
    #[tool(name = "preview_asset", annotations(read_only_hint = true))]
    async fn preview_asset(
        &self,
        Parameters(req): Parameters<PreviewAsset>,
    ) -> Result<CallToolResult, ErrorData> {
        let file = match req.r#type.as_str() {
            "thumbnail" => format!("{}-thumb.png", req.node),
            other => self.presets.file_name(&req.node, other).map_err(failed)?,
        };
        Ok(CallToolResult::success(vec![Content::text(file)]))
    }
}
