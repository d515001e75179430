// Metamorphic: rmcp's `schema_for_type::<T>()` written at the call instead of the crate's wrapper.
use rmcp::handler::server::tool::schema_for_type;
use rmcp::model::Tool;

use super::{FireArgs, StatusArgs, tool};

pub(super) fn tools() -> Vec<Tool> {
    vec![
        tool(
            "fire_kiln",
            "Start a firing program on the kiln.",
            schema_for_type::<FireArgs>(),
            false,
        ),
        tool(
            "kiln_status",
            "Read the kiln's current temperature.",
            schema_for_type::<StatusArgs>(),
            true,
        ),
    ]
}
