//! A fleet console over rmcp. Listing tools page through results with one shared helper,
//! which tests each bound inside a closure on the `Option` (`is_some_and`, `is_none_or`):
//! page and per_page are enforced there. `rename_host`'s `ttl` minimum is enforced nowhere.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct PageArgs {
    /// Page number, 1-based.
    #[schemars(range(min = 1))]
    pub page: Option<u32>,
    /// Entries per page.
    #[schemars(range(min = 1, max = 50))]
    pub per_page: Option<u32>,
    /// Hosts in this rack only.
    #[schemars(range(min = 1, max = 40))]
    pub rack: Option<u32>,
}

#[derive(Deserialize, JsonSchema)]
pub struct RenameArgs {
    /// Host to rename.
    pub host: String,
    /// Seconds the old name keeps resolving.
    #[schemars(range(min = 60))]
    pub ttl: u32,
}

fn pagination(page: Option<u32>, per_page: Option<u32>) -> Result<Vec<(&'static str, String)>, ErrorData> {
    if page.is_some_and(|p| p < 1) {
        return Err(ErrorData::invalid_params("page must be >= 1", None));
    }
    if per_page.is_some_and(|p| !(1..=50).contains(&p)) {
        return Err(ErrorData::invalid_params("per_page must be between 1 and 50", None));
    }
    let mut query = Vec::new();
    if let Some(page) = page {
        query.push(("page", page.to_string()));
    }
    if let Some(per_page) = per_page {
        query.push(("per_page", per_page.to_string()));
    }
    Ok(query)
}

fn rack_filter(rack: Option<u32>) -> Result<Option<u32>, ErrorData> {
    if !rack.is_none_or(|r| (1..=40).contains(&r)) {
        return Err(ErrorData::invalid_params("rack must be between 1 and 40", None));
    }
    Ok(rack)
}

pub struct Fleet;

#[tool_router]
impl Fleet {
    #[tool(description = "Lists the hosts of the fleet, a page at a time.")]
    async fn list_hosts(&self, Parameters(args): Parameters<PageArgs>) -> Result<CallToolResult, ErrorData> {
        let query = pagination(args.page, args.per_page)?;
        let rack = rack_filter(args.rack)?;
        Ok(CallToolResult::success(vec![Content::text(format!("{query:?} {rack:?}"))]))
    }

    #[tool(description = "Renames a host; the old name keeps resolving for `ttl` seconds.")]
    async fn rename_host(&self, Parameters(args): Parameters<RenameArgs>) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!("{} for {}s", args.host, args.ttl))]))
    }
}

fn main() {}
