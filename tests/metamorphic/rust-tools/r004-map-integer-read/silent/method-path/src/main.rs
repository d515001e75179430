// Metamorphic: the read written as a method path (`Value::as_u64`)
//! A blog server that speaks MCP's JSON-RPC itself: its tools are `Tool` values with
//! hand-written schemas, and `call_tool` reads each tool's arguments from the JSON map.

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

pub struct Blog {
    posts: Vec<(u64, String)>,
}

impl Blog {
    pub fn list_tools(&self) -> Vec<Tool> {
        vec![Tool {
            name: "get_post".to_string(),
            description: "Returns one post of the blog by its id.".to_string(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "post_id": { "type": "integer", "minimum": 0, "description": "Id of the post to return." }
                },
                "required": ["post_id"],
                "additionalProperties": false
            }),
        }]
    }

    pub fn call_tool(&self, params: ToolCallParams) -> Result<Value, McpError> {
        match params.name.as_str() {
            "get_post" => {
                let args = params.arguments.unwrap_or_default();
                let post_id = args
                    .get("post_id")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| McpError::InvalidParams("Missing post_id".to_string()))?;
                let post = self.posts.iter().find(|(id, _)| *id == post_id);
                Ok(json!({ "post": post.map(|(_, text)| text.clone()) }))
            }
            other => Err(McpError::UnknownTool(other.to_string())),
        }
    }
}

fn main() {
    let blog = Blog { posts: vec![(1, "hello".to_string())] };
    let _ = blog.list_tools();
}
