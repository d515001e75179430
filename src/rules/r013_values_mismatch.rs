use super::Rule;
use super::rust_support::linked;
use crate::contract::{CodeFactKind, Project, RustTy};
use crate::diagnostic::{Diagnostic, Label};
use crate::source::Span;

/// R013: the schema's `enum` and the values the Rust code accepts differ: a Rust enum's
/// wire values (after renames), or the string literals a `match` accepts before rejecting
/// everything else.
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
                let schema: Vec<&str> = values.value.iter().filter_map(|v| v.as_str()).collect();
                // (what accepts, its values, where)
                let mut sides: Vec<(String, Vec<String>, Span)> = Vec::new();
                if let Some(f) = l.rust.field(&p.name)
                    && let RustTy::Named(n) = f.ty.unoption()
                    && let Some(variants) = project.rust.ty(n).and_then(|t| t.variants.as_ref())
                {
                    let rust = variants.iter().map(|v| v.value.clone()).collect();
                    sides.push((format!("the Rust enum `{n}`"), rust, f.ty_span));
                }
                for c in l.rust.checks_on(&p.name).filter(|c| c.rejects) {
                    if let CodeFactKind::OneOf { values } = &c.kind {
                        sides.push(("the code".to_string(), values.clone(), c.span));
                    }
                }
                for (who, rust, span) in sides {
                    let same = rust.iter().all(|v| schema.contains(&v.as_str()))
                        && schema.iter().all(|v| rust.iter().any(|r| r == v));
                    if same {
                        continue;
                    }
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "`{}`.`{}`: {who} accepts [{}]; the schema's enum is [{}]",
                                l.tool(),
                                p.name,
                                rust.join(", "),
                                schema.join(", ")
                            ),
                            Label::new(span, "the values the code accepts"),
                        )
                        .tool(l.tool())
                        .property(&p.name)
                        .related(Label::new(values.span, "the schema's values"))
                        .help("accept exactly the schema's `enum` values (after renames), or publish the ones the code accepts"),
                    );
                }
            }
        }
    }
}
