//! The REST route: a plain serde body, open to extra fields, never an MCP tool's input.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct IngestRequest {
    pub content: String,
    pub wing: String,
    pub room: Option<String>,
    pub source: Option<String>,
}

pub fn ingest(body: IngestRequest) -> String {
    format!("{} bytes into {}", body.content.len(), body.wing)
}
