// Metamorphic: a dispatcher written as an `if name == ..` chain instead of a `match` on the name.
//! A notebook server whose dispatcher reads each tool's arguments in that tool's arm.
//! `status` takes no arguments and proves it by decoding them into an empty type that
//! refuses unknown fields; `rename_note` decodes into a closed type too; `add_note` reads
//! its map key by key and never looks at the other keys, so an extra field is ignored
//! although its schema refuses it. A decode in one arm says nothing of another tool's keys.

use serde::Deserialize;
use serde_json::{json, Value};

fn list_tools() -> Value {
    json!({
        "tools": [
            {
                "name": "status",
                "description": "Tells how many notes the notebook holds.",
                "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}
            },
            {
                "name": "add_note",
                "description": "Adds a note to the notebook.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string", "description": "The note's text"}
                    },
                    "required": ["text"],
                    "additionalProperties": false
                }
            },
            {
                "name": "rename_note",
                "description": "Gives a note a new title.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer", "description": "The note's number"},
                        "title": {"type": "string", "description": "The new title"}
                    },
                    "required": ["id", "title"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArguments {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rename {
    id: u64,
    title: String,
}

fn call_tool(name: &str, args: Value) -> anyhow::Result<Value> {
    let answer = if name == "status" {
        let _: NoArguments = serde_json::from_value(args.clone())?;
        "12 notes".to_string()
    } else if name == "add_note" {
        let text = args
            .get("text")
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow::anyhow!("text is required"))?;
        format!("added: {text}")
    } else if name == "rename_note" {
        let rename: Rename = serde_json::from_value(args.clone())?;
        format!("note {} is now {}", rename.id, rename.title)
    } else {
        anyhow::bail!("unknown tool {name}")
    };
    Ok(json!({"content": [{"type": "text", "text": answer}]}))
}

fn main() -> anyhow::Result<()> {
    let request: Value = serde_json::from_str(&std::io::read_to_string(std::io::stdin())?)?;
    let reply = match request["method"].as_str() {
        Some("tools/list") => list_tools(),
        Some("tools/call") => call_tool(
            request["params"]["name"].as_str().unwrap_or_default(),
            request["params"]["arguments"].clone(),
        )?,
        _ => json!({"error": "method not found"}),
    };
    println!("{reply}");
    Ok(())
}
