//! What a property's published schema admits: whether a call may leave it out or send
//! `null`, whether a present value is always of one JSON type, and whether any admitted call
//! makes a test of the code hold. A failure the code makes on a value the schema already rules
//! out is reached only by a call outside the published contract (P014's panic, P015's throw);
//! on a value the schema admits, by a call an agent was told it may make.

use crate::contract::{CmpOp, Condition, Fill, Is, JsonType, PropertyFacts, SchemaNode, ValueTest};
use serde_json::Value;

/// Why a call may leave the property out or send `null`, when it may.
pub fn absence(p: &PropertyFacts) -> Option<String> {
    match p.required {
        None => Some(format!("`{}` is not required", p.name)),
        Some(_) if p.schema.nullable => Some(format!("`{}` may be null", p.name)),
        Some(_) => None,
    }
}

/// Whether a present value the schema admits is always of the JSON type `json` names (as
/// [`crate::contract::CodeFactKind::ReadAs`] names it).
pub fn holds_to_json(s: &SchemaNode, json: &str) -> bool {
    let types = s.non_null_types();
    let only = |t: JsonType| types == [t];
    match json {
        "string" => only(JsonType::String),
        "boolean" => only(JsonType::Boolean),
        "integer" => only(JsonType::Integer),
        "unsigned integer" => {
            only(JsonType::Integer) && s.bounds().minimum.as_ref().is_some_and(|b| b.value >= 0.0)
        }
        "number" => numeric(&types),
        _ => true,
    }
}

/// Whether `c` holds for every call the input schema `root` admits (`Some(true)`), for none
/// (`Some(false)`), or is not known to be either.
pub fn decides(c: &Condition, root: &SchemaNode) -> Option<bool> {
    let properties = root
        .object
        .as_ref()
        .map(|o| o.properties.as_slice())
        .unwrap_or_default();
    decided(c, root, properties)
}

fn decided(c: &Condition, root: &SchemaNode, properties: &[PropertyFacts]) -> Option<bool> {
    if let Some(p) = only_property(c).and_then(|n| properties.iter().find(|p| p.name == n)) {
        // A formula over one property with finitely many admitted values: try each.
        if let Some(values) = finite(p) {
            let mut seen = values.iter().map(|v| holds(c, v));
            if let Some(Some(first)) = seen.next()
                && seen.all(|b| b == Some(first))
            {
                return Some(first);
            }
        }
        // One that may be absent or `null`: those apart from the values present.
        if p.required.is_none() || p.schema.nullable {
            let mut each = vec![present_decided(c, p)];
            if p.required.is_none() {
                each.push(holds(c, &None));
            }
            if p.schema.nullable {
                each.push(holds(c, &Some(Value::Null)));
            }
            if let Some(first) = each[0]
                && each.iter().all(|b| *b == Some(first))
            {
                return Some(first);
            }
        }
    }
    match c {
        Condition::Not(x) => decided(x, root, properties).map(|b| !b),
        Condition::Any(xs) | Condition::All(xs) => {
            // Parts of more than one property: each property's parts judged together.
            let groups = by_property(c);
            let parts = if groups.len() > 1 { &groups } else { xs };
            let each = parts.iter().map(|x| decided(x, root, properties));
            if matches!(c, Condition::Any(_)) {
                any(each)
            } else {
                all(each)
            }
        }
        // The whole input: an object, never `null` ([`present`] of the root schema).
        Condition::Test(t) if t.property.is_empty() => {
            if root.alternatives || t.fill.is_some() || t.numbered {
                return None;
            }
            present(t, root)
        }
        Condition::Test(t) => {
            let p = properties.iter().find(|p| p.name == t.property)?;
            test_decided(t, p)
        }
        Condition::Unknown => None,
    }
}

