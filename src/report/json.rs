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
    let start = f.position(label.span.start());
    let end = f.position(label.span.end());
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
    /// What the finding rests on: each claim, the model's answer, where it was read.
    evidence: Vec<Evidence<'a>>,
}

#[derive(Serialize)]
struct Evidence<'a> {
    claim: String,
    answer: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

#[derive(Serialize)]
struct Report<'a> {
    version: u32,
    tool: Value,
    diagnostics: Findings<'a>,
    summary: Value,
}

/// The findings, each made as it is written: a report of a large manifest is not held twice.
struct Findings<'a>(&'a Outcome);

impl Serialize for Findings<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let sources = &self.0.project.sources;
        s.collect_seq(self.0.diagnostics.iter().map(|d| finding(sources, d)))
    }
}

fn finding<'a>(sources: &'a SourceMap, d: &'a crate::diagnostic::Diagnostic) -> Finding<'a> {
    Finding {
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
        evidence: d
            .evidence()
            .map(|step| {
                let at = step.at.map(|span| {
                    let f = sources.get(span.file);
                    (f.display.as_str(), f.position(span.start()))
                });
                Evidence {
                    claim: step.claim,
                    answer: step.answer.as_str(),
                    file: at.map(|a| a.0),
                    line: at.map(|a| a.1.line),
                    column: at.map(|a| a.1.column),
                }
            })
            .collect(),
    }
}

/// The report as a string.
pub fn render(outcome: &Outcome) -> String {
    let mut out = Vec::new();
    write(outcome, &mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// Write the report to `out` as it is made (pretty-printed, one final newline).
pub fn write(outcome: &Outcome, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let (errors, warnings, infos) = counts(outcome);
    let mut summary = json!({
        "files": outcome.files,
        "tools": outcome.project.tool_count(),
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
    if !outcome.withheld.is_empty() {
        summary["withheld"] = json!(outcome.withheld.len());
    }
    let doc = Report {
        version: 1,
        tool: json!({"name": "contractlint", "version": env!("CARGO_PKG_VERSION")}),
        diagnostics: Findings(outcome),
        summary,
    };
    super::json_text::write_pretty(&mut *out, &doc)?;
    out.write_all(b"\n")
}
