//! A relay that passes questions between agents over stdio. Its handler writes each reply
//! itself: `ask` fills in "" for an absent `to` or `question` only to test for it, and a
//! call without them is answered with an invalid-params error before anything is sent.
//! `note` keeps its "" fallback: an absent `text` files an empty note.

use serde_json::{json, Value};
use std::io::Write;

fn tools() -> Value {
    json!([
        {
            "name": "ask",
            "description": "Sends a question to another agent.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "to": {"type": "string", "description": "The agent asked"},
                    "question": {"type": "string", "description": "What to ask"}
                },
                "required": ["to", "question"]
            }
        },
        {
            "name": "note",
            "description": "Files a note for every agent to read.",
            "inputSchema": {
                "type": "object",
                "properties": {"text": {"type": "string", "description": "The note"}},
                "required": ["text"]
            }
        }
    ])
}

fn write_reply(id: &Value, result: Value) {
    let line = json!({"jsonrpc": "2.0", "id": id, "result": result});
    let _ = writeln!(std::io::stdout(), "{line}");
}

fn write_error(id: &Value, code: i64, message: &str) {
    let line = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    let _ = writeln!(std::io::stdout(), "{line}");
}

fn handle_call(id: &Value, name: &str, args: &Value, outbox: &mut Vec<String>) {
    match name {
        "ask" => {
            let to = args.get("to").and_then(Value::as_str).unwrap_or("");
            let question = args.get("question").and_then(Value::as_str).unwrap_or("");
            if to.is_empty() || question.is_empty() {
                write_error(id, -32602, "ask requires 'to' and 'question'");
                return;
            }
            outbox.push(format!("{to}: {question}"));
            write_reply(id, json!({"content": [{"type": "text", "text": "sent"}]}));
        }
        "note" => {
            let text = args.get("text").and_then(Value::as_str).unwrap_or("");
            outbox.push(format!("note: {text}"));
            write_reply(id, json!({"content": [{"type": "text", "text": "filed"}]}));
        }
        other => write_error(id, -32601, &format!("unknown tool {other}")),
    }
}

fn main() {
    let mut outbox = Vec::new();
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let id = request["id"].clone();
        match request["method"].as_str() {
            Some("tools/list") => write_reply(&id, json!({"tools": tools()})),
            Some("tools/call") => {
                let params = &request["params"];
                let name = params["name"].as_str().unwrap_or("");
                handle_call(&id, name, &params["arguments"], &mut outbox);
            }
            _ => write_error(&id, -32601, "method not found"),
        }
    }
}