/// The parts of an `||` (or `&&`), nested ones taken apart, with the parts reading the same
/// one property joined again: each is then judged on everything it says of its property (a
/// test that `n` is present next to a test of its value).
fn by_property(c: &Condition) -> Vec<Condition> {
    fn parts<'c>(c: &'c Condition, top: &Condition, out: &mut Vec<&'c Condition>) {
        match (c, top) {
            (Condition::Any(xs), Condition::Any(_)) | (Condition::All(xs), Condition::All(_)) => {
                xs.iter().for_each(|x| parts(x, top, out))
            }
            _ => out.push(c),
        }
    }
    let mut flat = Vec::new();
    parts(c, c, &mut flat);
    let mut groups: Vec<(Option<&str>, Vec<Condition>)> = Vec::new();
    for x in flat {
        let key = only_property(x);
        match groups.iter_mut().find(|(k, _)| key.is_some() && *k == key) {
            Some((_, g)) => g.push(x.clone()),
            None => groups.push((key, vec![x.clone()])),
        }
    }
    groups
        .into_iter()
        .map(|(_, mut g)| match (g.len(), c) {
            (1, _) => g.remove(0),
            (_, Condition::Any(_)) => Condition::Any(g),
            _ => Condition::All(g),
        })
        .collect()
}

/// Whether `c`, whose tests read only `p`, holds for every present, non-null value the
/// schema admits for `p`, or for none.
fn present_decided(c: &Condition, p: &PropertyFacts) -> Option<bool> {
    match c {
        Condition::Not(x) => present_decided(x, p).map(|b| !b),
        Condition::Any(xs) => any(xs.iter().map(|x| present_decided(x, p))),
        Condition::All(xs) => all(xs.iter().map(|x| present_decided(x, p))),
        Condition::Test(t) if !p.schema.alternatives && p.schema.types.is_some() => {
            present(t, &p.schema)
        }
        _ => None,
    }
}

/// `||` of parts each known to hold, not to hold, or neither.
fn any(each: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let each: Vec<_> = each.collect();
    if each.contains(&Some(true)) {
        Some(true)
    } else {
        each.iter().all(|b| *b == Some(false)).then_some(false)
    }
}

/// `&&` of parts each known to hold, not to hold, or neither.
fn all(each: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    any(each.map(|b| b.map(|b| !b))).map(|b| !b)
}

/// The one property every test of `c` reads.
fn only_property(c: &Condition) -> Option<&str> {
    match c {
        Condition::Test(t) => Some(&t.property),
        Condition::Not(x) => only_property(x),
        Condition::Any(xs) | Condition::All(xs) => {
            let first = only_property(xs.first()?)?;
            xs.iter()
                .all(|x| only_property(x) == Some(first))
                .then_some(first)
        }
        Condition::Unknown => None,
    }
}

/// A value as JavaScript sees it: `Absent` is `undefined`.
type Given = Option<Value>;

/// Every value the schema admits for the property, when they are few: a closed set, or a
/// boolean (with `null` and absence when admitted).
fn finite(p: &PropertyFacts) -> Option<Vec<Given>> {
    let s = &p.schema;
    let mut values: Vec<Given> = if let Some(e) = &s.enum_values {
        e.value.iter().cloned().map(Some).collect()
    } else if let Some(c) = &s.const_value {
        vec![Some(c.value.clone())]
    } else if s.non_null_types() == [JsonType::Boolean] && !s.alternatives {
        let mut v = vec![Some(Value::Bool(true)), Some(Value::Bool(false))];
        if s.nullable {
            v.push(Some(Value::Null));
        }
        v
    } else {
        return None;
    };
    if p.required.is_none() {
        values.push(None);
    }
    Some(values)
}

/// Whether `c` holds when its one property is `v`.
fn holds(c: &Condition, v: &Given) -> Option<bool> {
    match c {
        Condition::Not(x) => holds(x, v).map(|b| !b),
        Condition::Any(xs) => any(xs.iter().map(|x| holds(x, v))),
        Condition::All(xs) => all(xs.iter().map(|x| holds(x, v))),
        Condition::Test(t) => test_holds(t, v),
        Condition::Unknown => None,
    }
}

/// The value the test sees when the call sends `v`: a fill in place of absence (or `null`),
/// then `Number(..)`.
fn seen(t: &ValueTest, v: &Given) -> Option<Given> {
    let filled = match (&t.fill, v) {
        (Some(Fill { value, .. }), None) => Some(value.clone()),
        (Some(Fill { value, null: true }), Some(Value::Null)) => Some(value.clone()),
        _ => v.clone(),
    };
    if t.trimmed {
        // `.trim()` of anything but a string throws before the test is reached.
        return match filled {
            Some(Value::String(s)) => {
                Some(Some(Value::String(s.trim_matches(js_space).to_string())))
            }
            _ => None,
        };
    }
    if !t.numbered {
        return Some(filled);
    }
    // `Number(undefined)` is NaN, which every test but `!=` fails as `undefined` does.
    Some(match filled {
        None => None,
        Some(Value::Null) => Some(Value::from(0)),
        Some(Value::Bool(b)) => Some(Value::from(u8::from(b))),
        Some(n @ Value::Number(_)) => Some(n),
        _ => return None,
    })
}

