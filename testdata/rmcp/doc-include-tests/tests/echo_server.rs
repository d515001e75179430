//! An echo tool the integration tests serve to exercise the transport; it is never part of
//! the crawler's server.

use rmcp::model::Tool;
use std::sync::Arc;

fn echo_tool() -> Tool {
    Tool::new(
        "echo",
        "Echoes its input.",
        Arc::new(serde_json::json!({ "type": "object" }).as_object().unwrap().clone()),
    )
}

#[tokio::test]
async fn echo_is_listed() {
    assert_eq!(echo_tool().name, "echo");
}
