use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{FALLBACK, Linked, code_default, handed_back_escape, linked};
use crate::contract::{CodeFactKind, Project, RustInput, SdkPackage};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;
use serde_json::Value;

/// Whether an unconditional rejecting check on `property` turns `value` away: an empty
/// string or list against a length test, a number against a comparison.
fn rejected(rust: &RustInput, property: &str, value: &Value) -> bool {
    let (x, length) = match value {
        Value::String(s) => (s.chars().count() as f64, true),
        Value::Array(a) => (a.len() as f64, true),
        v => match v.as_f64() {
            Some(x) => (x, false),
            None => return false,
        },
    };
    rust.turning_away(property, x, length)
        .any(|c| !c.conditional)
}

/// Whether an unconditional check turns a call away when `property` is absent.
fn absence_rejected(rust: &RustInput, property: &str) -> bool {
    rust.checks_on(property)
        .any(|c| c.kind == CodeFactKind::Absent && c.rejects && !c.conditional)
}

/// Where the package serving the tool reads a schema's `required` list.
fn checks_required(project: &Project, l: &Linked) -> Option<Span> {
    let path = &project.sources.get(l.schema.span.file).path;
    SdkPackage::owner(&project.packages, path)?.checks_required
}

/// R001: a property the schema requires gets a value anyway when it is absent, so a call
/// missing it is carried out instead of rejected.
pub struct SilentDefault;

impl Rule for SilentDefault {
    fn code(&self) -> &'static str {
        "R001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project).filter(|l| !l.derived()) {
            for p in l.properties() {
                let Some(req) = p.required else { continue };
                let Some((span, value, how)) = code_default(l.rust, &p.name) else {
                    continue;
                };
                // `.unwrap_or("")` then `if file.is_empty() { return Err(..) }`: how code that
                // reads a map tests presence; the value filled in is one it turns away, so a
                // call without it is rejected. A field's `#[serde(default)]` is another thing:
                // the type declares the property may be left out, against the schema, and a
                // later length check answers the absence as some other error.
                if how == FALLBACK && value.is_some_and(|v| rejected(l.rust, &p.name, v)) {
                    continue;
                }
                // `if args.get("value").is_none() { return Err(..) }` before
                // `bool_param(args, "value")`: the absence is turned away, the fallback never
                // stands in for it.
                if how == FALLBACK && absence_rejected(l.rust, &p.name) {
                    continue;
                }
                let value = value.map_or("a default value".to_string(), |v| {
                    format!("a default of {v}")
                });
                let mut d = Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` requires `{}`, but {how} gives it {value} when it is absent",
                        l.tool(),
                        p.name
                    ),
                    Label::new(span, format!("`{}` defaulted here", p.name)),
                )
                .tool(l.tool())
                .property(&p.name)
                .related(Label::new(req, format!("the schema requires `{}`", p.name)))
                .help("remove the default and reject a call without the property (MISSING_FIELD)");
                // The filled-in value goes, as a helper returned it, where the code is not
                // followed (`name: str_param(args, "name")` in a request whose `run` tests
                // `self.name.is_empty()`): whether the absence is then turned away is unknown.
                if how == FALLBACK
                    && let Some(at) = handed_back_escape(l.rust, &p.name)
                {
                    d = d.unknown(
                        "whether the code the value is handed to accepts the filled-in value",
                        Some(at),
                    );
                }
                // A server that checks each call against the published `required` list
                // (its dispatcher, before any handler) may never let the absence reach here.
                if let Some(at) = checks_required(project, &l) {
                    d = d.unknown(
                        "whether a call without it reaches the handler (the server reads the tools' `required` lists)",
                        Some(at),
                    );
                }
                out.push(d);
            }
        }
        for l in page_linked(project) {
            for p in l.properties() {
                let Some(req) = p.required else { continue };
                let Some((span, value)) = l.code.checks_on(&p.name).find_map(|c| match &c.kind {
                    CodeFactKind::Default { value, .. } => Some((c.span, value.as_deref())),
                    _ => None,
                }) else {
                    continue;
                };
                let value = value.map_or("a default value".to_string(), |v| {
                    format!("a default of {v}")
                });
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` requires `{}`, but its code gives it {value} when it is absent",
                            l.tool(),
                            p.name
                        ),
                        Label::new(span, format!("`{}` defaulted here", p.name)),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(req, format!("the schema requires `{}`", p.name)))
                    .help("remove the default and answer a call without the property with an error, or make the property optional in the schema"),
                );
            }
        }
    }
}
