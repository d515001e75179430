// Metamorphic: handlers reordered, a local inlined
//! A JSON-RPC MCP server without an SDK whose handlers read only what the schemas publish,
//! plus keys of values that are not the arguments map.

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
                        "options": {
                            "type": "object",
                            "description": "Reading options.",
                            "properties": {"page": {"type": "integer", "description": "Page number."}}
                        }
                    },
                    "required": ["path"]
                }
            },
            {
                "name": "set_labels",
                "description": "Sets labels on a file: any label name to its value.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "File to label."}
                    },
                    "additionalProperties": {"type": "string"},
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
        "set_labels" => set_labels(args),
        other => Err(json!({"error": format!("unknown tool {other}")})),
    }
}

fn metadata(path: &str) -> Value {
    json!({"size": path.len(), "kind": "file"})
}

fn set_labels(args: &Map<String, Value>) -> Result<Value, Value> {
    let Some(path) = args.get("path").and_then(Value::as_str) else {
        return refused("path is required");
    };
    // Any other key is a label, as the schema's `additionalProperties` says.
    let colour = args.get("colour").and_then(Value::as_str).unwrap_or("none");
    Ok(json!({"path": path, "colour": colour}))
}

fn read_page(args: &Map<String, Value>) -> Result<Value, Value> {
    let Some(path) = args.get("path").and_then(Value::as_str) else {
        return refused("path is required");
    };
    // A key inside a declared property.
    let page = args
        .get("options")
        .and_then(|o| o.get("page"))
        .and_then(Value::as_u64)
        .unwrap_or(1);
    // Keys of another value, not the arguments.
    let size = metadata(path).get("size").and_then(Value::as_u64).unwrap_or(0);
    Ok(json!({"path": path, "page": page, "size": size}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("read_page", &Map::new());
}
