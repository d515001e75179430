//! Whether a row passed: the outcome (rejected or accepted), the code and field where the
//! response carries them, the state before and after, and the row's assertions. A failure
//! row that changed the state is the worst outcome and is named so.

use super::rows::{Row, StateExpect};
use super::session::Answer;
use crate::config::CasesConfig;
use crate::contract::Contract;
use serde_json::{Value, json};

/// What one row's execution produced.
#[derive(Default)]
pub struct Observed {
    pub request: Value,
    pub answer: Option<Answer>,
    pub no_answer: Option<String>,
    pub setup_error: Option<String>,
    pub state_error: Option<String>,
    pub before: Option<Value>,
    pub after: Option<Value>,
    /// The declared initial state, when the state before the row was another.
    pub reset_failed: Option<Value>,
    pub duration_ms: u64,
    /// Non-JSON lines the server wrote on stdout during the call.
    pub garbage: Vec<String>,
}

/// The result's payload: its structured content, else its first text content parsed as JSON.
pub fn payload(result: &Value) -> Option<Value> {
    if let Some(s) = result.get("structuredContent") {
        return Some(s.clone());
    }
    result
        .get("content")?
        .as_array()?
        .iter()
        .filter(|c| c["type"] == "text")
        .find_map(|c| serde_json::from_str(c["text"].as_str()?).ok())
}

fn expect_json(row: &Row) -> Value {
    let mut e = json!({"status": if row.rejected { "rejected" } else { "accepted" }});
    if let Some(c) = &row.code {
        e["code"] = json!(c);
    }
    if let Some(f) = &row.field {
        e["field"] = json!(f);
    }
    e
}

/// A row that was never sent.
pub fn not_run(row: &Row, why: &str) -> Value {
    json!({
        "id": row.id,
        "source": row.source,
        "input": row.input,
        "expect": expect_json(row),
        "outcome": "not run",
        "state": {"compared": "not checked"},
        "verdict": "failed",
        "why": [why],
    })
}

