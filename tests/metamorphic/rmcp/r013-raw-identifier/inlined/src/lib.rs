// Metamorphic: the helper written in the handler
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
        Parameters(req): Parameters<ExportAsset>,
    ) -> Result<CallToolResult, ErrorData> {
        let file = match req.r#type.as_deref().unwrap_or("snapshot") {
            "slice" => format!("{}.svg", req.node),
            "snapshot" => format!("{}.png", req.node),
            "image" => format!("{}.jpg", req.node),
            other => return Err(failed(anyhow::anyhow!("invalid type: {other}"))),
        };
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
