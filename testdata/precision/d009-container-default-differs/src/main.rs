//! Sends a digest of the week's activity. The digest options are one object whose missing
//! fields take the values of `DigestOptions::default()`, which serde and schemars both use.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DigestOptions {
    /// Include the summary line at the top. Defaults to false.
    pub summary: bool,
    /// Number of highlighted items. Defaults to 5.
    pub highlights: u32,
    /// Send a plain-text copy beside the HTML. Defaults to `False`.
    pub plain_text: bool,
    /// Subject line prefix.
    pub prefix: String,
}

impl Default for DigestOptions {
    fn default() -> Self {
        Self {
            summary: true,
            highlights: 5,
            plain_text: false,
            prefix: String::from("[digest]"),
        }
    }
}

#[derive(Clone, Default)]
pub struct Mailer;

#[tool_router]
impl Mailer {
    #[tool(description = "Send this week's digest to the signed-in user.")]
    async fn send_digest(
        &self,
        Parameters(options): Parameters<DigestOptions>,
    ) -> Result<CallToolResult, ErrorData> {
        let lines = if options.summary { 1 } else { 0 } + options.highlights;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} sent with {lines} lines (plain text: {})",
            options.prefix, options.plain_text
        ))]))
    }
}

#[tokio::main]
async fn main() {
    let _ = Mailer;
}