/// The record of a row, with every assertion it made (passed, failed or not checked):
/// a passing row keeps what it proved.
pub fn judge(row: &Row, o: Observed, config: &CasesConfig, read_only: bool) -> Value {
    let mut why: Vec<String> = Vec::new();
    let mut asserted = Asserted::default();
    why.extend(o.setup_error.clone());
    if let Some(initial) = &o.reset_failed {
        let before = o.before.clone().unwrap_or(Value::Null);
        why.push(format!(
            "not run: reset failed: the state before the row is {before}, not the declared \
             initial state {initial}"
        ));
        asserted.push("reset", None, initial.clone(), before.clone(), Some(false));
        return json!({
            "id": row.id,
            "source": row.source,
            "input": row.input,
            "expect": expect_json(row),
            "outcome": "not run",
            "checked": {"assertions": asserted.0},
            "state": {"compared": "not checked", "before": before},
            "verdict": "failed",
            "why": why,
        });
    }
    if let (Some(initial), Some(before)) = (
        config.state.as_ref().and_then(|s| s.initial.as_ref()),
        &o.before,
    ) {
        asserted.push("reset", None, initial.clone(), before.clone(), Some(true));
    }
    let (outcome, response) = match &o.answer {
        None => ("no response", Value::Null),
        Some(Answer::Error(e)) => ("rejected", json!({"error": e})),
        Some(Answer::Result(r)) if r["isError"] == json!(true) => {
            ("rejected", json!({"result": r}))
        }
        Some(Answer::Result(r)) => ("accepted", json!({"result": r})),
    };
    let body = match &o.answer {
        Some(Answer::Result(r)) => payload(r),
        Some(Answer::Error(e)) => e.get("data").cloned(),
        None => None,
    };
    if let Some(n) = &o.no_answer {
        why.push(n.clone());
    }
    if let Some(first) = o.garbage.first() {
        why.push(format!(
            "the server wrote {} non-JSON line(s) on stdout, its protocol channel (first: {first:?})",
            o.garbage.len()
        ));
    }
    let expected_outcome = if row.rejected { "rejected" } else { "accepted" };
    asserted.push(
        "outcome",
        None,
        json!(expected_outcome),
        json!(outcome),
        Some(outcome == expected_outcome),
    );
    let pointers = config.response.clone().unwrap_or_default();
    let mut checked = json!({});
    match (outcome, row.rejected) {
        ("accepted", true) => why.push(match &row.code {
            Some(c) => format!("accepted: expected rejection with {c}"),
            None => "accepted: expected a rejection".into(),
        }),
        ("rejected", false) => why.push(format!(
            "rejected: a positive control must be accepted{}",
            body.as_ref()
                .and_then(|b| b.pointer(&pointers.code))
                .map(|c| format!(" (got {})", text(c)))
                .unwrap_or_default()
        )),
        ("rejected", true) => {
            for (what, pointer, expected) in [
                ("code", &pointers.code, &row.code),
                ("field", &pointers.field, &row.field),
            ] {
                let Some(expected) = expected else { continue };
                let got = body.as_ref().and_then(|b| b.pointer(pointer));
                match got {
                    Some(got) if text(got) == *expected => {
                        checked[what] = json!("matches");
                    }
                    Some(got) => {
                        checked[what] = json!("differs");
                        why.push(format!("{what} {}, expected {expected}", text(got)));
                    }
                    None => checked[what] = json!(format!("not in the response at {pointer}")),
                }
                asserted.push(
                    what,
                    Some(pointer),
                    json!(expected),
                    got.cloned().unwrap_or(Value::Null),
                    got.map(|g| text(g) == *expected),
                );
            }
        }
        _ => {}
    }
    if let Some(b) = &body {
        for a in &row.assertions {
            let got = b.pointer(&a.pointer);
            if let Some((want, listed)) = a
                .contains
                .as_ref()
                .map(|w| (w, true))
                .or(a.lacks.as_ref().map(|w| (w, false)))
            {
                let has = got
                    .and_then(Value::as_array)
                    .map(|items| items.iter().any(|i| lists(i, want)));
                let failed = match has {
                    None => Some(format!("{} is not a list", a.pointer)),
                    Some(h) if h != listed => Some(format!(
                        "{} {} {}",
                        a.pointer,
                        if listed { "does not list" } else { "lists" },
                        text(want)
                    )),
                    Some(_) => None,
                };
                let what = if listed { "lists" } else { "does not list" };
                asserted.push(
                    "response",
                    Some(&a.pointer),
                    json!(format!("{what} {}", text(want))),
                    got.cloned().unwrap_or(json!("absent")),
                    Some(failed.is_none()),
                );
                why.extend(failed);
                continue;
            }
            let failed = match (&a.equals, got) {
                (_, Some(v)) if a.absent => {
                    Some(format!("{} is present ({v}), expected absent", a.pointer))
                }
                (Some(want), Some(v)) if v != want => {
                    Some(format!("{} is {v}, expected {want}", a.pointer))
                }
                (Some(want), None) => Some(format!("{} is absent, expected {want}", a.pointer)),
                _ => None,
            };
            let expected = if a.absent {
                json!("absent")
            } else {
                a.equals.clone().unwrap_or(Value::Null)
            };
            asserted.push(
                "response",
                Some(&a.pointer),
                expected,
                got.cloned().unwrap_or(json!("absent")),
                Some(failed.is_none()),
            );
            why.extend(failed);
        }
    } else if !row.assertions.is_empty() && o.answer.is_some() {
        why.push("the response has no JSON payload to assert on".into());
    }
    let compared = match (&o.before, &o.after) {
        _ if config.state.is_none() => "not checked",
        (Some(b), Some(a)) if a == b => "unchanged",
        (Some(_), Some(_)) => "changed",
        _ => "not read",
    };
    if let Some(e) = &o.state_error {
        why.push(e.clone());
    }
    let wanted = row.state.or(if row.rejected || read_only {
        Some(StateExpect::Unchanged)
    } else if config.state.is_some() {
        Some(StateExpect::Changed)
    } else {
        None
    });
    if let Some(w) = wanted {
        let w = match w {
            StateExpect::Unchanged => "unchanged",
            StateExpect::Changed => "changed",
        };
        let result = matches!(compared, "unchanged" | "changed").then_some(compared == w);
        asserted.push("state", None, json!(w), json!(compared), result);
    }
    match (wanted, compared) {
        (Some(StateExpect::Unchanged), "changed") => {
            why.insert(0, format!("{outcome} and changed state"))
        }
        (Some(StateExpect::Changed), "unchanged") if outcome == "accepted" => {
            why.push("accepted but the state is unchanged: nothing was persisted".into())
        }
        _ => {}
    }
    if let (Some(StateExpect::Changed), "accepted", Some(stored), Some(after)) = (
        wanted,
        outcome,
        config.state.as_ref().and_then(|s| s.stored.as_deref()),
        &o.after,
    ) {
        let items = after.pointer(stored);
        let kept = items
            .and_then(Value::as_array)
            .is_some_and(|items| items.iter().any(|i| holds_input(i, &row.input)));
        if !kept {
            why.push(format!(
                "accepted but not stored as sent: no item at {stored} of the state holds {}",
                Value::Object(row.input.clone())
            ));
        }
        asserted.push(
            "stored",
            Some(stored),
            Value::Object(row.input.clone()),
            items.cloned().unwrap_or(Value::Null),
            Some(kept),
        );
    }
    let mut state = json!({"compared": compared});
    if let Some(b) = o.before {
        state["before"] = b;
    }
    if let Some(a) = o.after {
        state["after"] = a;
    }
    checked["assertions"] = Value::Array(asserted.0);
    let mut record = json!({
        "id": row.id,
        "source": row.source,
        "input": row.input,
        "expect": expect_json(row),
        "request": o.request,
        "response": response,
        "duration_ms": o.duration_ms,
        "stdout_garbage": o.garbage,
        "outcome": outcome,
        "checked": checked,
        "state": state,
        "verdict": if why.is_empty() { "passed" } else { "failed" },
        "why": why,
    });
    if !row.setup.is_empty() {
        record["setup"] = row
            .setup
            .iter()
            .map(|s| json!({"tool": s.tool, "arguments": s.arguments}))
            .collect();
    }
    record
}

