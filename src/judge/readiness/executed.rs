//! `report --cases-run FILE`: the "executed" column from a `cases TOOL --run` record, and
//! its weight in the verdict. A failure row that changed state when run makes the tool NOT
//! READY whatever the static side says; any other failed row, or live-vs-published drift,
//! needs review.

use super::{CaseRow, Evidence, Readiness, ToolLine, ToolReport, Verdict, overall};
use crate::source::escape::visible;
use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// One row's executed cell.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub passed: bool,
    /// `rejected`, `accepted`, `no response`, `not run`.
    pub outcome: String,
    /// `unchanged`, `changed`, `not checked`, `not read`.
    pub state: String,
    /// Why the row failed; empty when it passed.
    pub why: Vec<String>,
    /// The field the rejection must name, when the row expects one.
    pub field: Option<String>,
    /// What the server answered: the result's structured content when it has one, else
    /// the whole answer (`null` when there was none).
    pub response: Value,
    /// The state read before and after the call, when it was read.
    pub before: Option<Value>,
    pub after: Option<Value>,
    /// Where the state after differs from the state before.
    pub changes: Vec<Change>,
    /// Every assertion the row made, as the record lists them.
    pub assertions: Vec<Assertion>,
    /// The sandbox calls made before the row (`hideProduct {"productId":"FT-A"}`).
    pub setup: Vec<String>,
}

/// One place where the state after a row differs from the state before it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Change {
    /// JSON pointer into the state (`/lines/0`).
    pub pointer: String,
    /// `None`: added (before) or removed (after).
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// One assertion of a row: what it checked, what was expected and seen, and its result
/// (`passed`, `failed`, `not checked`).
#[derive(Clone, Debug, Serialize)]
pub struct Assertion {
    pub what: String,
    pub pointer: Option<String>,
    pub expected: Value,
    pub got: Value,
    pub result: String,
}

/// The differences between two JSON values, by pointer: objects key by key, arrays item by
/// item, anything else as a whole.
pub fn changes(before: &Value, after: &Value) -> Vec<Change> {
    let mut out = Vec::new();
    diff(String::new(), Some(before), Some(after), &mut out);
    out
}

fn diff(at: String, before: Option<&Value>, after: Option<&Value>, out: &mut Vec<Change>) {
    match (before, after) {
        (Some(b), Some(a)) if b == a => {}
        (Some(Value::Object(b)), Some(Value::Object(a))) => {
            let mut keys: Vec<&String> = b.keys().chain(a.keys()).collect();
            keys.sort_unstable();
            keys.dedup();
            for k in keys {
                let step = k.replace('~', "~0").replace('/', "~1");
                diff(format!("{at}/{step}"), b.get(k), a.get(k), out);
            }
        }
        (Some(Value::Array(b)), Some(Value::Array(a))) => {
            for i in 0..b.len().max(a.len()) {
                diff(format!("{at}/{i}"), b.get(i), a.get(i), out);
            }
        }
        (b, a) => out.push(Change {
            pointer: if at.is_empty() { "/".into() } else { at },
            before: b.cloned(),
            after: a.cloned(),
        }),
    }
}

impl Cell {
    pub fn label(&self) -> String {
        let state = match self.state.as_str() {
            "not checked" => "state not checked".to_string(),
            s => format!("state {s}"),
        };
        if self.passed {
            format!("passed ({}, {state})", self.outcome)
        } else {
            format!("failed: {}", self.why.join("; "))
        }
    }
}

/// Where the executed column comes from.
#[derive(Clone, Debug, Serialize)]
pub struct RunInfo {
    pub file: String,
    pub started: String,
    pub command: Vec<String>,
    pub passed: usize,
    pub failed: usize,
    /// Live-vs-published drift and other run findings, as messages.
    pub findings: Vec<String>,
}

/// A `cases --run` record matched to its tool.
#[derive(Clone, Debug)]
pub struct Run {
    /// The record's file, as given.
    file: String,
    record: Value,
}

/// The largest `--cases-run` record read: a run of thousands of rows is a few MiB.
const MAX_RECORD_BYTES: u64 = 64 * 1024 * 1024;

