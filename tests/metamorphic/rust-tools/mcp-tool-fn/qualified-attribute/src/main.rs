// Metamorphic: the attribute named by its path instead of a `use`
//! A date stamp as a turul-mcp-framework function tool: `#[mcp_tool]` makes each parameter
//! a property, described by its `#[param(..)]`.

use turul_mcp_server::{McpResult, SessionContext};
use turul_mcp_protocol::McpError;

#[turul_mcp_derive::mcp_tool(name = "stamp_date", description = "Stamps a date on a document")]
async fn stamp_date(
    #[param(description = "Document id")] document: String,
    #[param(description = "Ink colour")] ink: String,
    #[param(description = "Stamp size in millimetres")] size: i32,
    session: Option<SessionContext>,
) -> McpResult<String> {
    let colour = match ink.as_str() {
        "red" => 1,
        "blue" => 2,
        _ => return Err(McpError::invalid_param_type("ink", "red|blue", &ink)),
    };
    if size < 10 || size > 40 {
        return Err(McpError::param_out_of_range("size", &size.to_string(), "10-40"));
    }
    let _ = session;
    Ok(format!("{document}: stamp {size} mm in colour {colour}"))
}
