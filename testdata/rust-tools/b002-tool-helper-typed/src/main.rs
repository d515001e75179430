//! A ceramics kiln controller served over MCP (stdio).

mod mcp;

fn main() {
    mcp::serve();
}
