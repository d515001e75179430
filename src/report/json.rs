//! `--format json`, exactly as OUTPUT.md promises (change only by adding).

use super::counts;
use crate::diagnostic::Label;
use crate::outcome::Outcome;
use crate::source::SourceMap;
use serde::Serialize;
use serde_json::{Value, json};

/// A location, its fields in the order OUTPUT.md shows.
#[derive(Serialize)]
struct Location<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

fn location<'a>(sources: &'a SourceMap, label: &Label) -> Location<'a> {
    let f = sources.get(label.span.file);
    let start = f.position(label.span.start);
    let end = f.position(label.span.end);
    Location {
        file: &f.display,
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
    }
}

#[derive(Serialize)]
struct Related<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
}

/// One finding. Serialised as it is read rather than built as a `Value` first: a systemic
/// finding lists every tool of a large manifest, and a map per location took a hundred
/// bytes for each byte of the report (issue 23, a manifest of 65,000 tools).
#[derive(Serialize)]
struct Finding<'a> {
    code: &'static str,
    rule: Option<&'a str>,
    severity: &'static str,
    tool: Option<&'a str>,
    message: &'a str,
    primary: Location<'a>,
    related: Vec<Related<'a>>,
    help: Option<&'a str>,
    /// A systemic finding names the tools it stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    tools: Option<Vec<&'a str>>,
}

#[derive(Serialize)]
struct Report<'a> {
    version: u32,
    tool: Value,
    diagnostics: Vec<Finding<'a>>,
    summary: Value,
}

pub fn render(outcome: &Outcome) -> String {
    let sources = &outcome.project.sources;
    let diagnostics: Vec<Finding<'_>> = outcome
        .diagnostics
        .iter()
        .map(|d| Finding {
            code: d.code,
            rule: crate::catalog::find(d.code).map(|r| r.name.as_str()),
            severity: d.severity.as_str(),
            tool: d.tool.as_deref(),
            message: &d.message,
            primary: location(sources, &d.primary),
            related: d
                .related
                .iter()
                .map(|l| {
                    let at = location(sources, l);
                    Related {
                        file: at.file,
                        line: at.line,
                        column: at.column,
                        end_line: at.end_line,
                        end_column: at.end_column,
                        message: &l.message,
                    }
                })
                .collect(),
            help: d.help.as_deref(),
            tools: (!d.members.is_empty())
                .then(|| d.members.iter().filter_map(|m| m.tool.as_deref()).collect()),
        })
        .collect();
    let (errors, warnings, infos) = counts(outcome);
    let mut summary = json!({
        "files": outcome.files,
        "tools": outcome.project.contracts.len(),
        "errors": errors,
        "warnings": warnings,
        "infos": infos,
    });
    if let Some(n) = super::no_tools_notice(outcome) {
        summary["notice"] = json!(n);
    }
    if !outcome.ignored.is_empty() {
        summary["skipped"]["ignored"] = json!(outcome.ignored.len());
    }
    if !outcome.project.skipped.is_empty() {
        summary["skipped"]["unreadable"] = json!(outcome.project.skipped.len());
    }
    let doc = Report {
        version: 1,
        tool: json!({"name": "contractlint", "version": env!("CARGO_PKG_VERSION")}),
        diagnostics,
        summary,
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("JSON values always serialize");
    s.push('\n');
    s
}