/// Whether the test holds for the value the call sends.
fn test_holds(t: &ValueTest, v: &Given) -> Option<bool> {
    let v = seen(t, v)?;
    match (&t.is, &v) {
        (Is::Compare { op, value }, _) => {
            // JavaScript compares as numbers: `undefined` is NaN, `null` 0.
            let x = match &v {
                None => return Some(*op == CmpOp::Ne),
                Some(Value::Null) => 0.0,
                Some(Value::Bool(b)) => f64::from(u8::from(*b)),
                Some(Value::Number(n)) => n.as_f64()?,
                Some(_) => return None,
            };
            Some(op.holds(x, *value))
        }
        (Is::Length { op, value }, Some(Value::String(s))) => {
            Some(op.holds(s.encode_utf16().count() as f64, *value))
        }
        (Is::Length { op, value }, Some(Value::Array(a))) => Some(op.holds(a.len() as f64, *value)),
        (Is::Length { .. }, _) => None,
        (Is::Type(name), v) => Some(
            type_of(v) == name.as_str() || (name == "array" && matches!(v, Some(Value::Array(_)))),
        ),
        (Is::Equal(lit), Some(x)) => Some(same(lit, x)),
        (Is::Equal(_), None) => Some(false),
        (Is::In(list), Some(x)) => Some(list.iter().any(|l| same(l, x))),
        (Is::In(_), None) => Some(false),
        (Is::Integer, Some(Value::Number(n))) => Some(n.as_f64().is_some_and(|f| f.fract() == 0.0)),
        (Is::Integer, _) => Some(false),
        (Is::Starts(lit), Some(Value::String(s))) => Some(s.starts_with(lit.as_str())),
        (Is::Ends(lit), Some(Value::String(s))) => Some(s.ends_with(lit.as_str())),
        (Is::Contains(lit), Some(Value::String(s))) => Some(s.contains(lit.as_str())),
        (Is::Contains(lit), Some(Value::Array(a))) => {
            Some(a.iter().any(|x| x.as_str() == Some(lit.as_str())))
        }
        // Another value has no such method: the call throws before the test is reached.
        (Is::Starts(_) | Is::Ends(_) | Is::Contains(_), _) => None,
        (Is::Truthy, v) => Some(match v {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
            Some(Value::String(s)) => !s.is_empty(),
            Some(_) => true,
        }),
    }
}

/// JavaScript's `typeof` of the value; `Array.isArray` is the test named `array`.
fn type_of(v: &Given) -> &'static str {
    match v {
        None => "undefined",
        Some(Value::Null | Value::Object(_) | Value::Array(_)) => "object",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
    }
}

/// `===` between JSON values of a literal and a call (numbers by value).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(_) | Value::Object(_), _) => false,
        _ => a == b,
    }
}

/// Whether the test holds for every admitted call, for none, or either: absence and `null`
/// (when admitted) tried as values, the present values judged from the schema's keywords.
fn test_decided(t: &ValueTest, p: &PropertyFacts) -> Option<bool> {
    let s = &p.schema;
    if s.alternatives || s.types.is_none() {
        return None;
    }
    let mut each = vec![present(t, s)];
    if p.required.is_none() {
        each.push(test_holds(t, &None));
    }
    if s.nullable {
        each.push(test_holds(t, &Some(Value::Null)));
    }
    let first = each[0]?;
    each.iter().all(|b| *b == Some(first)).then_some(first)
}

