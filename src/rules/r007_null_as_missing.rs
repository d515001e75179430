use super::Rule;
use super::rust_support::linked;
use crate::contract::{Project, RustTy};
use crate::diagnostic::{Diagnostic, Label};

/// R007: a required, non-nullable property is an `Option<T>`: serde turns `null` into
/// `None`, so `null` is accepted as if the property were missing.
pub struct NullAsMissing;

impl Rule for NullAsMissing {
    fn code(&self) -> &'static str {
        "R007"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project).filter(|l| !l.derived()) {
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
