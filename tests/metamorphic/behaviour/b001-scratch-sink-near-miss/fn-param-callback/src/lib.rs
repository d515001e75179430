// Metamorphic: the visitor's callback parameter named `record`, as the history's function is.
//! Saved read-only queries. Saving one first lists the tables its SQL reads, through a
//! visitor that reports each table to a callback; the callback collects them in a set made
//! for this call alone and shared with the visitor by `Arc::clone`. Only when every table is
//! one the caller may read is the query stored: filling the scratch set changes nothing a
//! later call sees. The callback's own helper is called `record`, as is the history's
//! function, which it is not.

mod history;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveQueryParams {
    /// The name the query is saved under.
    pub name: String,
    /// A single SELECT statement over the readable tables.
    pub sql: String,
}

const READABLE: &[&str] = &["orders", "customers", "products"];

/// Calls `record` with each table named after FROM or JOIN in `sql`.
fn visit_tables(sql: &str, mut record: impl FnMut(&str)) {
    let words: Vec<&str> = sql.split_whitespace().collect();
    for pair in words.windows(2) {
        let keyword = pair[0].to_ascii_uppercase();
        if keyword == "FROM" || keyword == "JOIN" {
            record(pair[1].trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_'));
        }
    }
}

/// The tables `sql` reads.
fn referenced_tables(sql: &str) -> HashSet<String> {
    let tables: Arc<Mutex<HashSet<String>>> = Arc::new(Mutex::new(HashSet::new()));
    let sink = Arc::clone(&tables);
    visit_tables(sql, move |table| {
        let record = |name: &str| {
            sink.lock().unwrap().insert(name.to_ascii_lowercase());
        };
        record(table);
    });
    let found = tables.lock().unwrap().clone();
    found
}

/// Rejects anything but one SELECT over the readable tables.
fn check_query(sql: &str) -> Result<(), ErrorData> {
    let tables = referenced_tables(sql);
    if !sql.trim_start().to_ascii_uppercase().starts_with("SELECT") || sql.contains(';') {
        return Err(ErrorData::invalid_params("`sql` must be one SELECT statement", None));
    }
    if let Some(other) = tables.iter().find(|t| !READABLE.contains(&t.as_str())) {
        return Err(ErrorData::invalid_params(
            format!("`sql` reads `{other}`, which agents may not read"),
            None,
        ));
    }
    Ok(())
}

pub struct Queries {
    saved: Mutex<HashMap<String, String>>,
    history: Mutex<Vec<String>>,
}

#[tool_router]
impl Queries {
    #[tool(description = "Saves a read-only SQL query under a name, after checking that it reads only the tables agents may read.")]
    pub async fn save_query(
        &self,
        Parameters(p): Parameters<SaveQueryParams>,
    ) -> Result<CallToolResult, ErrorData> {
        check_query(&p.sql)?;
        self.saved.lock().unwrap().insert(p.name.clone(), p.sql.clone());
        history::record(&self.history, &p.name);
        Ok(CallToolResult::success(vec![Content::text(format!("saved `{}`", p.name))]))
    }
}
