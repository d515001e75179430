//! `--format json`, exactly as OUTPUT.md promises (change only by adding).

use super::counts;
use crate::diagnostic::Label;
use crate::outcome::Outcome;
use crate::source::SourceMap;
use serde_json::{Value, json};

fn location(sources: &SourceMap, label: &Label) -> serde_json::Map<String, Value> {
    let f = sources.get(label.span.file);
    let start = f.position(label.span.start);
    let end = f.position(label.span.end);
    let mut m = serde_json::Map::new();
    m.insert("file".into(), json!(f.display));
    m.insert("line".into(), json!(start.line));
    m.insert("column".into(), json!(start.column));
    m.insert("end_line".into(), json!(end.line));
    m.insert("end_column".into(), json!(end.column));
    m
}

pub fn render(outcome: &Outcome) -> String {
    let sources = &outcome.project.sources;
    let diagnostics: Vec<Value> = outcome
        .diagnostics
        .iter()
        .map(|d| {
            let related: Vec<Value> = d
                .related
                .iter()
                .map(|l| {
                    let mut m = location(sources, l);
                    m.insert("message".into(), json!(l.message));
                    Value::Object(m)
                })
                .collect();
            let mut v = json!({
                "code": d.code,
                "rule": crate::catalog::find(d.code).map(|r| r.name.as_str()),
                "severity": d.severity.as_str(),
                "tool": d.tool,
                "message": d.message,
                "primary": Value::Object(location(sources, &d.primary)),
                "related": related,
                "help": d.help,
            });
            // A systemic finding names the tools it stands for.
            if !d.members.is_empty() {
                let tools: Vec<&str> = d.members.iter().filter_map(|m| m.tool.as_deref()).collect();
                v["tools"] = json!(tools);
            }
            v
        })
        .collect();
    let (errors, warnings, infos) = counts(outcome);
    let mut doc = json!({
        "version": 1,
        "tool": {"name": "contractlint", "version": env!("CARGO_PKG_VERSION")},
        "diagnostics": diagnostics,
        "summary": {
            "files": outcome.files,
            "tools": outcome.project.contracts.len(),
            "errors": errors,
            "warnings": warnings,
            "infos": infos,
        }
    });
    if let Some(n) = super::no_tools_notice(outcome) {
        doc["summary"]["notice"] = json!(n);
    }
    if !outcome.ignored.is_empty() {
        doc["summary"]["skipped"]["ignored"] = json!(outcome.ignored.len());
    }
    if !outcome.project.skipped.is_empty() {
        doc["summary"]["skipped"]["unreadable"] = json!(outcome.project.skipped.len());
    }
    let mut s = serde_json::to_string_pretty(&doc).expect("JSON values always serialize");
    s.push('\n');
    s
}
