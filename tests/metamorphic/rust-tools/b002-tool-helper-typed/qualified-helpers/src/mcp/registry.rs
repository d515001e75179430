// Metamorphic: the helpers named by their path through the parent module instead of imported.
use rmcp::model::Tool;

use super::{FireArgs, StatusArgs};

pub(super) fn tools() -> Vec<Tool> {
    vec![
        super::tool(
            "fire_kiln",
            "Start a firing program on the kiln.",
            super::input_schema::<FireArgs>(),
            false,
        ),
        super::tool(
            "kiln_status",
            "Read the kiln's current temperature.",
            super::input_schema::<StatusArgs>(),
            true,
        ),
    ]
}
