//! Renders the results of tool calls made elsewhere as plain text for a chat transcript.

use rmcp::model::{CallToolResult, RawContent};

pub fn render(result: &CallToolResult) -> String {
    let mut out = String::new();
    for content in &result.content {
        if let RawContent::Text(t) = &content.raw {
            out.push_str(&t.text);
            out.push('\n');
        }
    }
    if result.is_error == Some(true) {
        out.insert_str(0, "tool failed: ");
    }
    out
}
