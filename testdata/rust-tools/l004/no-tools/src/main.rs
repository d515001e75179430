//! An MCP server whose tools are registered from a table the linter cannot read statically.

mod registry;

#[tokio::main]
async fn main() {
    let tools = registry::load_from_env();
    registry::serve(tools).await;
}
