//! The rows a run executes: the generated table as `contractlint cases` prints it, plus
//! the rows of a `--cases-file` (same shape, with optional state expectations and
//! JSON-pointer assertions on the result).

use serde_json::{Map, Value};
use std::path::Path;

/// What a row expects the state to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateExpect {
    Unchanged,
    Changed,
}

/// `{"pointer": "/matches/0/productId", "equals": "FT-A"}`, `{"pointer": ..., "absent": true}`,
/// or on a list, `{"pointer": "/matches", "contains": "FT-A"}` / `"lacks"`: some item is the
/// value or an object with a member of that value (a record listed by its key), or none is.
#[derive(Clone, Debug, PartialEq)]
pub struct Assertion {
    pub pointer: String,
    pub equals: Option<Value>,
    pub absent: bool,
    pub contains: Option<Value>,
    pub lacks: Option<Value>,
}

/// A sandbox call made before a row: `"simulateOutage"` or
/// `{"tool": "hideProduct", "arguments": {"productId": "FT-A"}}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub tool: String,
    pub arguments: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: String,
    /// `generated` or the cases file's path.
    pub source: String,
    pub input: Map<String, Value>,
    pub rejected: bool,
    pub code: Option<String>,
    pub field: Option<String>,
    /// `None`: the default (a failure row must leave the state unchanged).
    pub state: Option<StateExpect>,
    pub assertions: Vec<Assertion>,
    /// Sandbox tools called after the reset and before the row (`simulateOutage`).
    pub setup: Vec<Setup>,
}

impl Row {
    /// One row from its JSON; `source` names where it came from in error messages.
    pub fn parse(v: &Value, source: &str, index: usize) -> Result<Row, String> {
        let at = |what: &str| format!("{source}: row {}: {what}", index + 1);
        let id = v
            .get("id")
            .and_then(Value::as_str)
            .ok_or_else(|| at("no string `id`"))?
            .to_string();
        let input = v
            .get("input")
            .and_then(Value::as_object)
            .cloned()
            .ok_or_else(|| at("`input` must be a JSON object"))?;
        let expect = v
            .get("expect")
            .and_then(Value::as_object)
            .ok_or_else(|| at("no `expect` object"))?;
        let rejected = match expect.get("status").and_then(Value::as_str) {
            Some("rejected") => true,
            Some("accepted") => false,
            _ => return Err(at("`expect.status` must be \"rejected\" or \"accepted\"")),
        };
        let text = |k: &str| expect.get(k).and_then(Value::as_str).map(str::to_string);
        let state = match (
            expect.get("state").and_then(Value::as_str),
            text("mutation").as_deref(),
        ) {
            (Some("unchanged"), _) | (None, Some("not_applied")) => Some(StateExpect::Unchanged),
            (Some("changed"), _) => Some(StateExpect::Changed),
            (None, _) => None,
            (Some(other), _) => {
                return Err(at(&format!(
                    "`expect.state` is \"unchanged\" or \"changed\", not {other:?}"
                )));
            }
        };
        let assertions = match expect.get("assert") {
            None => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|a| {
                    let pointer = a
                        .get("pointer")
                        .and_then(Value::as_str)
                        .filter(|p| p.is_empty() || p.starts_with('/'))
                        .ok_or_else(|| at("an assertion needs a JSON `pointer` (\"/a/0\")"))?;
                    let absent = a.get("absent").and_then(Value::as_bool).unwrap_or(false);
                    let equals = a.get("equals").cloned();
                    let contains = a.get("contains").cloned();
                    let lacks = a.get("lacks").cloned();
                    if equals.is_none() && !absent && contains.is_none() && lacks.is_none() {
                        return Err(at(
                            "an assertion needs `equals`, `absent: true`, `contains` or `lacks`",
                        ));
                    }
                    Ok(Assertion {
                        pointer: pointer.to_string(),
                        equals,
                        absent,
                        contains,
                        lacks,
                    })
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(at("`expect.assert` must be an array")),
        };
        Ok(Row {
            id,
            source: source.to_string(),
            input,
            rejected,
            code: text("code"),
            field: text("field"),
            state,
            assertions,
            setup: setups(v.get("setup")).ok_or_else(|| {
                at("`setup` is a tool name or a list of {\"tool\", \"arguments\"}")
            })?,
        })
    }
}

/// A row's `setup`: absent, a tool's name, or a list of calls.
fn setups(v: Option<&Value>) -> Option<Vec<Setup>> {
    let call = |v: &Value| match v {
        Value::String(t) => Some(Setup {
            tool: t.clone(),
            arguments: Map::new(),
        }),
        Value::Object(o) => Some(Setup {
            tool: o.get("tool")?.as_str()?.to_string(),
            arguments: match o.get("arguments") {
                None => Map::new(),
                Some(a) => a.as_object()?.clone(),
            },
        }),
        _ => None,
    };
    match v {
        None => Some(Vec::new()),
        Some(Value::Array(items)) => items.iter().map(call).collect(),
        Some(v) => call(v).map(|s| vec![s]),
    }
}

/// The largest `--cases-file` read (hand-written rows: a few KiB).
const MAX_CASES_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The rows of a cases file: a JSON array of rows, or `{"cases": [..]}`.
pub fn load(path: &Path) -> Result<Vec<Row>, String> {
    let text = crate::source::guarded::read_named_text(path, MAX_CASES_FILE_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let v: Value =
        serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
    let items = v
        .as_array()
        .or_else(|| v.get("cases").and_then(Value::as_array))
        .ok_or_else(|| format!("{}: expected an array of rows", path.display()))?;
    let source = crate::source::shareable(&path.display().to_string());
    items
        .iter()
        .enumerate()
        .map(|(i, r)| Row::parse(r, &source, i))
        .collect()
}
