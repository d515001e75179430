use super::Rule;
use super::rust_support::{Linked, linked};
use crate::contract::{CodeFactKind, Project, RustType, UnknownFields, inside, top_level};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R002: the schema rejects unknown properties, but the Rust input silently ignores them.
/// Only fires when the schema claims `additionalProperties: false` (most Rust inputs never
/// set `deny_unknown_fields`, and the schema is what an agent is told).
pub struct UnknownFieldsAccepted;

impl Rule for UnknownFieldsAccepted {
    fn code(&self) -> &'static str {
        "R002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project).filter(|l| !l.derived()) {
            nested(&l, self.code(), out);
            let Some(UnknownFields::Rejected(closed)) =
                l.schema.root.object.as_ref().map(|o| &o.unknown_fields)
            else {
                continue;
            };
            let keys_checked = l
                .rust
                .checks
                .iter()
                .any(|c| c.property.is_empty() && c.kind == CodeFactKind::KeysChecked);
            if keys_checked {
                continue;
            }
            let (span, what, help, declared) = match &l.rust.ty {
                Some(t) if t.deny_unknown_fields.is_none() && t.deserialize => (
                    t.span,
                    format!("`{}` has no `#[serde(deny_unknown_fields)]`", t.name),
                    "add `#[serde(deny_unknown_fields)]` to the input type so unknown fields are rejected (UNKNOWN_FIELD)",
                    None,
                ),
                None if !l.rust.decoded_as.is_empty() => {
                    let Some((at, t)) = lenient_decode(&l) else {
                        continue;
                    };
                    (
                        at,
                        format!(
                            "the arguments are decoded into `{}`, which has no `#[serde(deny_unknown_fields)]`",
                            t.name
                        ),
                        "add `#[serde(deny_unknown_fields)]` to the type the arguments are decoded into so unknown fields are rejected (UNKNOWN_FIELD)",
                        Some(Label::new(
                            t.span,
                            format!("`{}` takes unknown fields", t.name),
                        )),
                    )
                }
                None => {
                    let Some(f) = l.rust.handler.or(l.rust.validator) else {
                        continue;
                    };
                    if !reads_keys(&l) {
                        continue;
                    }
                    (
                        project.rust.fns[f].span,
                        format!(
                            "`{}` reads the arguments map without checking its keys",
                            project.rust.fns[f].name
                        ),
                        "reject the keys the schema does not declare before reading the map (UNKNOWN_FIELD)",
                        None,
                    )
                }
                _ => continue,
            };
            let mut d = Diagnostic::new(
                self.code(),
                format!(
                    "`{}` rejects unknown properties in its schema, but {what}, so a call with an extra field (such as `coupon`) is accepted",
                    l.tool()
                ),
                Label::new(span, "unknown properties are ignored here"),
            )
            .tool(l.tool())
            .related(Label::new(*closed, "the schema rejects unknown properties"));
            if let Some(declared) = declared {
                d = d.related(declared);
            }
            out.push(d.help(help));
        }
    }
}

/// The first decode of the whole arguments into a type whose derived `Deserialize` ignores
/// unknown keys, when every decode of them is into such a type: a type that does not resolve,
/// deserializes by hand, converts, is an enum or has a `flatten` field decides keys the
/// model does not know, and one with `deny_unknown_fields` refuses them.
fn lenient_decode<'l>(l: &'l Linked) -> Option<(crate::source::Span, &'l RustType)> {
    let lenient = |t: &RustType| {
        t.deserialize
            && t.deny_unknown_fields.is_none()
            && t.conversion.is_none()
            && t.variants.is_none()
            && !t.fields.is_empty()
            && t.fields.iter().all(|f| !f.flatten)
    };
    let mut decodes = l.rust.decoded_as.iter();
    if !decodes
        .clone()
        .all(|(_, t)| t.as_deref().is_some_and(lenient))
    {
        return None;
    }
    decodes
        .next()
        .and_then(|(at, t)| Some((*at, t.as_deref()?)))
}

/// Whether a JSON-map handler is seen reading the map key by key, and never deserializes a
/// whole value (or a `tools/call` params' `arguments`) into a type (whose own `deny_unknown_fields` would decide, and which is not
/// known here). A handler that reads nothing from the map, as far as the code shows, is
/// not judged: the arguments may be read where the model does not follow.
fn reads_keys(l: &Linked) -> bool {
    // A decode in another tool's arm of a dispatcher decides that tool's keys, not these.
    let decodes = l.rust.reached.iter().any(|&f| {
        let body = l.krate.body(f);
        body.decoded.iter().any(|d| {
            d.from
                .as_ref()
                .is_some_and(|v| v.key.is_empty() || v.key == "arguments")
                && !body.outside_arm(d.at, l.tool())
        })
    });
    !decodes
        && l.rust
            .checks
            .iter()
            .any(|c| !c.property.is_empty() && top_level(&c.property))
}

/// A closed object inside the input (`details` with `additionalProperties: false`) that a
/// hand-written handler reads key by key (`details.get("host")`) and whose keys it never
/// checks: an extra key there is ignored, not refused. Only for JSON-map handlers: a typed
/// field's own type decides for a typed input.
fn nested(l: &Linked, code: &'static str, out: &mut Findings) {
    if l.rust.ty.is_some() {
        return;
    }
    for p in l.properties() {
        let Some(object) = p.schema.object.as_ref() else {
            continue;
        };
        let UnknownFields::Rejected(closed) = object.unknown_fields else {
            continue;
        };
        let mut reads = l.rust.checks.iter().filter_map(|c| {
            inside(&c.property, &p.name)
                .filter(|key| object.property(key).is_some())
                .map(|key| (c, key))
        });
        let Some((read, key)) = reads.next() else {
            continue;
        };
        let keys_checked = l
            .rust
            .checks
            .iter()
            .any(|c| c.property == p.name && c.kind == CodeFactKind::KeysChecked);
        if keys_checked {
            continue;
        }
        out.push(
            Diagnostic::new(
                code,
                format!(
                    "`{}` rejects unknown properties inside `{}` in its schema, but the code reads `{}` of it key by key without checking the others, so an extra key there is ignored",
                    l.tool(),
                    p.name,
                    key
                ),
                Label::new(read.span, format!("`{key}` is read here; other keys of `{}` are ignored", p.name)),
            )
            .tool(l.tool())
            .property(&p.name)
            .related(Label::new(closed, format!("the schema rejects unknown properties in `{}`", p.name)))
            .help("check the keys of the object before reading it (or deserialize it into a type with `#[serde(deny_unknown_fields)]`)"),
        );
    }
}
