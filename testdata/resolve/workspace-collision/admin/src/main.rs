//! The admin command line: purges notes and saves its settings. Not a dependency of the
//! server.

use rusqlite::Connection;
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Debug, Deserialize)]
pub struct SearchInput {
    pub query: String,
    pub limit: Option<u32>,
}

pub struct Report {
    path: String,
    hits: Vec<String>,
}

impl Report {
    pub fn save(&mut self) -> std::io::Result<()> {
        self.hits.push(String::new());
        std::fs::write(&self.path, self.hits.join("\n"))
    }
}

pub fn execute(conn: &mut Connection, query: &str) -> usize {
    conn.execute("DELETE FROM notes WHERE body LIKE ?1", [query])
        .unwrap_or_default()
}

pub fn settings(path: &str) -> HashMap<String, String> {
    match std::fs::read_to_string(path) {
        Ok(s) => s
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        Err(_) => HashMap::new(),
    }
}

fn main() {}
