use super::Rule;
use super::rust_support::linked;
use crate::contract::{CodeFactKind, JsonType, Project, RustTy};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R006: a numeric property also accepts numeric strings ("2"), which the schema forbids.
pub struct StringNumberCoercion;

impl Rule for StringNumberCoercion {
    fn code(&self) -> &'static str {
        "R006"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                if !(p.schema.has_type(JsonType::Integer) || p.schema.has_type(JsonType::Number))
                    || p.schema.has_type(JsonType::String)
                {
                    continue;
                }
                let field = l.rust.field(&p.name);
                let mut found = Vec::new();
                if let Some(c) = field
                    .filter(|f| f.numeric_strings)
                    .and_then(|f| f.coercion.as_ref())
                {
                    found.push((c.span, format!("`{}` accepts numeric strings", c.value)));
                }
                let stringly = field.is_some_and(|f| matches!(f.ty.unoption(), RustTy::String))
                    || l.rust
                        .checks_on(&p.name)
                        .any(|c| c.kind == CodeFactKind::ReadAs { json: "string" });
                if stringly {
                    for c in l
                        .rust
                        .checks_on(&p.name)
                        .filter(|c| c.kind == CodeFactKind::Parse)
                    {
                        found.push((c.span, "the string is parsed into a number".to_string()));
                    }
                }
                for (span, how) in found {
                    let mut d = Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`.`{}` also accepts a number written as a string (\"2\"); the schema allows only a number",
                            l.tool(),
                            p.name
                        ),
                        Label::new(span, how),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .help("deserialize the field as a plain number so \"2\" is rejected (INVALID_TYPE)");
                    if let Some(t) = &p.schema.types {
                        d = d.related(Label::new(t.span, "the schema's type"));
                    }
                    out.push(d);
                }
            }
        }
    }
}
