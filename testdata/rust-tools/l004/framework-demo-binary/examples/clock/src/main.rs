//! A program on the hub whose tools are named by its configuration.

use hub_server::{Hub, Registered};
use serde_json::{json, Value};

fn main() {
    let prefix = std::env::var("CLOCK_PREFIX").unwrap_or_else(|_| "clock".into());
    let mut hub = Hub::default();
    hub.add(Registered {
        name: format!("{prefix}_now"),
        schema: json!({"type": "object", "properties": {}, "additionalProperties": false}),
        handler: Box::new(|_| Ok(json!({"unix": 0}))),
    });
    let _ = hub.answer("tools/list", &Value::Null);
}
