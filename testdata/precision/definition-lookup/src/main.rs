//! A harbour operations server: the tool list is built from JSON definitions, and every call
//! goes through one `call_tool` that parses the action and its arguments.

mod actions;
mod definitions;

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParam, CallToolResult, Content, ListToolsResult, Tool, ToolAnnotations};
use rmcp::{ErrorData, ServerHandler};
use serde_json::{Map, Value};

#[derive(Clone)]
struct Harbor;

/// Which family of actions a tool definition describes.
#[derive(Clone, Copy)]
enum Family {
    Berth,
    Tide,
}

fn tools() -> Result<Vec<Tool>, ErrorData> {
    definitions::tool_definitions()
        .into_iter()
        .map(tool_from_definition)
        .collect()
}

/// Turns one JSON definition into the SDK's `Tool`, annotated from its family.
fn tool_from_definition(value: Value) -> Result<Tool, ErrorData> {
    let name = value
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| ErrorData::internal_error("definition without a name", None))?;
    let description = value
        .get("description")
        .and_then(Value::as_str)
        .map(|d| Cow::Owned(d.to_string()));
    let schema = value
        .get("inputSchema")
        .and_then(Value::as_object)
        .cloned()
        .ok_or_else(|| ErrorData::internal_error("definition without inputSchema", None))?;
    let family = match name {
        "berth" => Family::Berth,
        "tide" => Family::Tide,
        _ => return Err(ErrorData::internal_error("unknown definition", None)),
    };
    let read_only = matches!(family, Family::Tide);
    let mut tool = Tool::new(Cow::Owned(name.to_string()), description.unwrap_or_default(), Arc::new(schema));
    tool.annotations = Some(ToolAnnotations::new().read_only(read_only));
    Ok(tool)
}

impl ServerHandler for Harbor {
    async fn list_tools(&self) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools()?))
    }

    async fn call_tool(&self, request: CallToolRequestParam) -> Result<CallToolResult, ErrorData> {
        let name = request.name.to_string();
        if name != "berth" && name != "tide" {
            return Err(ErrorData::invalid_params(format!("unknown tool: {name}"), None));
        }
        let arguments = Value::Object(request.arguments.unwrap_or_else(Map::new));
        let action = actions::parse(&name, &arguments)
            .map_err(|e| ErrorData::invalid_params(e, None))?;
        let text = actions::run(action).await;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

#[tokio::main]
async fn main() {
    let _ = Harbor;
}
