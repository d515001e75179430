//! An MCP server that renders thumbnails of uploaded images. It is built against schemars
//! 0.8, whose integer schemas carry only `minimum: 0` for unsigned types and no bounds for
//! signed ones.

mod server;

fn main() {
    server::serve();
}
