use super::Rule;
use crate::contract::{JsonType, LinkKind, Origin, Project, RustField, RustTy};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P013: an rmcp tool's handler returns `Json<T>`, and the `outputSchema` published for the
/// tool says something no `T` satisfies: a property it requires that `T` has no field for, a
/// property typed otherwise than the field, or a root that is not an object. MCP requires
/// structured results to conform to the output schema; a client that validates them rejects
/// every result.
pub struct OutputSchemaMismatch;

/// The JSON type a field's value is always written as, when the field's type says so alone
/// (`null` of an `Option` aside: whether it is ever `None` is not known).
fn written_type(f: &RustField) -> Option<JsonType> {
    Some(match f.ty.unoption() {
        RustTy::Integer { .. } => JsonType::Integer,
        RustTy::Float => JsonType::Number,
        RustTy::String => JsonType::String,
        RustTy::Bool => JsonType::Boolean,
        RustTy::Vec(_) => JsonType::Array,
        RustTy::Map => JsonType::Object,
        RustTy::Option(_) | RustTy::Any | RustTy::Named(_) | RustTy::Unknown(_) => return None,
    })
}

/// Whether a value of JSON type `t` can satisfy `types`: `number` takes integers, and a
/// float may be integral (`2.0` is an `integer` in JSON Schema).
fn admits(types: &[JsonType], t: JsonType) -> bool {
    types.contains(&t)
        || (t == JsonType::Integer && types.contains(&JsonType::Number))
        || (t == JsonType::Number && types.contains(&JsonType::Integer))
}

fn shown(types: &[JsonType]) -> String {
    types
        .iter()
        .map(|t| t.as_str())
        .collect::<Vec<_>>()
        .join(" or ")
}

impl Rule for OutputSchemaMismatch {
    fn code(&self) -> &'static str {
        "P013"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let Some(rust) = &c.rust else { continue };
            // rmcp's `#[tool]`: the handler's `Json<T>` is the structured content as returned.
            let rmcp = c.decls.iter().any(|d| d.origin == Origin::Rust);
            if rust.how != LinkKind::Declared || !rmcp {
                continue;
            }
            // A struct whose fields are what serde writes.
            let Some(ty) = rust
                .output
                .as_ref()
                .filter(|t| t.variants.is_none() && !t.writes_differ)
            else {
                continue;
            };
            let Some((decl, schema)) = c
                .decls
                .iter()
                .find_map(|d| Some((d, d.spec.as_ref()?.output.as_ref()?)))
            else {
                continue;
            };
            let mut push = |property: Option<&str>,
                            what: String,
                            at: crate::source::Span,
                            label: &str,
                            rust_at: Label| {
                let d = Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` returns `Json<{}>`, but {what}: MCP requires structured results that conform to the published `outputSchema`",
                            c.name, ty.name
                        ),
                        Label::new(at, label),
                    )
                    .tool(&c.name)
                    .related(rust_at)
                    .help(format!(
                        "publish the schema rmcp derives from `{}` (or change the type), so that the `outputSchema` in `{}` describes what the tool returns",
                        ty.name,
                        decl.origin.name()
                    ));
                out.push(match property {
                    Some(p) => d.property(p),
                    None => d,
                });
            };
            let types = schema.non_null_types();
            if !types.is_empty() && !types.contains(&JsonType::Object) {
                let at = schema.types.as_ref().map_or(ty.span, |t| t.span);
                push(
                    None,
                    format!(
                        "the `outputSchema` says the result is {}, and `{}` is written as an object",
                        shown(&types),
                        ty.name
                    ),
                    at,
                    "the output schema's type",
                    Label::new(ty.span, "a struct: serde writes an object"),
                );
                continue;
            }
            let Some(object) = schema.object.as_deref() else {
                continue;
            };
            for r in &object.required {
                if ty.fields.iter().any(|f| f.wire_name == r.value) {
                    continue;
                }
                push(
                    Some(&r.value),
                    format!(
                        "the `outputSchema` requires `{}`, which `{}` has no field for",
                        r.value, ty.name
                    ),
                    r.span,
                    "required here",
                    Label::new(ty.span, format!("no field is written as `{}`", r.value)),
                );
            }
            for f in &ty.fields {
                let Some(p) = object.property(&f.wire_name) else {
                    continue;
                };
                let (Some(written), expected) = (written_type(f), p.schema.non_null_types()) else {
                    continue;
                };
                if expected.is_empty() || p.schema.alternatives || admits(&expected, written) {
                    continue;
                }
                push(
                    Some(&f.wire_name),
                    format!(
                        "the `outputSchema` types `{}` as {}, and `{}` writes it as {}",
                        f.wire_name,
                        shown(&expected),
                        ty.name,
                        written.as_str()
                    ),
                    p.schema.types.as_ref().map_or(p.name_span, |t| t.span),
                    "the output schema's type",
                    Label::new(
                        f.ty_span,
                        format!("`{}` is written as {}", f.ty.display(), written.as_str()),
                    ),
                );
            }
        }
    }
}
