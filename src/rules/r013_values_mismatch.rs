use super::Rule;
use super::rust_support::linked;
use crate::contract::{Project, RustTy};
use crate::diagnostic::{Diagnostic, Label};

/// R013: the schema's `enum` and the Rust enum's wire values differ.
pub struct ValuesMismatch;

impl Rule for ValuesMismatch {
    fn code(&self) -> &'static str {
        "R013"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project).filter(|l| !l.derived()) {
            for p in l.properties() {
                let Some(values) = &p.schema.enum_values else {
                    continue;
                };
                let Some(f) = l.rust.field(&p.name) else {
                    continue;
                };
                let RustTy::Named(n) = f.ty.unoption() else {
                    continue;
                };
                let Some(variants) = project.rust.ty(n).and_then(|t| t.variants.as_ref()) else {
                    continue;
                };
                let rust: Vec<&str> = variants.iter().map(|v| v.value.as_str()).collect();
                let schema: Vec<&str> = values.value.iter().filter_map(|v| v.as_str()).collect();
                let only_rust: Vec<&str> = rust
                    .iter()
                    .filter(|v| !schema.contains(v))
                    .copied()
                    .collect();
                let only_schema: Vec<&str> = schema
                    .iter()
                    .filter(|v| !rust.contains(v))
                    .copied()
                    .collect();
                if only_rust.is_empty() && only_schema.is_empty() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`.`{}`: the Rust enum `{n}` accepts [{}]; the schema's enum is [{}]",
                            l.tool(),
                            p.name,
                            rust.join(", "),
                            schema.join(", ")
                        ),
                        Label::new(f.ty_span, "the Rust values"),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(values.span, "the schema's values"))
                    .help("make the enum's variants (after renames) and the schema's `enum` list the same values"),
                );
            }
        }
    }
}
