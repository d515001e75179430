// Metamorphic: the wire type spells its schema field as the wire does (`inputSchema`), not through a serde rename.
//! The wire shape of a listed tool.

use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Serialize)]
#[allow(non_snake_case)]
pub struct Tool {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub inputSchema: Value,
}
