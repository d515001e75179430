// Metamorphic: a `match` on `Value` variants instead of `and_then(Value::as_str)`
//! A read-only page lookup whose API client calls `self.http.get(..)` on a reqwest client
//! (a field whose type the linter does not read). The crate has two methods named `get` of
//! its own, one of which writes: neither is what `self.http.get` runs, so the read-only
//! tool must not be said to write.

mod api;
mod sessions;

use serde_json::{Map, Value, json};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "get_page",
                "description": "Fetch a wiki page by its title.",
                "annotations": {"readOnlyHint": true},
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "title": {"type": "string", "description": "The page title."}
                    },
                    "required": ["title"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

async fn call_tool(client: &api::WikiClient, name: &str, args: &Map<String, Value>) -> Result<Value, String> {
    match name {
        "get_page" => {
            let title = match args.get("title") {
                Some(Value::String(t)) => t.as_str(),
                _ => return Err("title is required".to_string()),
            };
            client.page(title).await
        }
        _ => Err(format!("unknown tool {name}")),
    }
}

fn main() {
    let client = api::WikiClient::new("https://wiki.example");
    let _ = tools_list();
    let _ = call_tool(&client, "get_page", &Map::new());
}
