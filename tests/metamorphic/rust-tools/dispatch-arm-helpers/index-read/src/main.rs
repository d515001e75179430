// Metamorphic: the priority read by indexing, `args["priority"]`, for `args.get("priority")`.
//! A journal served over JSON-RPC. Its dispatcher reads each tool's arguments in the tool's
//! arm, with two small accessors every arm shares (`arg_text`, `arg_tags`). `note` and
//! `todo` narrow `priority` with `as u8` (256 becomes 0); `pin` hands its arguments to one
//! function, `pin_entry`, which turns a priority it cannot hold away.

use serde_json::{json, Value};

mod journal;

fn tools() -> Value {
    json!([
        {
            "name": "note",
            "description": "Writes a note into the journal.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "description": "What to remember"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "priority": {"type": "integer", "description": "Higher comes first"}
                },
                "required": ["text"]
            }
        },
        {
            "name": "todo",
            "description": "Adds a task to the journal.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "description": "The task"},
                    "priority": {"type": "integer", "description": "Higher comes first"}
                },
                "required": ["text"]
            }
        },
        {
            "name": "pin",
            "description": "Pins an entry to the top of the journal.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "description": "The entry to pin"},
                    "priority": {"type": "integer", "minimum": 0, "maximum": 255}
                },
                "required": ["id"]
            }
        }
    ])
}

fn arg_text(args: &Value, key: &str) -> Result<String, String> {
    args.get(key)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("missing {key}"))
}

fn arg_tags(args: &Value) -> Vec<String> {
    args.get("tags")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
        .unwrap_or_default()
}

fn call_tool(book: &mut journal::Journal, name: &str, args: &Value) -> Result<String, String> {
    match name {
        "note" => {
            let text = arg_text(args, "text")?;
            let tags = arg_tags(args);
            let priority = args["priority"].as_u64().unwrap_or(5) as u8;
            let id = book.add(&text, tags, priority);
            Ok(format!("noted {id}"))
        }
        "todo" => {
            let text = arg_text(args, "text")?;
            let priority = args["priority"].as_u64().unwrap_or(5) as u8;
            let id = book.add(&text, vec!["todo".to_string()], priority);
            Ok(format!("task {id}"))
        }
        "pin" => journal::pin_entry(book, args),
        other => Err(format!("unknown tool {other}")),
    }
}

fn main() {
    let mut book = journal::Journal::default();
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let reply = match request["method"].as_str() {
            Some("tools/list") => json!({"tools": tools()}),
            Some("tools/call") => {
                let params = &request["params"];
                match call_tool(&mut book, params["name"].as_str().unwrap_or(""), &params["arguments"]) {
                    Ok(text) => json!({"content": [{"type": "text", "text": text}]}),
                    Err(e) => json!({"isError": true, "content": [{"type": "text", "text": e}]}),
                }
            }
            _ => json!({"error": "method not found"}),
        };
        println!("{reply}");
    }
}
