//! A library catalogue search served with rust-mcp-sdk: the server's `call_tool` matches
//! the tool's name, parses the arguments with one generic helper, then hands the typed
//! input to the tool's handler.

mod handlers;
mod server;
mod tools;

fn main() {
    server::serve();
}
