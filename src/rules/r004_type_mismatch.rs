use super::Rule;
use super::rust_support::linked;
use crate::contract::{CodeFactKind, JsonType, Project, RustTy};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R004: the schema's type and the Rust field's type disagree, so values the schema forbids
/// are accepted (or values it allows are rejected).
pub struct TypeMismatch;

/// The JSON type serde accepts for a Rust type, when it is a single one.
fn json_type(project: &Project, ty: &RustTy) -> Option<JsonType> {
    Some(match ty.unoption() {
        RustTy::Integer { .. } => JsonType::Integer,
        RustTy::Float => JsonType::Number,
        RustTy::String => JsonType::String,
        RustTy::Bool => JsonType::Boolean,
        RustTy::Vec(_) => JsonType::Array,
        RustTy::Map => JsonType::Object,
        RustTy::Named(n) => match project.rust.ty(n) {
            Some(t) if t.conversion.is_some() => return None,
            Some(t) if t.variants.is_some() => JsonType::String,
            Some(_) => JsonType::Object,
            None => return None,
        },
        _ => return None,
    })
}

/// The JSON type a [`CodeFactKind::ReadAs`] names.
fn read_type(json: &str) -> Option<JsonType> {
    Some(match json {
        "string" => JsonType::String,
        "object" => JsonType::Object,
        "array" => JsonType::Array,
        "boolean" => JsonType::Boolean,
        "number" => JsonType::Number,
        "integer" | "unsigned integer" => JsonType::Integer,
        _ => return None,
    })
}

/// A field published with another type's schema (`schema_with = "String::json_schema"`)
/// whose code goes on with a JSON type that schema forbids: a strict client refuses the
/// form the code takes.
fn replaced_schemas(code: &'static str, l: &super::rust_support::Linked, out: &mut Findings) {
    for p in l.properties() {
        let Some(f) = l.rust.field(&p.name) else {
            continue;
        };
        let Some(with) = &f.attrs().schema_with else {
            continue;
        };
        let published = p.schema.non_null_types();
        if published.is_empty() {
            continue;
        }
        let allows = |t: JsonType| {
            published.contains(&t)
                || (t == JsonType::Integer && published.contains(&JsonType::Number))
        };
        let taken = l.rust.checks_on(&p.name).find_map(|c| match &c.kind {
            CodeFactKind::ReadAs { json } => {
                read_type(json).filter(|t| !allows(*t)).map(|t| (t, c.span))
            }
            _ => None,
        });
        let Some((t, at)) = taken else { continue };
        let allowed: Vec<&str> = published.iter().map(|t| t.as_str()).collect();
        out.push(
            Diagnostic::new(
                code,
                format!(
                    "`{}`.`{}` is published as {} (`{} = \"{}\"`), but the code also takes a JSON {}",
                    l.tool(),
                    p.name,
                    allowed.join(" or "),
                    with.key,
                    with.path.value,
                    t.as_str()
                ),
                Label::new(at, format!("a JSON {} is taken here", t.as_str())),
            )
            .tool(l.tool())
            .property(&p.name)
            .related(Label::new(with.path.span, format!("the schema says {}", allowed.join(" or "))))
            .help("publish every form the code accepts (`anyOf`), or accept only the published one"),
        );
    }
}

/// A field deserialized through a hand-written helper (`deserialize_with`) that takes a JSON
/// form its published schema does not allow (a bare string for an `array`, a number for a
/// `string`): the code's leniency is not in the contract, so a strict client refuses the form
/// the code takes and an agent is never told it may send it. A numeric property's numeric
/// strings are R006's; `null` is the nullability rules'.
fn helper_forms(code: &'static str, l: &super::rust_support::Linked, out: &mut Findings) {
    for p in l.properties() {
        let Some(f) = l.rust.field(&p.name) else {
            continue;
        };
        let Some(with) = &f.coercion else { continue };
        let published = p.schema.non_null_types();
        let Some(types) = &p.schema.types else {
            continue;
        };
        if published.is_empty() {
            continue;
        }
        let numeric = published
            .iter()
            .all(|t| matches!(t, JsonType::Integer | JsonType::Number));
        let allows = |t: JsonType| {
            published.contains(&t)
                || (t == JsonType::Integer && published.contains(&JsonType::Number))
                || (t == JsonType::Number && published.contains(&JsonType::Integer))
                || t == JsonType::Null
                || (t == JsonType::String && numeric)
        };
        let taken = l.rust.checks_on(&p.name).find_map(|c| match &c.kind {
            CodeFactKind::JsonForm { json } => (!allows(*json)).then_some((*json, c.span)),
            _ => None,
        });
        let Some((t, at)) = taken else { continue };
        let allowed: Vec<&str> = published.iter().map(|t| t.as_str()).collect();
        // One helper read by many fields is one place to fix: one finding.
        let helper = with.value.rsplit("::").next().unwrap_or_default();
        let cause = format!(
            "the `deserialize_with` helper `{helper}` takes a JSON {} for fields published as {}",
            t.as_str(),
            allowed.join(" or ")
        );
        out.push(
            Diagnostic::new(
                code,
                format!(
                    "`{}`.`{}` is published as {}, but its `deserialize_with` helper `{}` also takes a JSON {}",
                    l.tool(),
                    p.name,
                    allowed.join(" or "),
                    with.value,
                    t.as_str()
                ),
                Label::new(at, format!("a JSON {} is taken here", t.as_str())),
            )
            .tool(l.tool())
            .property(&p.name)
            .related(Label::new(with.span, "the field is deserialized with this helper"))
            .related(Label::new(types.span, format!("the schema says {}", allowed.join(" or "))))
            .help("publish every form the helper accepts (`anyOf`), or accept only the published one")
            .caused_by(cause),
        );
    }
}

