// Metamorphic: the dispatcher's arms in another order.
//! A hand-written MCP server for a storage cluster. `tools/list` is answered from `json!`
//! and `tools/call` by one dispatcher: each `match` arm serves one tool, so what one arm
//! does with `storage` is that tool's business alone. `list_volumes` may leave `storage`
//! out (it falls back to "local", as documented); `attach_volume` requires it and rejects
//! its absence; `purge_volume` requires it too, but its arm quietly falls back to "local".

use anyhow::{Result, anyhow};
use serde_json::{Value, json};

pub struct StorageServer;

impl StorageServer {
    pub fn list_tools(&self) -> Value {
        json!({
            "tools": [
                {
                    "name": "list_volumes",
                    "description": "List the volumes of a node. `storage` defaults to \"local\".",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "node": { "type": "string", "description": "Cluster node name." },
                            "storage": { "type": "string", "description": "Storage pool; \"local\" when omitted." }
                        },
                        "required": ["node"],
                        "additionalProperties": false
                    }
                },
                {
                    "name": "attach_volume",
                    "description": "Attach a new volume to a virtual machine.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "node": { "type": "string", "description": "Cluster node name." },
                            "storage": { "type": "string", "description": "Storage pool to allocate from." }
                        },
                        "required": ["node", "storage"],
                        "additionalProperties": false
                    }
                },
                {
                    "name": "purge_volume",
                    "description": "Delete every unattached volume of a storage pool.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "node": { "type": "string", "description": "Cluster node name." },
                            "storage": { "type": "string", "description": "Storage pool to purge." }
                        },
                        "required": ["node", "storage"],
                        "additionalProperties": false
                    }
                }
            ]
        })
    }

    pub async fn call_tool(&self, name: &str, args: &Value) -> Result<Value> {
        let node = args
            .get("node")
            .and_then(|v| v.as_str())
            .ok_or(anyhow!("Missing node"))?;
        match name {
            "purge_volume" => {
                let storage = args
                    .get("storage")
                    .and_then(|v| v.as_str())
                    .unwrap_or("local");
                Ok(json!({ "node": node, "purged": storage }))
            }
            "attach_volume" => self.attach_volume(node, args).await,
            "list_volumes" => {
                let storage = args
                    .get("storage")
                    .and_then(|v| v.as_str())
                    .unwrap_or("local");
                Ok(json!({ "node": node, "storage": storage, "volumes": [] }))
            }
            _ => Err(anyhow!("Unknown tool: {name}")),
        }
    }

    async fn attach_volume(&self, node: &str, args: &Value) -> Result<Value> {
        let storage = args
            .get("storage")
            .and_then(|v| v.as_str())
            .ok_or(anyhow!("Missing storage"))?;
        Ok(json!({ "node": node, "storage": storage, "attached": true }))
    }
}

fn main() {}