/// Read each record, match it to its tool, and fold it into that tool's verdict (and, as
/// its section is written, its table).
pub fn apply(report: &mut Readiness, files: &[impl AsRef<Path>]) -> Result<(), String> {
    let mut touched = Vec::new();
    for file in files {
        let file = file.as_ref();
        let raw = crate::source::guarded::read_named_text(file, MAX_RECORD_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let record: Value = serde_json::from_str(&raw)
            .map_err(|e| format!("{} is not JSON: {e}", file.display()))?;
        if record["kind"] != "contractlint-cases-run" {
            return Err(format!(
                "{} is not a record of `cases --run`",
                file.display()
            ));
        }
        let name = record["tool"].as_str().unwrap_or_default();
        let package = record["package"].as_str();
        let namesakes = report.tools.iter().filter(|t| t.name == name).count();
        // One tool of the name: that one, wherever the run was started from. Several (one per
        // package): the record's package decides.
        let at = report
            .tools
            .iter()
            .position(|t| t.name == name && (namesakes == 1 || package == Some(t.package.as_str())))
            .ok_or_else(|| {
                let name = visible(name);
                if namesakes > 1 {
                    format!(
                        "{}: {namesakes} packages in this report declare `{name}` and none is the run's ({})",
                        file.display(),
                        visible(package.unwrap_or("no package recorded"))
                    )
                } else {
                    format!(
                        "{}: the run's tool `{name}` is not in this report",
                        file.display()
                    )
                }
            })?;
        report.tools[at].runs.push(Run {
            file: file.display().to_string(),
            record,
        });
        touched.push(at);
    }
    touched.sort_unstable();
    touched.dedup();
    for at in touched {
        let line = &report.tools[at];
        let t = report.report(line);
        let disagreeing = t.cases.iter().filter(|c| c.schema_disagrees).count();
        let helper = line.helper;
        report.tools[at] = ToolLine::of(
            &t,
            (t.cases.len(), disagreeing),
            line.contract,
            line.runs.clone(),
        );
        report.tools[at].helper = helper;
    }
    let (verdict, reasons) = overall(&report.tools);
    report.summary.verdict = verdict;
    report.summary.reasons = reasons;
    Ok(())
}

/// Fold one run into the tool's table, reasons and verdict.
pub(super) fn fold(tool: &mut ToolReport, run: &Run) {
    let record = &run.record;
    let rows = record["rows"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut changed = Vec::new();
    let mut failed = Vec::new();
    for r in rows {
        let id = r["id"].as_str().unwrap_or_default().to_string();
        let before = r["state"].get("before").cloned();
        let after = r["state"].get("after").cloned();
        let cell = Cell {
            field: r["expect"]["field"].as_str().map(str::to_string),
            response: r["response"]["result"]
                .get("structuredContent")
                .unwrap_or(&r["response"])
                .clone(),
            changes: match (&before, &after) {
                (Some(b), Some(a)) => changes(b, a),
                _ => Vec::new(),
            },
            before,
            after,
            assertions: r["checked"]["assertions"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| Assertion {
                    what: text(&a["what"]),
                    pointer: a["pointer"].as_str().map(str::to_string),
                    expected: a["expected"].clone(),
                    got: a["got"].clone(),
                    result: text(&a["result"]),
                })
                .collect(),
            setup: r["setup"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| format!("{} {}", text(&s["tool"]), s["arguments"]))
                .collect(),
            passed: r["verdict"] == "passed",
            outcome: text(&r["outcome"]),
            state: text(&r["state"]["compared"]),
            why: r["why"]
                .as_array()
                .into_iter()
                .flatten()
                .map(text)
                .collect(),
        };
        if !cell.passed {
            if r["expect"]["status"] == "rejected" && cell.state == "changed" {
                changed.push(id.clone());
            }
            failed.push(id.clone());
        }
        match tool.cases.iter_mut().find(|c| c.id == id) {
            Some(c) => c.executed = Some(cell),
            // A hand-written row (--cases-file): shown with the run only.
            None => tool.cases.push(CaseRow {
                id,
                property: r["expect"]["field"].as_str().map(str::to_string),
                input: r["input"].clone(),
                expect: r["expect"].clone(),
                expected: match (r["expect"]["status"].as_str(), r["expect"]["code"].as_str()) {
                    (Some("rejected"), Some(code)) => format!("rejected {code}"),
                    (Some(s), _) => s.to_string(),
                    (None, _) => String::new(),
                },
                schema: "not evaluated".into(),
                schema_disagrees: false,
                schema_note: Some(
                    "a row of a cases file, run only: not evaluated against the schema".into(),
                ),
                validator: Evidence::NotApplicable,
                derived_from: None,
                executed: Some(cell),
            }),
        }
    }
    let findings: Vec<String> = record["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| text(&f["message"]))
        .collect();
    let was_ready = tool.verdict == Verdict::Ready;
    let mut flags: Vec<(Verdict, String)> = Vec::new();
    if !changed.is_empty() {
        flags.push((
            Verdict::NotReady,
            format!(
                "when run, {} changed state: {}",
                rows_word(changed.len(), "failure row"),
                changed.join(", ")
            ),
        ));
    }
    if failed.len() > changed.len() {
        let other: Vec<&str> = failed
            .iter()
            .filter(|f| !changed.contains(f))
            .map(String::as_str)
            .collect();
        flags.push((
            Verdict::NeedsReview,
            format!(
                "when run, {} failed: {}",
                rows_word(other.len(), "row"),
                other.join(", ")
            ),
        ));
    }
    if !findings.is_empty() {
        flags.push((
            Verdict::NeedsReview,
            format!(
                "the live server differs from the published contract ({})",
                rows_word(findings.len(), "finding")
            ),
        ));
    }
    if was_ready && !flags.is_empty() {
        tool.reasons.clear();
    }
    if flags.is_empty() {
        tool.reasons
            .push(format!("all {} rows passed when run", rows.len()));
    }
    for (v, reason) in flags {
        tool.verdict = tool.verdict.max(v);
        tool.reasons.push(reason);
    }
    tool.run = Some(RunInfo {
        file: crate::source::shareable(&run.file),
        started: text(&record["started"]),
        // A `--url` run started nothing: its URL is what it ran against.
        command: match record["server"]["url"].as_str() {
            Some(url) => vec![url.to_string()],
            None => record["server"]["command"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| crate::source::shareable(&text(a)))
                .collect(),
        },
        passed: rows.len() - failed.len(),
        failed: failed.len(),
        findings,
    });
}

fn rows_word(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn text(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}