/// A handler that reads its arguments as JSON (`args.get("limit").and_then(|v| v.as_u64())`)
/// and takes a property only as a type its schema is wider than: a `number` read only as an
/// integer. The values the schema allows and the read refuses become `None`: taken as
/// missing, defaulted or rejected with a message about something else.
fn map_reads(code: &'static str, l: &super::rust_support::Linked, out: &mut Findings) {
    for p in l.properties() {
        if l.rust.field(&p.name).is_some() {
            continue;
        }
        let Some(types) = &p.schema.types else {
            continue;
        };
        let published = p.schema.non_null_types();
        // A read by accessor (`as_u64`), or a deserialization into an integer type (a field
        // `limit: Option<u32>` of the type the arguments are decoded into).
        let reads: Vec<(JsonType, crate::source::Span, String)> = l
            .rust
            .checks_on(&p.name)
            .filter_map(|c| match &c.kind {
                CodeFactKind::ReadAs { json } => {
                    read_type(json).map(|t| (t, c.span, "read as an integer here".to_string()))
                }
                CodeFactKind::Typed { ty } if ty.int_range().is_some() => Some((
                    JsonType::Integer,
                    c.span,
                    format!("taken as `{}` here", ty.display()),
                )),
                _ => None,
            })
            .collect();
        // Every read takes an integer, and the schema allows fractions.
        let Some((_, at, label)) = reads.first().cloned() else {
            continue;
        };
        if published != [JsonType::Number] || reads.iter().any(|(t, ..)| *t != JsonType::Integer) {
            continue;
        }
        let mut d = Diagnostic::new(
            code,
            format!(
                "`{}`.`{}` is published as a number, but the code reads it only as an integer, so a fractional value such as 1.5 is not taken",
                l.tool(),
                p.name
            ),
            Label::new(at, label),
        )
        .tool(l.tool())
        .property(&p.name)
        .related(Label::new(types.span, "the schema says number"))
        .help("publish `\"type\": \"integer\"`, or read the value as a number (`as_f64`)");
        if l.rust.json_to_unknown.contains(&p.name) {
            d = d.unknown(
                format!(
                    "how a method of unknown receiver reads `{}` (its callee is not resolved)",
                    p.name
                ),
                None,
            );
        }
        out.push(d);
    }
}

impl Rule for TypeMismatch {
    fn code(&self) -> &'static str {
        "R004"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            replaced_schemas(self.code(), &l, out);
            helper_forms(self.code(), &l, out);
        }
        for l in linked(project).filter(|l| !l.derived() && l.rust.ty.is_none()) {
            map_reads(self.code(), &l, out);
        }
        for l in linked(project).filter(|l| !l.derived()) {
            for p in l.properties() {
                let Some(f) = l.rust.field(&p.name) else {
                    continue;
                };
                if f.coercion.is_some() {
                    continue;
                }
                let Some(rust) = json_type(project, &f.ty) else {
                    continue;
                };
                let schema = p.schema.non_null_types();
                let Some(types) = &p.schema.types else {
                    continue;
                };
                if schema.is_empty() || schema.contains(&rust) {
                    continue;
                }
                let allowed: Vec<&str> = schema.iter().map(|t| t.as_str()).collect();
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`.`{}` is `{}` in Rust, which accepts a JSON {}; the schema's type is {}",
                            l.tool(),
                            p.name,
                            f.ty.unoption().display(),
                            rust.as_str(),
                            allowed.join(" or ")
                        ),
                        Label::new(f.ty_span, format!("accepts a JSON {}", rust.as_str())),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(types.span, format!("the schema says {}", allowed.join(" or "))))
                    .help("give the field a Rust type that accepts exactly the schema's type (an integer type for `integer`)"),
                );
            }
        }
    }
}
