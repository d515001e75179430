//! The MCP side: tools are listed by `registry`, built with the helpers of `schema`, and
//! dispatched by `router`.

mod args;
mod registry;
mod router;
mod schema;

use rmcp::model::Tool;

pub(super) use args::{FireArgs, StatusArgs};
use schema::{input_schema, tool};

pub fn serve() {
    let tools: Vec<Tool> = registry::tools();
    for t in &tools {
        println!("{}", t.name);
    }
}
