// Metamorphic: the record is bound to `params` only in an `if` branch of its arm
//! A CMS server that speaks MCP's JSON-RPC itself. One arm of `call_tool` binds a settings
//! record to `params`, the name of the call's parameter: the next arm's `params.arguments`
//! is the call's arguments again (the record's name ended with its arm), so its `page_id`,
//! published as a number, is read only as an integer there as well.

use serde::Deserialize;
use serde_json::{json, Map, Value};

pub struct Tool {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

#[derive(Debug, Deserialize)]
pub struct ToolCallParams {
    pub name: String,
    pub arguments: Option<Map<String, Value>>,
}

#[derive(Debug)]
pub enum McpError {
    InvalidParams(String),
    UnknownTool(String),
}

#[derive(Debug, Default)]
pub struct SettingsUpdate {
    pub title: Option<String>,
    pub page_on_front: Option<u64>,
    pub posts_per_page: Option<u64>,
}

pub struct Site {
    settings: Map<String, Value>,
}

impl Site {
    pub fn list_tools(&self) -> Vec<Tool> {
        vec![
            Tool {
                name: "update_settings".to_string(),
                description: "Updates the site's settings.".to_string(),
                input_schema: json!({
                    "type": "object",
                    "properties": {
                        "title": { "type": "string", "description": "Site title." },
                        "page_on_front": { "type": "number", "description": "Id of the page shown on the front." },
                        "posts_per_page": { "type": "number", "description": "Posts shown on one page." }
                    }
                }),
            },
            Tool {
                name: "set_front_page".to_string(),
                description: "Shows one page on the front of the site.".to_string(),
                input_schema: json!({
                    "type": "object",
                    "properties": {
                        "page_id": { "type": "number", "description": "Id of the page." }
                    },
                    "required": ["page_id"]
                }),
            },
        ]
    }

    pub fn call_tool(&mut self, params: ToolCallParams) -> Result<Value, McpError> {
        match params.name.as_str() {
            "update_settings" => {
                let args = params.arguments.unwrap_or_default();
                if !args.is_empty() {
                    let params = SettingsUpdate {
                        title: args.get("title").and_then(|v| v.as_str()).map(|s| s.to_string()),
                        page_on_front: args.get("page_on_front").and_then(|v| v.as_u64()),
                        posts_per_page: args.get("posts_per_page").and_then(|v| v.as_u64()),
                    };
                    self.update_settings(params);
                }
                Ok(json!({ "updated": true }))
            }
            "set_front_page" => {
                let args = params.arguments.unwrap_or_default();
                let page_id = args
                    .get("page_id")
                    .and_then(|v| v.as_u64())
                    .ok_or_else(|| McpError::InvalidParams("Missing page_id".to_string()))?;
                self.set_front_page(page_id);
                Ok(json!({ "front": page_id }))
            }
            other => Err(McpError::UnknownTool(other.to_string())),
        }
    }

    fn set_front_page(&mut self, page_id: u64) {
        let update = SettingsUpdate {
            page_on_front: Some(page_id),
            ..Default::default()
        };
        self.update_settings(update);
    }

    fn update_settings(&mut self, update: SettingsUpdate) {
        let mut data = Map::new();
        if let Some(title) = update.title {
            data.insert("title".to_string(), Value::String(title));
        }
        if let Some(page) = update.page_on_front {
            data.insert("page_on_front".to_string(), Value::Number(page.into()));
        }
        if let Some(count) = update.posts_per_page {
            data.insert("posts_per_page".to_string(), Value::Number(count.into()));
        }
        self.settings.extend(data);
    }
}

fn main() {
    let site = Site { settings: Map::new() };
    let _ = site.list_tools();
}
