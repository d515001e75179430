//! The search engine. `QueryReport` is what a query answers: the server turns it into the
//! `query_report` tool's result, and `schemas/query_report.schema.json` documents it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QueryReport {
    pub query: String,
    pub hits: Vec<String>,
    #[serde(default)]
    pub degradation_reasons: Vec<String>,
}

pub fn run(query: &str) -> QueryReport {
    QueryReport {
        query: query.to_string(),
        hits: Vec::new(),
        degradation_reasons: Vec::new(),
    }
}
