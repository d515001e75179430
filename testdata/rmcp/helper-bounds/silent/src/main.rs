//! An MCP server that searches a help desk's tickets.

mod checks;
mod server;

fn main() {
    server::serve();
}
