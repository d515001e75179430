//! An MCP server that imports CSV rows into a table in batches.

mod server;

fn main() {
    server::serve();
}
