//! An MCP server that types on a remote test device: each tool names the device's port.

mod constants;
mod port;
mod server;

fn main() {
    server::serve();
}
