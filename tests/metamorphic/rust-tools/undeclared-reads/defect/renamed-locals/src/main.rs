// Metamorphic: the arguments map, locals and the error helper renamed
//! A JSON-RPC MCP server without an SDK that serves a directory page by page. The handlers
//! read arguments the published schemas never mention: an agent cannot know it may send them.

use serde_json::{Map, Value, json};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "read_page",
                "description": "Reads one page of a text file.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "File to read."},
                        "page": {"type": "integer", "description": "Page number, from 1."}
                    },
                    "required": ["path"]
                }
            },
            {
                "name": "stat_file",
                "description": "Size and kind of a file.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "File to inspect."}
                    },
                    "required": ["path"]
                }
            }
        ]
    })
}

fn refuse(message: &str) -> Result<Value, Value> {
    Err(json!({"isError": true, "message": message}))
}

fn call_tool(name: &str, params: &Map<String, Value>) -> Result<Value, Value> {
    match name {
        "read_page" => read_page(params),
        "stat_file" => stat_file(params),
        other => Err(json!({"error": format!("unknown tool {other}")})),
    }
}

fn read_page(params: &Map<String, Value>) -> Result<Value, Value> {
    let Some(file) = params.get("path").and_then(Value::as_str) else {
        return refuse("file is required");
    };
    let page = params.get("page").and_then(Value::as_u64).unwrap_or(1);
    // Lines per page: an argument the schema does not publish.
    let size = params.get("page_size").and_then(Value::as_u64).unwrap_or(50);
    let encoding = params["encoding"].as_str().unwrap_or("utf-8");
    Ok(json!({"path": file, "page": page, "lines": size, "encoding": encoding}))
}

fn stat_file(params: &Map<String, Value>) -> Result<Value, Value> {
    let Some(file) = params.get("path").and_then(Value::as_str) else {
        return refuse("file is required");
    };
    let follow = params.contains_key("follow_links");
    Ok(json!({"path": file, "follow": follow}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("read_page", &Map::new());
}
