//! A files server over JSON-RPC without an SDK. Before any handler runs, the server checks
//! the call's arguments against the published `required` list of the tool, so a handler's
//! fallback for a required argument only ever meets a call that has it.

use serde_json::{json, Map, Value};

fn tool_definitions() -> Vec<Value> {
    vec![
        json!({
            "name": "read_file",
            "description": "Reads a text file of the workspace.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "File to read, relative to the workspace."},
                    "encoding": {"type": "string", "description": "Text encoding of the file."}
                },
                "required": ["path", "encoding"]
            }
        }),
        json!({
            "name": "list_dir",
            "description": "Lists the entries of a directory of the workspace.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "dir": {"type": "string", "description": "Directory to list."}
                },
                "required": ["dir"]
            }
        }),
    ]
}

/// A call without one of the tool's required arguments is refused here.
fn missing_required(tool: &Value, args: &Map<String, Value>) -> Option<String> {
    let required = tool["inputSchema"].get("required")?.as_array()?;
    required
        .iter()
        .filter_map(Value::as_str)
        .find(|name| args.get(*name).is_none_or(Value::is_null))
        .map(|name| format!("missing required argument `{name}`"))
}

fn call_tool(name: &str, args: &Map<String, Value>) -> Result<Value, String> {
    let tools = tool_definitions();
    let tool = tools
        .iter()
        .find(|t| t["name"] == name)
        .ok_or_else(|| format!("unknown tool {name}"))?;
    if let Some(message) = missing_required(tool, args) {
        return Err(message);
    }
    match name {
        "read_file" => read_file(args),
        "list_dir" => list_dir(args),
        other => Err(format!("unknown tool {other}")),
    }
}

fn read_file(args: &Map<String, Value>) -> Result<Value, String> {
    let path = args.get("path").and_then(Value::as_str).unwrap_or_default();
    let encoding = args.get("encoding").and_then(Value::as_str).unwrap_or("utf-8");
    Ok(json!({"path": path, "encoding": encoding, "text": ""}))
}

fn list_dir(args: &Map<String, Value>) -> Result<Value, String> {
    let dir = args.get("dir").and_then(Value::as_str).unwrap_or(".");
    Ok(json!({"dir": dir, "entries": []}))
}

fn main() {
    let _ = call_tool("list_dir", &Map::new());
}
