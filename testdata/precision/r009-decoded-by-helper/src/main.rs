//! A memory store for agents that answers MCP itself. Each handler decodes its arguments
//! through the crate's `decode_args` helper into its own input type: what the handler then
//! does to a property (here, clamping `weight` into 0..=1) is done to the decoded value, which
//! the linter does not follow, so it cannot say that nothing bounds `weight`.

mod tools;

use serde_json::Value;

fn main() {
    let mut store = tools::Store::default();
    let reply = store.call_tool("remember", Value::Null);
    println!("{reply:?}");
}
