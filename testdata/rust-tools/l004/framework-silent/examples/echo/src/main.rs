//! An application on the framework; its tools are registered through the framework's trait.

use relay_server::{Server, Tool};
use serde_json::{json, Value};

struct Echo;

impl Tool for Echo {
    fn name(&self) -> &str {
        "echo"
    }
    fn description(&self) -> &str {
        "Sends the text back unchanged."
    }
    fn schema(&self) -> Value {
        json!({"type": "object", "properties": {"text": {"type": "string", "description": "Text to send back."}}})
    }
    fn call(&self, args: &Value) -> Result<Value, String> {
        Ok(args.clone())
    }
}

fn main() {
    let mut server = Server::new();
    server.register(Box::new(Echo));
    let _ = server.handle("tools/list", &Value::Null);
}
