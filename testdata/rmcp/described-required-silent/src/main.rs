//! An MCP server exposing the shop's cart to agents (rmcp).

mod cart;
mod server;

fn main() {
    server::serve();
}
