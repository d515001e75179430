// Metamorphic: the dispatcher picks the tool with an if-else chain on its name instead of a match
//! A pantry inventory served over stdio by hand: the server type lists the tools and its
//! `run` loop reads requests; a separate method dispatches each call to its module.

mod tools;

use serde::Deserialize;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[derive(Deserialize)]
struct ToolCall {
    name: String,
    #[serde(default)]
    arguments: Value,
}

struct PantryServer {
    shelf: tools::Shelf,
}

impl PantryServer {
    async fn run(&self) -> anyhow::Result<()> {
        let mut lines = BufReader::new(tokio::io::stdin()).lines();
        let mut out = tokio::io::stdout();
        while let Some(line) = lines.next_line().await? {
            let request: Value = serde_json::from_str(&line)?;
            let result = match request["method"].as_str() {
                Some("tools/list") => self.list_tools(),
                Some("tools/call") => self.handle_tools_call(request["params"].clone()).await,
                _ => json!({}),
            };
            let reply = json!({"jsonrpc": "2.0", "id": request["id"], "result": result});
            out.write_all(format!("{reply}\n").as_bytes()).await?;
        }
        Ok(())
    }

    fn list_tools(&self) -> Value {
        json!({
            "tools": [
                {
                    "name": "find_items",
                    "description": "Find pantry items whose name contains the text.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "text": {"type": "string", "description": "Part of the item's name."},
                            "limit": {"type": "number", "default": 10, "description": "Most items to return."}
                        },
                        "required": ["text"]
                    }
                },
                {
                    "name": "restock",
                    "description": "Record that an item was restocked.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "item": {"type": "string", "description": "The item's name."},
                            "count": {"type": "integer", "minimum": 1, "description": "How many were added."}
                        },
                        "required": ["item", "count"]
                    }
                }
            ]
        })
    }

    async fn handle_tools_call(&self, params: Value) -> Value {
        let call: ToolCall = match serde_json::from_value(params) {
            Ok(call) => call,
            Err(e) => return json!({"isError": true, "content": [{"type": "text", "text": e.to_string()}]}),
        };
        let answer = if call.name == "find_items" {
            tools::find_items(&self.shelf, call.arguments)
        } else if call.name == "restock" {
            tools::restock(&self.shelf, call.arguments)
        } else {
            Err(anyhow::anyhow!("unknown tool {}", call.name))
        };
        match answer {
            Ok(text) => json!({"content": [{"type": "text", "text": text}]}),
            Err(e) => json!({"isError": true, "content": [{"type": "text", "text": e.to_string()}]}),
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let server = PantryServer { shelf: tools::Shelf::default() };
    server.run().await
}
