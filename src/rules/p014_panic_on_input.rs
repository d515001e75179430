use super::Rule;
use super::rust_support::linked;
use super::schema_admits::{absence, holds_to_json};
use crate::contract::{CodeFactKind, JsonType, PanicOn, Project, PropertyFacts, RustInput};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// P014: a tool's handler panics on a value its published schema admits: an `.unwrap()` of
/// an optional property, of a JSON read of the wrong type, of a parse that refuses the
/// string, or an index past a sequence's end. MCP asks for input errors as tool execution
/// errors (`isError: true`) the model can correct; a panic answers with nothing.
pub struct PanicOnInput;

impl Rule for PanicOnInput {
    fn code(&self) -> &'static str {
        "P014"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            // Only in the functions the tool's call runs first (its handler and validator):
            // a helper's panic may sit behind a check its caller made.
            let own: Vec<Span> = [l.rust.handler, l.rust.validator]
                .into_iter()
                .flatten()
                .filter_map(|f| project.rust.fns.get(f)?.body.as_ref())
                .flat_map(|b| &b.facts)
                .filter(|x| matches!(x.kind, CodeFactKind::Panics { .. }))
                .map(|x| x.span)
                .collect();
            let mut seen = Vec::new();
            for c in &l.rust.checks {
                let CodeFactKind::Panics { on } = &c.kind else {
                    continue;
                };
                if !own.contains(&c.span) || seen.contains(&(c.span, &c.property)) {
                    continue;
                }
                let Some(p) = l.properties().iter().find(|p| p.name == c.property) else {
                    continue;
                };
                if checked_elsewhere(l.rust, &c.property) {
                    continue;
                }
                let Some((what, admits)) = admitted(l.rust, p, on) else {
                    continue;
                };
                seen.push((c.span, &c.property));
                let tool = &l.contract.name;
                let d = Diagnostic::new(
                    self.code(),
                    format!(
                        "`{tool}` panics on {what}, which its schema admits: the call gets no result instead of a tool execution error (`isError: true`) the model could correct"
                    ),
                    Label::new(c.span, "panics here"),
                )
                .tool(tool)
                .property(&p.name)
                .related(Label::new(p.name_span, admits))
                .help(help(on));
                out.push(d);
            }
        }
    }
}

/// Some function of the tool rejects a value of the property: the panic may sit behind it.
fn checked_elsewhere(rust: &RustInput, property: &str) -> bool {
    rust.checks_on(property)
        .any(|k| k.rejects && !matches!(k.kind, CodeFactKind::Panics { .. }))
}

/// The value that panics, and what the schema says that admits it; `None` when the schema
/// rules every such value out (or its reading is not known).
fn admitted(rust: &RustInput, p: &PropertyFacts, on: &PanicOn) -> Option<(String, String)> {
    let name = &p.name;
    let s = &p.schema;
    let absent = absence(p);
    match on {
        PanicOn::Present => {
            // A serde default other than `None` fills the field in when the key is absent.
            let filled = rust
                .field(name)
                .and_then(|f| f.default.as_ref())
                .is_some_and(|d| d.value.as_ref().is_none_or(|v| !v.is_null()));
            let why = absent.filter(|_| !filled)?;
            Some((format!("a call without `{name}`"), why))
        }
        PanicOn::Json(json) => {
            if let Some(why) = absent {
                return Some((format!("a call without `{name}`"), why));
            }
            (!holds_to_json(s, json)).then(|| {
                (
                    format!("a `{name}` that is not a JSON {json}"),
                    format!("the schema does not hold `{name}` to a {json}"),
                )
            })
        }
        PanicOn::Parses(ty) => {
            let free = s.non_null_types() == [JsonType::String]
                && s.enum_values.is_none()
                && s.const_value.is_none()
                && s.pattern.is_none()
                && s.format.is_none()
                && !s.alternatives;
            free.then(|| {
                (
                    format!("a `{name}` that does not parse as `{ty}`"),
                    format!("`{name}` is any string"),
                )
            })
        }
        PanicOn::InBounds => {
            let numeric = !s.non_null_types().is_empty()
                && s.non_null_types()
                    .iter()
                    .all(|t| matches!(t, JsonType::Integer | JsonType::Number));
            (numeric && s.bounds().maximum.is_none() && s.enum_values.is_none()).then(|| {
                (
                    format!("a `{name}` past the end of what it indexes"),
                    format!("`{name}` has no `maximum`"),
                )
            })
        }
    }
}

fn help(on: &PanicOn) -> &'static str {
    match on {
        PanicOn::Present | PanicOn::Json(_) => {
            "answer a missing or mistyped value with `CallToolResult::error(..)` (`.ok_or(..)`, `let Some(..) else`) instead of `.unwrap()`, or require it in the schema"
        }
        PanicOn::Parses(_) => {
            "answer a value that does not parse with `CallToolResult::error(..)` instead of `.unwrap()`, or state its form in the schema (`pattern`, `enum`, or a numeric type)"
        }
        PanicOn::InBounds => {
            "check the value against the length (`.get(i)`, a comparison with `len()`) and answer with `CallToolResult::error(..)`, or bound it in the schema"
        }
    }
}
