// Metamorphic: the colour picked with `matches!` instead of a `match`
//! The same stamp whose published bounds are the ones the code checks, with the ink taken
//! as an optional free text that only picks a colour.

use turul_mcp_derive::mcp_tool;
use turul_mcp_server::{McpResult, SessionContext};
use turul_mcp_protocol::McpError;

#[mcp_tool(name = "stamp_date", description = "Stamps a date on a document")]
async fn stamp_date(
    #[param(description = "Document id")] document: String,
    #[param(description = "Ink colour name; black unless it names red", optional)] ink: Option<String>,
    #[param(description = "Stamp size in millimetres", min = 10.0, max = 40.0)] size: i32,
    session: Option<SessionContext>,
) -> McpResult<String> {
    let colour = if matches!(ink.as_deref(), Some("red")) { 1 } else { 0 };
    if size < 10 || size > 40 {
        return Err(McpError::param_out_of_range("size", &size.to_string(), "10-40"));
    }
    let _ = session;
    Ok(format!("{document}: stamp {size} mm in colour {colour}"))
}
