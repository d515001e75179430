//! A mail server answering MCP by hand. Arguments are read by small helpers that fill in
//! "" or 0 for an absent key, and handed to request structs whose `run` turns "" away and
//! reads 0 as "use the default": no call goes ahead without its required properties, and
//! `limit`'s default is the one the prose states. `flag_email` tests presence itself before
//! its helper's fallback. `archive` keeps a fallback used right there: an absent `folder`
//! archives into "".

use serde_json::{json, Value};

fn tools() -> Value {
    json!([
        {
            "name": "search_mail",
            "description": "Searches the mailbox.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "Words to find"},
                    "limit": {"type": "integer", "description": "Max results (default 20)"}
                },
                "required": ["query"]
            }
        },
        {
            "name": "flag_email",
            "description": "Sets or clears the flag of one email.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "description": "The email"},
                    "value": {"type": "boolean", "description": "Flag or unflag"}
                },
                "required": ["id", "value"]
            }
        },
        {
            "name": "archive",
            "description": "Moves one email to an archive folder.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "description": "The email"},
                    "folder": {"type": "string", "description": "Archive folder"}
                },
                "required": ["id", "folder"]
            }
        }
    ])
}

const DEFAULT_LIMIT: u32 = 20;

struct Search {
    query: String,
    limit: u32,
}

impl Search {
    fn run(&self) -> Result<Value, String> {
        if self.query.is_empty() {
            return Err("query is required".into());
        }
        let limit = if self.limit == 0 { DEFAULT_LIMIT } else { self.limit };
        Ok(json!({"query": self.query, "limit": limit}))
    }
}

struct Flag {
    id: String,
    value: bool,
}

impl Flag {
    fn run(&self) -> Result<Value, String> {
        if self.id.is_empty() {
            return Err("id is required".into());
        }
        Ok(json!({"id": self.id, "flagged": self.value}))
    }
}

fn str_param(args: &Value, key: &str) -> String {
    args.get(key).and_then(|v| v.as_str()).unwrap_or("").to_string()
}

fn u32_param(args: &Value, key: &str) -> u32 {
    args.get(key).and_then(|v| v.as_u64()).unwrap_or(0) as u32
}

fn bool_param(args: &Value, key: &str) -> bool {
    args.get(key).and_then(|v| v.as_bool()).unwrap_or(false)
}

fn dispatch(name: &str, args: &Value, archived: &mut Vec<String>) -> Result<Value, String> {
    match name {
        "search_mail" => {
            let action = Search {
                query: str_param(args, "query"),
                limit: u32_param(args, "limit"),
            };
            action.run()
        }
        "flag_email" => {
            if args.get("value").is_none() {
                return Err("value is required".into());
            }
            let action = Flag {
                id: str_param(args, "id"),
                value: bool_param(args, "value"),
            };
            action.run()
        }
        "archive" => {
            let id = args.get("id").and_then(Value::as_str).ok_or("id is required")?;
            let folder = args.get("folder").and_then(Value::as_str).unwrap_or("");
            archived.push(format!("{folder}/{id}"));
            Ok(json!({"archived": id}))
        }
        other => Err(format!("unknown tool {other}")),
    }
}

fn main() {
    let mut archived = Vec::new();
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let reply = match request["method"].as_str() {
            Some("tools/list") => json!({"tools": tools()}),
            Some("tools/call") => {
                let params = &request["params"];
                let name = params["name"].as_str().unwrap_or("");
                match dispatch(name, &params["arguments"], &mut archived) {
                    Ok(v) => v,
                    Err(e) => json!({"isError": true, "content": [{"type": "text", "text": e}]}),
                }
            }
            _ => json!({}),
        };
        println!("{}", json!({"jsonrpc": "2.0", "id": request["id"], "result": reply}));
    }
}
