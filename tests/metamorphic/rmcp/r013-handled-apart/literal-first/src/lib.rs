// Metamorphic: the literal on the left of `==`
//! Artifacts generated from a notebook. `kind` is a free string; the configuration builder
//! knows four kinds and rejects the rest, but the handler serves a mind map on a path of its
//! own before it asks the builder: the code accepts five kinds, not the builder's four.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// The notebook to generate from.
    pub notebook_id: String,
    /// What to generate.
    pub kind: String,
}

pub struct ArtifactConfig {
    pub template: &'static str,
}

fn config_for(kind: &str) -> Result<ArtifactConfig, String> {
    match kind {
        "audio" => Ok(ArtifactConfig { template: "podcast" }),
        "video" => Ok(ArtifactConfig { template: "explainer" }),
        "report" => Ok(ArtifactConfig { template: "briefing" }),
        "quiz" => Ok(ArtifactConfig { template: "questions" }),
        other => Err(format!("unknown artifact kind `{other}`")),
    }
}

pub struct Artifacts;

#[tool_router]
impl Artifacts {
    #[tool(description = "Generates an artifact from a notebook and returns its task id.")]
    pub async fn generate_artifact(
        &self,
        Parameters(request): Parameters<GenerateRequest>,
    ) -> Result<CallToolResult, ErrorData> {
        if "mind_map" == request.kind {
            let text = format!("mind map of {}", request.notebook_id);
            return Ok(CallToolResult::success(vec![Content::text(text)]));
        }
        let config = config_for(&request.kind)
            .map_err(|e| ErrorData::invalid_params(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(config.template)]))
    }
}
