// Metamorphic: `depth >= 1` for `depth > 0` on an unsigned integer
//! A site crawler. The tool's description is a Markdown file the server includes as its
//! doc comment, as rmcp reads it. `depth` picks how far links are followed: 0 reads only
//! the start page. Following links parses the start address and may fail, but that is
//! the work failing, not a bound on `depth`. The test suite builds a tool of its own.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrawlSiteArgs {
    /// The page to start from.
    pub start_url: String,
    /// How many links deep to follow; 0 reads only the start page.
    #[schemars(range(min = 0))]
    pub depth: u32,
}

pub struct Crawler;

#[tool_router]
impl Crawler {
    #[doc = include_str!("../docs/crawl_site.md")]
    #[tool]
    pub async fn crawl_site(
        &self,
        Parameters(args): Parameters<CrawlSiteArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut pages = vec![args.start_url.clone()];
        if args.depth >= 1 {
            let Ok(base) = url::Url::parse(&args.start_url) else {
                let text = format!("`{}` is not an address", args.start_url);
                return Ok(CallToolResult::error(vec![Content::text(text)]));
            };
            let host = base.host_str().unwrap_or_default().to_string();
            for level in 1..=args.depth {
                pages.push(format!("{host}#{level}"));
            }
        }
        Ok(CallToolResult::success(vec![Content::text(pages.join("\n"))]))
    }
}