/// Every assertion a row made, in the order made.
#[derive(Default)]
struct Asserted(Vec<Value>);

impl Asserted {
    /// `passed`: `None` when the value to check was not there (not checked).
    fn push(
        &mut self,
        what: &str,
        pointer: Option<&str>,
        expected: Value,
        got: Value,
        passed: Option<bool>,
    ) {
        let mut a = json!({
            "what": what,
            "expected": expected,
            "got": got,
            "result": match passed {
                Some(true) => "passed",
                Some(false) => "failed",
                None => "not checked",
            },
        });
        if let Some(p) = pointer {
            a["pointer"] = json!(p);
        }
        self.0.push(a);
    }
}

/// An item of a list is `want`, or an object with a member that is (a record by its key).
fn lists(item: &Value, want: &Value) -> bool {
    item == want
        || item
            .as_object()
            .is_some_and(|o| o.values().any(|v| v == want))
}

/// A stored item holds the input: every property sent is there with the value sent.
fn holds_input(item: &Value, input: &serde_json::Map<String, Value>) -> bool {
    !input.is_empty() && input.iter().all(|(k, v)| item.get(k) == Some(v))
}

fn text(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// Differences between what the server lists and what the static analysis read.
pub fn drift(
    contract: &Contract,
    (sources, read): (&crate::source::SourceMap, crate::contract::ReadWritten),
    live: &Value,
) -> Vec<Value> {
    let mut out = Vec::new();
    let mut push = |what: &str, message: String| {
        out.push(json!({"kind": "live-vs-published", "what": what, "message": message}));
    };
    let published = contract
        .published()
        .map(|(decl, schema)| (decl, read(schema, sources)));
    if let Some((decl, schema)) = published
        && live["inputSchema"] != *schema
    {
        push(
            "inputSchema",
            format!(
                "the live inputSchema differs from the published one ({}): live {}, published {}",
                decl.origin.name(),
                live["inputSchema"],
                schema
            ),
        );
    }
    if let Some(d) = contract.description()
        && live["description"].as_str() != Some(d.value.as_str())
    {
        push(
            "description",
            format!(
                "the live description differs from the published one: live {}, published {:?}",
                live["description"], d.value
            ),
        );
    }
    let published = contract.decls.iter().map(|d| &d.annotations).find(|a| {
        a.read_only.is_some()
            || a.destructive.is_some()
            || a.idempotent.is_some()
            || a.open_world.is_some()
    });
    if let Some(a) = published {
        for (key, value) in [
            ("readOnlyHint", &a.read_only),
            ("destructiveHint", &a.destructive),
            ("idempotentHint", &a.idempotent),
            ("openWorldHint", &a.open_world),
        ] {
            let Some(v) = value else { continue };
            let got = live["annotations"][key].as_bool();
            if got != Some(v.value) {
                push(
                    key,
                    format!(
                        "annotation {key}: the server lists {}, the published contract says {}",
                        got.map_or("nothing".to_string(), |g| g.to_string()),
                        v.value
                    ),
                );
            }
        }
    }
    out
}