/// Whether the test holds for every present, non-null value the schema admits, or for none.
fn present(t: &ValueTest, s: &SchemaNode) -> Option<bool> {
    let types = s.non_null_types();
    if types.is_empty() {
        return None;
    }
    if t.numbered && !numeric(&types) {
        return None;
    }
    let b = s.bounds();
    if let Is::Starts(lit) | Is::Contains(lit) = &t.is
        && types == [JsonType::String]
        && let Some(prefix) = &b.pattern_prefix
        // Trimming keeps a prefix with no white space in it: the string starts with
        // something else than white space, and what follows the prefix is all that trailing
        // white space can be taken from.
        && (!t.trimmed || !prefix.chars().any(js_space))
    {
        return starts_with_prefix(&t.is, lit, prefix);
    }
    if t.trimmed {
        return None;
    }
    match &t.is {
        Is::Compare { op, value } if numeric(&types) => {
            interval(b.minimum.as_ref(), b.maximum.as_ref(), *op, *value, 1.0)
        }
        Is::Length { op, value } if types == [JsonType::Array] => {
            interval(b.min_items.as_ref(), b.max_items.as_ref(), *op, *value, 1.0)
        }
        // JavaScript counts UTF-16 units, at least one and at most two per character.
        Is::Length { op, value } if types == [JsonType::String] => interval(
            b.min_length.as_ref(),
            b.max_length.as_ref(),
            *op,
            *value,
            2.0,
        ),
        Is::Type(name) => {
            let each: Vec<bool> = types
                .iter()
                .map(|ty| match name.as_str() {
                    "array" => *ty == JsonType::Array,
                    n => typeof_name(*ty) == n,
                })
                .collect();
            if each.iter().all(|b| *b) {
                Some(true)
            } else {
                each.iter().all(|b| !b).then_some(false)
            }
        }
        Is::Integer if types == [JsonType::Integer] => Some(true),
        Is::Integer
            if !types
                .iter()
                .any(|t| matches!(t, JsonType::Integer | JsonType::Number)) =>
        {
            Some(false)
        }
        Is::Equal(Value::Null) => Some(false),
        Is::Truthy => {
            let always = types.iter().all(|ty| match ty {
                JsonType::Object | JsonType::Array => true,
                JsonType::String => b.min_length.as_ref().is_some_and(|m| m.value >= 1.0),
                JsonType::Integer | JsonType::Number => {
                    interval(b.minimum.as_ref(), b.maximum.as_ref(), CmpOp::Ne, 0.0, 1.0)
                        == Some(true)
                }
                _ => false,
            });
            always.then_some(true)
        }
        _ => None,
    }
}

/// Whether a test of a literal holds for every string beginning with `prefix` (`Some(true)`),
/// for none (`Some(false)`), or either.
fn starts_with_prefix(is: &Is, lit: &str, prefix: &str) -> Option<bool> {
    match is {
        Is::Starts(_) if prefix.starts_with(lit) => Some(true),
        // Neither begins the other: no string begins with both.
        Is::Starts(_) if !lit.starts_with(prefix) => Some(false),
        Is::Contains(_) if prefix.contains(lit) => Some(true),
        _ => None,
    }
}

/// JavaScript's white space and line terminators, what `.trim()` drops.
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

fn typeof_name(t: JsonType) -> &'static str {
    match t {
        JsonType::String => "string",
        JsonType::Integer | JsonType::Number => "number",
        JsonType::Boolean => "boolean",
        JsonType::Object | JsonType::Array | JsonType::Null => "object",
    }
}

fn numeric(types: &[JsonType]) -> bool {
    !types.is_empty()
        && types
            .iter()
            .all(|t| matches!(t, JsonType::Integer | JsonType::Number))
}

/// Whether `x OP v` holds for every `x` between the bounds (the upper one scaled by `stretch`),
/// for none, or either.
fn interval(
    lo: Option<&crate::contract::Bound>,
    hi: Option<&crate::contract::Bound>,
    op: CmpOp,
    v: f64,
    stretch: f64,
) -> Option<bool> {
    let (lo, lo_open) = lo.map_or((f64::NEG_INFINITY, true), |b| (b.value, b.exclusive));
    let (hi, hi_open) = hi.map_or((f64::INFINITY, true), |b| (b.value * stretch, b.exclusive));
    // Every x is above v (or at least v), below it (or at most v).
    let above = lo > v || (lo == v && lo_open);
    let at_least = lo >= v;
    let below = hi < v || (hi == v && hi_open);
    let at_most = hi <= v;
    match op {
        CmpOp::Lt if below => Some(true),
        CmpOp::Lt if at_least => Some(false),
        CmpOp::Le if at_most => Some(true),
        CmpOp::Le if above => Some(false),
        CmpOp::Gt if above => Some(true),
        CmpOp::Gt if at_most => Some(false),
        CmpOp::Ge if at_least => Some(true),
        CmpOp::Ge if below => Some(false),
        CmpOp::Eq | CmpOp::Ne if above || below => Some(op == CmpOp::Ne),
        _ => None,
    }
}
