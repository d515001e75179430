use super::Rule;
use super::claim_support::property_claims;
use super::rust_support::handed_back_escape;
use crate::contract::{ClaimKind, CodeFactKind, JsonType, Project, RustInput};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;
use serde_json::Value;

/// D009: the prose says a property defaults to X while the schema's `default` is Y, or,
/// where the schema names no default, while the code fills in Y.
pub struct DescriptionDefaultMismatch;

/// The one value the code gives a top-level property when it is absent: a field default
/// with a known value, else the fallbacks in the code when they all agree (an unknown one
/// makes it unknown).
fn code_default(rust: &RustInput, property: &str) -> Option<(Span, Value)> {
    // `#[serde(default)]` on an `Option` gives `None`: the code's fallback is the default.
    if let Some(d) = rust.field(property).and_then(|f| f.default.as_ref())
        && let Some(v) = d.value.as_ref().filter(|v| !v.is_null())
    {
        return Some((d.span, v.clone()));
    }
    // The filled-in value goes on, as a helper returned it, where the code is not followed
    // (`limit: u32_param(args, "limit")`, 0 standing for "unset" and replaced there): the
    // value the call finally gets is not known.
    if handed_back_escape(rust, property).is_some() {
        return None;
    }
    let mut found: Option<(Span, Value)> = None;
    for c in rust.checks_on(property) {
        let CodeFactKind::Default { value, .. } = &c.kind else {
            continue;
        };
        let v = value.as_deref()?;
        match &found {
            Some((_, seen)) if !same(seen, v) => return None,
            Some(_) => {}
            None => found = Some((c.span, v.clone())),
        }
    }
    found
}

/// The same enum value written otherwise: a number for its string (`500` of `"500"`), or
/// another case (`Mid` of `"mid"`, which still names that value).
fn spelled(a: &Value, b: &Value) -> bool {
    let number = |v: &Value| match v {
        Value::String(t) => t.trim().parse::<f64>().ok(),
        v => v.as_f64(),
    };
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.eq_ignore_ascii_case(y),
        _ => number(a).is_some() && number(a) == number(b),
    }
}

fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b || spelled_bool(a, b) || spelled_bool(b, a),
    }
}

/// "Defaults to `False`": a boolean spelled as another language writes it names the same
/// value as the schema's `false`.
fn spelled_bool(word: &Value, b: &Value) -> bool {
    match (word, b) {
        (Value::String(s), Value::Bool(b)) => {
            s.eq_ignore_ascii_case(if *b { "true" } else { "false" })
        }
        _ => false,
    }
}

impl Rule for DescriptionDefaultMismatch {
    fn code(&self) -> &'static str {
        "D009"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for pc in property_claims(project) {
            let ClaimKind::Default(claimed) = &pc.claim.kind else {
                continue;
            };
            let name = &pc.property.name;
            // A value outside the property's `enum` is no default of it: "short TTL default
            // = 6h" of a `tier` in short/mid/long is the default of another thing the
            // sentence names. `null` is the property's own absence ("default: null, meaning
            // all").
            if let Some(e) = &pc.property.schema.enum_values
                && !claimed.is_null()
                && !e
                    .value
                    .iter()
                    .any(|v| same(claimed, v) || spelled(claimed, v))
            {
                continue;
            }
            // `null` on a property that accepts it means "not given" (what schemars writes
            // for an `Option` with `#[serde(default)]`): the server fills in a value, which
            // the code says.
            let stated = pc
                .property
                .schema
                .default
                .as_ref()
                .filter(|d| !(d.value.is_null() && pc.property.schema.nullable));
            let Some(default) = stated else {
                let top_level = pc
                    .claim
                    .subject
                    .property()
                    .is_some_and(|(o, _)| o.is_empty());
                let Some((span, value)) = pc
                    .contract
                    .rust
                    .as_ref()
                    .filter(|_| top_level)
                    .and_then(|r| code_default(r, name))
                else {
                    continue;
                };
                if same(claimed, &value) {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "the description of `{}` says `{name}` defaults to {claimed}, but the code fills in {value} when it is absent",
                            pc.decl.name
                        ),
                        Label::new(pc.claim.span, format!("the description says {claimed}")),
                    )
                    .tool(&pc.decl.name)
                    .property(name)
                    .related(Label::new(span, format!("the code's default is {value}")))
                    .help("make the description name the value the code fills in (or change the code's default)"),
                );
                continue;
            };
            if same(claimed, &default.value) {
                continue;
            }
            // Digits in prose name a string property's default as well ("default: 500" of
            // `"500"`): the string the client fills in is the one the prose says.
            let digits = |v: &Value| match v {
                Value::String(t) => t.trim().parse::<f64>().ok(),
                _ => None,
            };
            if pc.property.schema.non_null_types() == [JsonType::String]
                && claimed.as_f64().is_some()
                && claimed.as_f64() == digits(&default.value)
            {
                continue;
            }
            // The same number written as a string (rust-mcp-sdk's `json_schema(default)`):
            // a client that fills the default in sends a string.
            let as_string = match (claimed.as_f64(), &default.value) {
                (Some(x), Value::String(t)) if t.trim().parse::<f64>() == Ok(x) => {
                    ", a string, not a number"
                }
                _ => "",
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "the description of `{}` says `{name}` defaults to {claimed}, but the schema's `default` is {}{as_string}",
                        pc.decl.name, default.value
                    ),
                    Label::new(pc.claim.span, format!("the description says {claimed}")),
                )
                .tool(&pc.decl.name)
                .property(name)
                .related(Label::new(default.span, format!("the schema says {}", default.value)))
                .help("make the description and the schema's `default` name the same value (and the code that fills it in)"),
            );
        }
    }
}
