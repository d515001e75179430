//! A JSON-RPC note desk without an SDK. The tool module `tools::notes` and the storage
//! module `db::notes` both define `add_note`; the dispatcher in `tools/mod.rs` calls
//! `notes::add_note`, a path relative to its own module, so the handler is the tool's
//! `add_note` (which reads the arguments map without checking its keys: R002), not the
//! storage function of the same name.

mod db;
mod tools;

fn main() {
    let mut store = db::Store::default();
    let _ = tools::tool_list();
    let _ = tools::call(&mut store, "add_note", &serde_json::json!({"text": "hi"}));
}
