use super::Rule;
use super::rust_support::linked;
use crate::contract::{Project, RustTy};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R007: a required, non-nullable property is an `Option<T>`: serde turns `null` into
/// `None`, so `null` is accepted as if the property were missing.
pub struct NullAsMissing;

impl Rule for NullAsMissing {
    fn code(&self) -> &'static str {
        "R007"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            // An `Option<Option<T>>` is written to tell `null` from absent, which plain serde
            // cannot: `null` becomes the outer `None`, so `Some(None)` never arrives.
            for f in l
                .rust
                .ty
                .iter()
                .filter(|t| t.conversion.is_none())
                .flat_map(|t| &t.fields)
            {
                let RustTy::Option(inner) = &f.ty else {
                    continue;
                };
                if !matches!(inner.as_ref(), RustTy::Option(_)) || f.coercion.is_some() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`.`{}` is `{}` with plain serde, so `null` is read as absent: `Some(None)` never arrives",
                            l.tool(),
                            f.wire_name,
                            f.ty.display()
                        ),
                        Label::new(f.ty_span, "`null` becomes the outer `None` here"),
                    )
                    .tool(l.tool())
                    .property(&f.wire_name)
                    .help("deserialize it with a double-option helper (`serde_with::rust::double_option`, or a `deserialize_with` that wraps any present value in `Some`)"),
                );
            }
            if l.derived() {
                continue;
            }
            for p in l.properties() {
                let Some(req) = p.required else { continue };
                if p.schema.nullable {
                    continue;
                }
                let Some(f) = l.rust.field(&p.name) else {
                    continue;
                };
                if !matches!(f.ty, RustTy::Option(_)) || f.coercion.is_some() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`.`{}` is `{}`, so `null` is read as a missing value; the schema requires a non-null value",
                            l.tool(),
                            p.name,
                            f.ty.display()
                        ),
                        Label::new(f.ty_span, "`null` becomes `None` here"),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(req, format!("the schema requires `{}`", p.name)))
                    .help("use the plain type (not `Option`) so serde rejects `null` (INVALID_TYPE)"),
                );
            }
        }
    }
}
