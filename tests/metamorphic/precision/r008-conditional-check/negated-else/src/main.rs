// Metamorphic: the conditions negated, the conditional checks moved to the else branch.
//! A registry of monitored sites. A site is named by an https URL or by a bare domain
//! written `domain:example.com`; only the second form has a length rule, since `domain:`
//! alone names nothing. Rush jobs may not take the lowest priorities.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterArgs {
    /// `https://example.com/` or `domain:example.com`.
    pub site_url: String,
    /// Name shown on the dashboard.
    pub label: String,
    /// Free text kept with the site.
    pub note: Option<String>,
    /// Check the site before the queue.
    pub rush: bool,
    /// Queue priority, 1 (first) to 5.
    #[schemars(range(min = 1, max = 5))]
    pub priority: u32,
}

fn check_site(url: &str) -> Result<(), String> {
    if !url.starts_with("domain:") {
        if !url.starts_with("https://") {
            return Err("use https://... or domain:...".into());
        }
    } else if url.len() <= 7 {
        return Err("domain: must be followed by a domain".into());
    }
    Ok(())
}

fn check_args(args: &RegisterArgs) -> Result<(), String> {
    check_site(&args.site_url)?;
    if args.label.len() > 40 {
        return Err("label is longer than 40 characters".into());
    }
    if let Some(note) = &args.note {
        if note.len() > 200 {
            return Err("note is longer than 200 characters".into());
        }
    }
    if args.priority < 1 || args.priority > 5 {
        return Err("priority is 1 to 5".into());
    }
    if !args.rush {
        // Any priority of the range will do.
    } else if args.priority > 3 {
        return Err("a rush job takes priority 1 to 3".into());
    }
    Ok(())
}

#[derive(Clone, Default)]
pub struct Registry;

#[tool_router]
impl Registry {
    #[tool(description = "Add a site to the monitoring registry.")]
    async fn register_site(
        &self,
        Parameters(args): Parameters<RegisterArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        if let Err(e) = check_args(&args) {
            return Ok(CallToolResult::error(vec![Content::text(e)]));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "registered {} as {}",
            args.site_url, args.label
        ))]))
    }
}

#[tokio::main]
async fn main() {
    let _ = Registry;
}
