// Metamorphic: the read through a closure (`and_then(|v| v.as_u64())`)
//! A JSON-RPC MCP server without an SDK: one dispatcher serves both tools, each arm reading
//! its own arguments inline. every argument an arm reads is in its tool's schema.

use serde_json::{json, Map, Value};

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
                        "page": {"type": "integer", "minimum": 1, "description": "Page number, from 1."},
                        "page_size": {"type": "integer", "description": "Lines per page (default 50)."}
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

fn call_tool(name: &str, args: &Map<String, Value>) -> Result<Value, String> {
    match name {
        "read_page" => {
            let path = args.get("path").and_then(Value::as_str).ok_or("path is required")?;
            let page = args.get("page").and_then(Value::as_u64).unwrap_or(1);
            if page == 0 {
                return Err("page starts at 1".to_string());
            }
            let size = args.get("page_size").and_then(|v| v.as_u64()).unwrap_or(50);
            Ok(json!({"path": path, "page": page, "lines": size}))
        }
        "stat_file" => {
            let path = args.get("path").and_then(Value::as_str).ok_or("path is required")?;
            Ok(json!({"path": path, "kind": "file"}))
        }
        other => Err(format!("unknown tool {other}")),
    }
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("read_page", &Map::new());
}
