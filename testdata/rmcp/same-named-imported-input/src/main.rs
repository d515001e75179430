//! Memory desk: one MCP tool and a REST route that both take an `IngestRequest`, two types
//! of the same name in different modules. The tool's is the one `mcp/server.rs` imports
//! (`use super::tools::IngestRequest`), whatever module comes first in the tree.

mod api;
mod mcp;

fn main() {
    let _ = mcp::server::Desk;
    let _ = api::handlers::ingest;
}
