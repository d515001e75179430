//! `cases TOOL --run`'s one-screen summary: what a person at a terminal needs to know about
//! a run (how many rows, which failed and why, which changed state, where the record is),
//! read from the record itself so that it can never say something the record does not. Text
//! the server or a cases file chose is shown with [`visible`]: it never drives the terminal.

use crate::source::escape::visible;
use serde_json::Value;
use std::fmt::Write as _;

/// Most failed rows listed by id; the record has them all.
const MAX_LISTED: usize = 10;

/// `cases --run --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RunFormat {
    /// A one-screen summary; the record goes to `-o FILE`.
    Human,
    /// The run record itself (docs/readiness.md).
    Json,
}

/// The summary of `record`, the record written to `written` (`None`: not written).
pub fn summary(record: &Value, written: Option<&str>) -> String {
    let rows = record["rows"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let count = |key: &str| record["summary"][key].as_u64().unwrap_or_default();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "contractlint cases {}: {} row{}, {} passed, {} failed ({} not run)",
        visible(text(&record["tool"])),
        count("rows"),
        if count("rows") == 1 { "" } else { "s" },
        count("passed"),
        count("failed"),
        count("not_run"),
    );
    let changed: Vec<&str> = rows
        .iter()
        .filter(|r| r["state"]["compared"] == "changed")
        .map(|r| text(&r["id"]))
        .collect();
    let _ = writeln!(
        s,
        "rows that changed state: {}{}",
        changed.len(),
        listed(&changed)
    );
    let failed: Vec<&Value> = rows.iter().filter(|r| r["verdict"] == "failed").collect();
    for r in failed.iter().take(MAX_LISTED) {
        let (id, why) = (visible(text(&r["id"])), visible(text(&r["why"][0])));
        let _ = writeln!(s, "  ✗ {id}: {why}");
    }
    if failed.len() > MAX_LISTED {
        let _ = writeln!(s, "  … and {} more failed rows", failed.len() - MAX_LISTED);
    }
    for f in record["findings"].as_array().into_iter().flatten() {
        let _ = writeln!(s, "finding: {}", visible(text(&f["message"])));
    }
    let server = match record["server"]["url"].as_str() {
        Some(url) => url.to_string(),
        None => record["server"]["command"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(" "),
    };
    let exit = text(&record["server"]["exit"]);
    let _ = writeln!(s, "server: {} ({exit})", visible(&server));
    let _ = writeln!(
        s,
        "{}",
        match written {
            Some(path) => format!("record: {}", visible(path)),
            None => "record: not written (-o FILE writes it; --format json prints it)".to_string(),
        }
    );
    s
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// ` (a, b, c)`, at most [`MAX_LISTED`] ids, or nothing for none.
fn listed(ids: &[&str]) -> String {
    match ids.len() {
        0 => String::new(),
        n => {
            let shown: Vec<_> = ids.iter().take(MAX_LISTED).map(|i| visible(i)).collect();
            let more = if n > MAX_LISTED { ", …" } else { "" };
            format!(" ({}{more})", shown.join(", "))
        }
    }
}
