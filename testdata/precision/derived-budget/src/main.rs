//! An MCP server that searches a paper index (rmcp). `reviewPapers` computes a budget for
//! its first pass from `max_papers` and keeps `max_papers` itself; `searchPapers` caps
//! `limit` and goes on with the capped value; its `offset` plus the count is the end of the
//! page (saturating arithmetic computes that end, it adjusts no input). `recentPapers`
//! clamps `days` only after refusing every value outside the clamp's range: it never
//! changes an accepted value. `rankPapers` and `pagePapers` hand their `limit` to a helper
//! that holds it as a parameter: `rank` widens its candidate pool from it and keeps `limit`
//! for the answer (no adjustment); `page` caps it and goes on with the capped value (R010).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `reviewPapers`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewPapers {
    /// The topic to review.
    pub topic: String,
    /// How many papers the review keeps.
    pub max_papers: u32,
}

/// Arguments of `searchPapers`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchPapers {
    /// Words to search for.
    pub query: String,
    /// How many papers to return.
    pub limit: u32,
    /// How many matches to skip.
    pub offset: u32,
}

/// Arguments of `recentPapers`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecentPapers {
    /// Words to search for.
    pub query: String,
    /// How many days back to look, 1 through 90.
    #[schemars(range(min = 1, max = 90))]
    pub days: u32,
}

/// Arguments of `rankPapers` and `pagePapers`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RankPapers {
    /// Words to search for.
    pub query: String,
    /// How many papers to return.
    pub limit: u32,
}

pub struct Papers;

/// Ranks a pool of at least 20 candidates and answers `limit` of them.
fn rank(query: &str, limit: u32) -> Vec<String> {
    let pool = limit.max(20);
    let mut found = search(query, pool);
    found.sort();
    found.truncate(limit as usize);
    found
}

/// Answers at most 50 papers, whatever `limit` asks for.
fn page(query: &str, limit: u32) -> Vec<String> {
    let count = limit.min(50);
    search(query, count)
}

fn search(query: &str, n: u32) -> Vec<String> {
    (0..n).map(|i| format!("{query} #{i}")).collect()
}

#[tool_router]
impl Papers {
    #[tool(name = "reviewPapers", description = "Reviews the literature on a topic.")]
    async fn review_papers(
        &self,
        Parameters(input): Parameters<ReviewPapers>,
    ) -> Result<CallToolResult, ErrorData> {
        // The first pass reads at most 20 papers; the review keeps `max_papers` of all passes.
        let first_pass = input.max_papers.min(20);
        let mut found = search(&input.topic, first_pass);
        found.extend(search(&input.topic, input.max_papers));
        found.truncate(input.max_papers as usize);
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }

    #[tool(name = "searchPapers", description = "Searches the paper index.")]
    async fn search_papers(
        &self,
        Parameters(input): Parameters<SearchPapers>,
    ) -> Result<CallToolResult, ErrorData> {
        let count = input.limit.min(50);
        let start = input.offset;
        let end = start.saturating_add(count);
        let page: Vec<String> = search(&input.query, end)
            .into_iter()
            .skip(start as usize)
            .collect();
        Ok(CallToolResult::success(vec![Content::text(page.join("\n"))]))
    }

    #[tool(name = "rankPapers", description = "Ranks the papers matching the words.")]
    async fn rank_papers(
        &self,
        Parameters(input): Parameters<RankPapers>,
    ) -> Result<CallToolResult, ErrorData> {
        let found = rank(&input.query, input.limit);
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }

    #[tool(name = "pagePapers", description = "Lists the papers matching the words.")]
    async fn page_papers(
        &self,
        Parameters(input): Parameters<RankPapers>,
    ) -> Result<CallToolResult, ErrorData> {
        let found = page(&input.query, input.limit);
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }
}

#[tool_router(router = recent_router)]
impl Papers {
    #[tool(name = "recentPapers", description = "Searches papers of the last days.")]
    async fn recent_papers(
        &self,
        Parameters(input): Parameters<RecentPapers>,
    ) -> Result<CallToolResult, ErrorData> {
        if !(1..=90).contains(&input.days) {
            return Err(ErrorData::invalid_params("days must be 1 through 90", None));
        }
        let window = input.days.clamp(1, 90);
        let found = search(&input.query, window);
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }
}

fn main() {}
