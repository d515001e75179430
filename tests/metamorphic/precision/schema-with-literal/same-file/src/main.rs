// Metamorphic: the `schema_with` functions defined in the file of the input types and named bare; the schema module is no longer declared (its same-named functions are another file's).
//! A ledger server (rmcp) whose counts are published through `schema_with` functions that
//! write the schema as a literal. `max_rows` is published with no cap but JSON's safe
//! integer range, yet a request above the operator's limit is lowered to it; `page_size`
//! is published up to 200 while the code admits pages of up to 500 entries.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;

/// What the operator configured for every query.
pub struct Limits {
    pub max_rows: usize,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueryInput {
    /// The ledger query to run.
    pub query: String,
    /// Maximum rows to return (overrides the server's default page size).
    #[serde(default)]
    #[schemars(schema_with = "count_schema")]
    pub max_rows: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListInput {
    /// The account whose entries are listed.
    pub account: String,
    /// Entries per page.
    #[schemars(schema_with = "page_size_schema")]
    pub page_size: u32,
}

pub struct Ledger {
    limits: Limits,
    entries: Vec<String>,
}

fn refuse(message: &str) -> ErrorData {
    ErrorData::invalid_params(message.to_string(), None)
}

#[tool_router]
impl Ledger {
    #[tool(description = "Runs a query over the ledger and returns the matching entries.")]
    async fn query_ledger(
        &self,
        Parameters(input): Parameters<QueryInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let rows = input
            .max_rows
            .unwrap_or(self.limits.max_rows)
            .min(self.limits.max_rows);
        let found: Vec<&String> = self
            .entries
            .iter()
            .filter(|e| e.contains(&input.query))
            .take(rows)
            .collect();
        Ok(CallToolResult::success(vec![Content::text(format!("{found:?}"))]))
    }

    #[tool(description = "Lists the entries of one account, a page at a time.")]
    async fn list_entries(
        &self,
        Parameters(input): Parameters<ListInput>,
    ) -> Result<CallToolResult, ErrorData> {
        if !(1..=500).contains(&input.page_size) {
            return Err(refuse("page_size must be between 1 and 500"));
        }
        let page: Vec<&String> = self
            .entries
            .iter()
            .filter(|e| e.starts_with(&input.account))
            .take(input.page_size as usize)
            .collect();
        Ok(CallToolResult::success(vec![Content::text(format!("{page:?}"))]))
    }
}

const SAFE_INTEGER_MAX: u64 = 9_007_199_254_740_991;

pub fn count_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 0,
        "maximum": SAFE_INTEGER_MAX
    })
}

pub fn page_size_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 1,
        "maximum": 200
    })
}

fn main() {}
