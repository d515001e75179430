// Metamorphic: the decoded arguments bound to a name of their own, not shadowing the JSON
//! A job runner answering MCP over stdio by hand. Each handler takes the call's arguments as
//! JSON and decodes them into its own struct, under the same name.
//!
//! `tail_job` clamps `lines` into the schema's 1 to 5000 and later keeps the log's lines in a
//! local of the same name: that local is another value, not the property read again, so the
//! clamp is the property's (R010, not R009).

use serde::Deserialize;
use serde_json::{json, Value};

fn tool_definitions() -> Value {
    json!([
        {
            "name": "tail_job",
            "description": "Read the last lines of a job's log.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "job_id": {"type": "string"},
                    "lines": {"type": "integer", "minimum": 1, "maximum": 5000, "default": 200}
                },
                "required": ["job_id"],
                "additionalProperties": false
            }
        }
    ])
}

#[derive(Deserialize)]
struct TailArgs {
    job_id: String,
    lines: Option<usize>,
}

fn read_log(job_id: &str) -> Result<Vec<String>, String> {
    std::fs::read_to_string(format!("jobs/{job_id}.log"))
        .map(|s| s.lines().map(String::from).collect())
        .map_err(|e| e.to_string())
}

async fn tool_tail_job(args: Value) -> Result<Value, String> {
    let input: TailArgs = serde_json::from_value(args).map_err(|e| e.to_string())?;
    let n = input.lines.unwrap_or(200).clamp(1, 5000);
    let body = read_log(&input.job_id)?.join("\n");
    let lines: Vec<&str> = body.lines().collect();
    let start = lines.len().saturating_sub(n);
    Ok(json!({ "tail": lines[start..].join("\n"), "total_lines": lines.len() }))
}

pub async fn dispatch(name: &str, args: Value) -> Result<Value, String> {
    match name {
        "tail_job" => tool_tail_job(args).await,
        other => Err(format!("unknown tool: {other}")),
    }
}

async fn handle(request: Value) -> Value {
    let id = request["id"].clone();
    match request["method"].as_str() {
        Some("tools/list") => json!({"jsonrpc": "2.0", "id": id, "result": {"tools": tool_definitions()}}),
        Some("tools/call") => {
            let name = request["params"]["name"].as_str().unwrap_or_default().to_string();
            let args = request["params"]["arguments"].clone();
            match dispatch(&name, args).await {
                Ok(v) => json!({"jsonrpc": "2.0", "id": id, "result": {"content": [{"type": "text", "text": v.to_string()}]}}),
                Err(e) => json!({"jsonrpc": "2.0", "id": id, "result": {"isError": true, "content": [{"type": "text", "text": e}]}}),
            }
        }
        _ => json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "method not found"}}),
    }
}

#[tokio::main]
async fn main() {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if let Ok(request) = serde_json::from_str::<Value>(&line) {
            println!("{}", handle(request).await);
        }
    }
}
