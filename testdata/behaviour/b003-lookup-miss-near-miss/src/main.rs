//! An MCP server answering questions about a team's glossary of terms.

mod glossary;
mod server;

fn main() {
    server::serve();
}
