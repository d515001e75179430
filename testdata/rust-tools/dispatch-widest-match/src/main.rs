//! A notes index served over JSON-RPC without an SDK. The server's dispatcher (`handler.rs`)
//! names every tool; a benchmark names one, the help command names each, and the cache has a
//! method called like a tool. Only the dispatcher's arms say which code serves a tool.

mod bench;
mod cache;
mod cli_help;
mod handler;
mod tools;

fn main() {
    let index = handler::ToolHandler::new(cache::CachedIndex::default());
    let _ = tools::tools_list();
    let _ = index.execute_tool("search_notes", &serde_json::json!({"query": "x"}));
    bench::run_case("search_notes", "x");
    let _ = cli_help::render_help("recent_notes", false);
}
