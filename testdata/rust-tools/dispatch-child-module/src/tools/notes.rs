use crate::db::Store;
use serde_json::{json, Value};

/// The `add_note` tool: reads the text and the pin flag from the arguments.
pub fn add_note(store: &mut Store, args: &Value) -> Result<Value, String> {
    let text = args["text"].as_str().ok_or("text is required")?;
    let pinned = args["pinned"].as_bool().unwrap_or(false);
    let at = crate::db::notes::add_note(store, text, pinned);
    Ok(json!({"position": at}))
}
