// Metamorphic: the type named by a turbofish instead of the local's annotation
//! A mail server that speaks MCP's JSON-RPC itself: `search_emails` publishes a hand-written
//! schema and decodes its arguments into a struct of its own in the handler.

use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Args {
    query: String,
    max_results: Option<u32>,
}

pub struct Mailbox {
    subjects: Vec<String>,
}

impl Mailbox {
    pub fn list_tools(&self) -> Value {
        json!({
            "tools": [{
                "name": "search_emails",
                "description": "Search the mailbox; returns the subjects of the matching messages.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "query": { "type": "string", "description": "Words to look for in the subject" },
                        "maxResults": { "type": "number", "description": "Most messages to return" }
                    },
                    "required": ["query"],
                    "additionalProperties": false
                }
            }]
        })
    }

    pub fn call_tool(&self, name: &str, args: Value) -> Result<Value, String> {
        match name {
            "search_emails" => self.handle_search_emails(args),
            other => Err(format!("unknown tool {other}")),
        }
    }

    fn handle_search_emails(&self, args: Value) -> Result<Value, String> {
        let args = serde_json::from_value::<Args>(args).map_err(|e| format!("Invalid arguments: {e}"))?;
        let found: Vec<&String> = self
            .subjects
            .iter()
            .filter(|s| s.contains(&args.query))
            .take(args.max_results.unwrap_or(20) as usize)
            .collect();
        Ok(json!({ "subjects": found }))
    }
}

fn main() {
    let m = Mailbox { subjects: Vec::new() };
    let _ = m.list_tools();
}
