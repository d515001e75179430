// Metamorphic: the tool names are constants shared by the registry and the tool list
//! An issue tracker's MCP server with a registry: each tool's handler is a value of its own
//! type kept in a map under the tool's name, and `call_tool` runs the one the call names.
//! `add_comment`'s handler reads the comment as `comment`, while the schema the server lists
//! calls it `comment_body`: a call that follows the schema is always refused.

use serde_json::{json, Value};
use std::collections::HashMap;

const ADD_COMMENT: &str = "add_comment";
const GET_ISSUE: &str = "get_issue";

pub struct Tool {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

#[derive(Debug)]
pub struct ToolError(pub String);

#[async_trait::async_trait]
pub trait ToolHandler {
    async fn handle(&self, args: Value) -> Result<Value, ToolError>;
}

pub struct AddCommentTool;

#[async_trait::async_trait]
impl ToolHandler for AddCommentTool {
    async fn handle(&self, args: Value) -> Result<Value, ToolError> {
        let issue_key = args
            .get("issue_key")
            .and_then(|v| v.as_str())
            .ok_or_else(|| ToolError("Missing required parameter: issue_key".to_string()))?;
        let comment = args
            .get("comment")
            .and_then(|v| v.as_str())
            .ok_or_else(|| ToolError("Missing required parameter: comment".to_string()))?;
        Ok(json!({ "issue": issue_key, "comment": comment }))
    }
}

pub struct GetIssueTool {
    base_url: String,
}

impl GetIssueTool {
    pub fn new(base_url: &str) -> Self {
        Self { base_url: base_url.to_string() }
    }
}

#[async_trait::async_trait]
impl ToolHandler for GetIssueTool {
    async fn handle(&self, args: Value) -> Result<Value, ToolError> {
        let issue_key = args
            .get("issue_key")
            .and_then(|v| v.as_str())
            .ok_or_else(|| ToolError("Missing required parameter: issue_key".to_string()))?;
        let expand = args.get("expand").and_then(|v| v.as_str()).unwrap_or("");
        Ok(json!({ "url": format!("{}/issue/{issue_key}?expand={expand}", self.base_url) }))
    }
}

pub struct Server {
    tools: HashMap<String, Box<dyn ToolHandler + Send + Sync>>,
}

impl Server {
    pub fn new(base_url: &str) -> Self {
        let mut tools: HashMap<String, Box<dyn ToolHandler + Send + Sync>> = HashMap::new();
        tools.insert(ADD_COMMENT.to_string(), Box::new(AddCommentTool));
        tools.insert(GET_ISSUE.to_string(), Box::new(GetIssueTool::new(base_url)));
        Self { tools }
    }

    pub fn list_tools(&self) -> Vec<Tool> {
        vec![
            Tool {
                name: ADD_COMMENT.to_string(),
                description: "Adds a comment to an issue.".to_string(),
                input_schema: json!({
                    "type": "object",
                    "properties": {
                        "issue_key": { "type": "string", "description": "Key of the issue, such as OPS-12." },
                        "comment_body": { "type": "string", "description": "Text of the comment." }
                    },
                    "required": ["issue_key", "comment_body"],
                    "additionalProperties": false
                }),
            },
            Tool {
                name: GET_ISSUE.to_string(),
                description: "Returns one issue.".to_string(),
                input_schema: json!({
                    "type": "object",
                    "properties": {
                        "issue_key": { "type": "string", "description": "Key of the issue, such as OPS-12." },
                        "expand": { "type": "string", "description": "Parts to include besides the fields." }
                    },
                    "required": ["issue_key"],
                    "additionalProperties": false
                }),
            },
        ]
    }

    pub async fn call_tool(&self, name: &str, args: Value) -> Result<Value, ToolError> {
        match self.tools.get(name) {
            Some(handler) => handler.handle(args).await,
            None => Err(ToolError(format!("Unknown tool: {name}"))),
        }
    }
}

fn main() {
    let server = Server::new("https://tracker.example");
    let _ = server.list_tools();
}
