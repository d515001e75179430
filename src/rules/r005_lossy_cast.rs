use super::Rule;
use super::rust_support::linked;
use crate::contract::{CodeFactKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R005: a fractional input is truncated or rounded (`as u8` from a float, `round`), so
/// 1.5 becomes 1 instead of being rejected.
pub struct LossyCast;

impl Rule for LossyCast {
    fn code(&self) -> &'static str {
        "R005"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                let float_field = l.rust.field(&p.name).is_some_and(|f| f.ty.is_float());
                let read_as_number = l
                    .rust
                    .checks_on(&p.name)
                    .any(|c| c.kind == CodeFactKind::ReadAs { json: "number" });
                for c in l.rust.checks_on(&p.name) {
                    let what = match &c.kind {
                        CodeFactKind::Cast { to } if float_field || read_as_number => {
                            format!("is cast from a float with `as {to}`, which drops the fraction")
                        }
                        CodeFactKind::Round => {
                            "is rounded, which changes a fractional value".to_string()
                        }
                        _ => continue,
                    };
                    let mut d = Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`.`{}` {what}: 1.5 is accepted as a whole number instead of rejected",
                            l.tool(),
                            p.name
                        ),
                        Label::new(c.span, "the fraction is lost here"),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .help("read the value as an integer type so a fractional number is rejected (INVALID_TYPE)");
                    if let Some(t) = &p.schema.types {
                        d = d.related(Label::new(t.span, "the schema's type"));
                    }
                    out.push(d);
                }
            }
        }
    }
}
