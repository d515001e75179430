// Metamorphic: the undeclared reads moved into helpers the handlers call with the map
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

fn refused(message: &str) -> Result<Value, Value> {
    Err(json!({"isError": true, "message": message}))
}

fn call_tool(name: &str, args: &Map<String, Value>) -> Result<Value, Value> {
    match name {
        "read_page" => read_page(args),
        "stat_file" => stat_file(args),
        other => Err(json!({"error": format!("unknown tool {other}")})),
    }
}

fn page_size(args: &Map<String, Value>) -> u64 {
    args.get("page_size").and_then(Value::as_u64).unwrap_or(50)
}

fn encoding_of(args: &Map<String, Value>) -> &str {
    args["encoding"].as_str().unwrap_or("utf-8")
}

fn follows_links(args: &Map<String, Value>) -> bool {
    args.contains_key("follow_links")
}

fn read_page(args: &Map<String, Value>) -> Result<Value, Value> {
    let Some(path) = args.get("path").and_then(Value::as_str) else {
        return refused("path is required");
    };
    let page = args.get("page").and_then(Value::as_u64).unwrap_or(1);
    // Lines per page: an argument the schema does not publish.
    let size = page_size(args);
    let encoding = encoding_of(args);
    Ok(json!({"path": path, "page": page, "lines": size, "encoding": encoding}))
}

fn stat_file(args: &Map<String, Value>) -> Result<Value, Value> {
    let Some(path) = args.get("path").and_then(Value::as_str) else {
        return refused("path is required");
    };
    let follow = follows_links(args);
    Ok(json!({"path": path, "follow": follow}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("read_page", &Map::new());
}
