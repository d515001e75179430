// Metamorphic: the draft built as a struct literal instead of assigned field by field
//! A photo board answering MCP over stdio by hand. Lists of URLs and paths are read by one
//! tolerant helper (an array, or a comma-separated string), and a post is staged as a draft
//! before it is published.
//!
//! `publish_album` copies its `image_urls` into a draft, and the board refuses a draft
//! holding none or more than twelve: what is done to the list once it is in the draft is not
//! followed, so R009 holds its findings back. `attach_files` reads `paths` through
//! `list_arg`, which refuses the list its parser makes when it is empty: a value computed
//! from the property, so which lengths that refuses is not known either. `tag_album` joins
//! its `tags` and writes them, with neither of the schema's bounds checked: R009 (twice).

mod board;

use board::{Board, Draft};
use serde::Deserialize;
use serde_json::{json, Value};

fn tool_definitions() -> Value {
    json!([
        {
            "name": "publish_album",
            "description": "Publish an album of images, staged as a draft first.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "title": {"type": "string"},
                    "image_urls": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 12}
                },
                "required": ["title", "image_urls"]
            }
        },
        {
            "name": "attach_files",
            "description": "Copy local files into the board's upload folder.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "paths": {"type": "array", "items": {"type": "string"}, "minItems": 1}
                },
                "required": ["paths"]
            }
        },
        {
            "name": "tag_album",
            "description": "Replace an album's tags.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "album_id": {"type": "string"},
                    "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 8}
                },
                "required": ["album_id", "tags"]
            }
        }
    ])
}

/// The strings a list argument holds, written as an array or as one comma-separated string.
fn strings_of(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items
            .iter()
            .filter_map(|x| x.as_str().map(|s| s.trim().to_string()))
            .filter(|s| !s.is_empty())
            .collect(),
        Value::String(s) => s
            .split(',')
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect(),
        _ => Vec::new(),
    }
}

/// A required list argument, refused when it holds nothing.
fn list_arg(args: &Value, key: &str) -> Result<Vec<String>, String> {
    let v = args
        .get(key)
        .ok_or_else(|| format!("missing argument '{key}'"))?;
    let items = strings_of(v);
    if items.is_empty() {
        return Err(format!("argument '{key}' is empty"));
    }
    Ok(items)
}

#[derive(Deserialize)]
struct PublishArgs {
    title: String,
    image_urls: Vec<String>,
}

#[derive(Deserialize)]
struct TagArgs {
    album_id: String,
    tags: Vec<String>,
}

fn publish_album(board: &mut Board, args: Value) -> Result<Value, String> {
    let input: PublishArgs = serde_json::from_value(args).map_err(|e| e.to_string())?;
    let draft = Draft {
        title: input.title.clone(),
        images: input.image_urls.clone(),
    };
    let id = board.stage(draft);
    let staged = board.draft(id).ok_or("the staged draft is gone")?;
    let url = board.publish(&staged)?;
    Ok(json!({ "album": url }))
}

fn tag_album(board: &mut Board, args: Value) -> Result<Value, String> {
    let input: TagArgs = serde_json::from_value(args).map_err(|e| e.to_string())?;
    let label = input.tags.join(", ");
    board.retag(&input.album_id, &label)?;
    Ok(json!({ "album": input.album_id, "tags": label }))
}

fn call_tool(board: &mut Board, name: &str, args: Value) -> Result<Value, String> {
    match name {
        "publish_album" => publish_album(board, args),
        "attach_files" => {
            let paths = list_arg(&args, "paths")?;
            let mut stored = Vec::new();
            for p in &paths {
                stored.push(board.upload(p)?);
            }
            Ok(json!({ "stored": stored }))
        }
        "tag_album" => tag_album(board, args),
        other => Err(format!("unknown tool: {other}")),
    }
}

fn main() {
    use std::io::BufRead;
    let mut board = Board::open("board");
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Ok(request) = serde_json::from_str::<Value>(&line) else { continue };
        let id = request["id"].clone();
        let reply = match request["method"].as_str() {
            Some("tools/list") => json!({"jsonrpc": "2.0", "id": id, "result": {"tools": tool_definitions()}}),
            Some("tools/call") => {
                let name = request["params"]["name"].as_str().unwrap_or_default().to_string();
                let args = request["params"]["arguments"].clone();
                match call_tool(&mut board, &name, args) {
                    Ok(v) => json!({"jsonrpc": "2.0", "id": id, "result": {"content": [{"type": "text", "text": v.to_string()}]}}),
                    Err(e) => json!({"jsonrpc": "2.0", "id": id, "result": {"isError": true, "content": [{"type": "text", "text": e}]}}),
                }
            }
            _ => json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "method not found"}}),
        };
        println!("{reply}");
    }
}
