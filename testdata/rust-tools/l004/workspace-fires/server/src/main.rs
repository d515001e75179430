//! An event log server whose tools are named by a derive the linter does not expand: the
//! whole member package depends on rmcp through the workspace and no tool can be read.

use event_mcp_macros::Labelled;
use rmcp::model::Tool;
use serde_json::{Map, Value};
use std::sync::Arc;

#[derive(Clone, Copy, Labelled)]
pub enum EventKind {
    Append,
    Tail,
}

pub fn tools(kinds: &[EventKind]) -> Vec<Tool> {
    kinds
        .iter()
        .map(|kind| {
            Tool::new(
                kind.label(),
                "Works on the event log.",
                Arc::new(Map::<String, Value>::new()),
            )
        })
        .collect()
}

#[tokio::main]
async fn main() {
    let listed = tools(&[EventKind::Append, EventKind::Tail]);
    eprintln!("{} tools", listed.len());
}
