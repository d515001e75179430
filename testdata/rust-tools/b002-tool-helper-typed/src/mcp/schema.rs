//! How every tool is built: its published schema is the one rmcp derives from the input
//! type, and its hints follow from whether it only reads.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};

pub(super) fn input_schema<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    rmcp::handler::server::tool::schema_for_type::<T>()
}

pub(super) fn tool(
    name: &'static str,
    description: &'static str,
    input_schema: Arc<JsonObject>,
    read_only: bool,
) -> Tool {
    Tool::new(name, description, input_schema).annotate(
        ToolAnnotations::new()
            .read_only(read_only)
            .destructive(!read_only),
    )
}
