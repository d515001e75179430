// Metamorphic: the `schema_with` functions defined in the file of the input types and named bare; the schema module is no longer declared (its same-named functions are another file's).
//! A ledger server (rmcp) whose counts are published through `schema_with` functions. Each
//! cap the code applies is one the published schema states: `max_rows` is published up to
//! 1000 (the operator's limit may be it), `page_size` from 1 to 200 as the code checks, and
//! `count`'s schema is built when the server starts, so whether it admits 0, which the code
//! refuses, is not known.

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
    #[schemars(schema_with = "capped_count_schema")]
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

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TailInput {
    /// How many of the latest entries to return.
    #[serde(default)]
    #[schemars(schema_with = "generated_count_schema")]
    pub count: Option<usize>,
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
        if !(1..=200).contains(&input.page_size) {
            return Err(refuse("page_size must be between 1 and 200"));
        }
        let page: Vec<&String> = self
            .entries
            .iter()
            .filter(|e| e.starts_with(&input.account))
            .take(input.page_size as usize)
            .collect();
        Ok(CallToolResult::success(vec![Content::text(format!("{page:?}"))]))
    }

    #[tool(description = "Returns the latest entries of the ledger.")]
    async fn tail_entries(
        &self,
        Parameters(input): Parameters<TailInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let count = input
            .count
            .unwrap_or(self.limits.max_rows)
            .min(self.limits.max_rows);
        if count == 0 {
            return Err(refuse("count must be at least 1"));
        }
        let start = self.entries.len().saturating_sub(count);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{:?}",
            &self.entries[start..]
        ))]))
    }
}

pub fn capped_count_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 0,
        "maximum": 1000
    })
}

pub fn page_size_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 1,
        "maximum": 200
    })
}

/// Built from another type's schema when the server starts: what it publishes is not
/// written here.
pub fn generated_count_schema(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = u32::json_schema(generator);
    schema.insert("title".into(), "count".into());
    schema
}

fn main() {}
