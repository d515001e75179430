//! The kiln controller's MCP server: `router` answers JSON-RPC, `tools` holds the tools.

#[tokio::main]
async fn main() {
    let registry = tools::Registry::default();
    router::serve_stdio(registry).await;
}
