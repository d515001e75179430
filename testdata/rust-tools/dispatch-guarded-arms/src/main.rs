//! A script runner whose one tool, `run_script`, takes either inline `code` or the name of a
//! stored `script`: the dispatcher picks the function by a guard on the arguments. The inline
//! path turns empty code away (as the schema's `minLength` says); the stored path narrows
//! `priority` with `as u8`, so 256 runs at priority 0.

use serde_json::{json, Value};

fn tools() -> Value {
    json!([{
        "name": "run_script",
        "description": "Runs inline code, or a stored script by name.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "minLength": 1, "description": "Inline code to run"},
                "script": {"type": "string", "description": "Name of a stored script"},
                "priority": {"type": "integer", "description": "Queue priority, higher first"}
            },
            "additionalProperties": false
        }
    }])
}

fn run_inline(args: &Value) -> Result<String, String> {
    let code = args
        .get("code")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .ok_or("code must be a non-empty string")?;
    Ok(format!("ran {} bytes", code.len()))
}

fn run_stored(args: &Value) -> Result<String, String> {
    let name = args
        .get("script")
        .and_then(Value::as_str)
        .ok_or("script or code is required")?;
    let priority = args.get("priority").and_then(Value::as_u64).unwrap_or(1) as u8;
    Ok(format!("queued {name} at {priority}"))
}

fn call_tool(name: &str, args: &Value) -> Result<String, String> {
    let Some(fields) = args.as_object() else {
        return Err("arguments must be an object".to_string());
    };
    for key in fields.keys() {
        if !["code", "script", "priority"].contains(&key.as_str()) {
            return Err(format!("unknown argument {key}"));
        }
    }
    match name {
        "run_script" if args.get("code").is_some() => run_inline(args),
        "run_script" => run_stored(args),
        other => Err(format!("unknown tool {other}")),
    }
}

fn main() {
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let reply = match request["method"].as_str() {
            Some("tools/list") => json!({"tools": tools()}),
            Some("tools/call") => {
                let params = &request["params"];
                match call_tool(params["name"].as_str().unwrap_or(""), &params["arguments"]) {
                    Ok(text) => json!({"content": [{"type": "text", "text": text}]}),
                    Err(e) => json!({"isError": true, "content": [{"type": "text", "text": e}]}),
                }
            }
            _ => json!({"error": "method not found"}),
        };
        println!("{reply}");
    }
}
