use super::Rule;
use super::rust_support::linked;
use crate::contract::{CodeFactKind, Project};
use crate::diagnostic::{Diagnostic, Label};

/// R001: a property the schema requires gets a value anyway when it is absent, so a call
/// missing it is carried out instead of rejected.
pub struct SilentDefault;

impl Rule for SilentDefault {
    fn code(&self) -> &'static str {
        "R001"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project).filter(|l| !l.derived()) {
            for p in l.properties() {
                let Some(req) = p.required else { continue };
                let field_default = l.rust.field(&p.name).and_then(|f| f.default.as_ref());
                let (span, value, how) = if let Some(d) = field_default {
                    let how = if d.from_container {
                        "the container's `#[serde(default)]`"
                    } else {
                        "`#[serde(default)]`"
                    };
                    (d.span, d.value.clone(), how)
                } else if let Some((span, value)) =
                    l.rust.checks_on(&p.name).find_map(|c| match &c.kind {
                        CodeFactKind::Default { value, .. } => Some((c.span, value.clone())),
                        _ => None,
                    })
                {
                    (span, value, "a fallback in the code")
                } else {
                    continue;
                };
                let value = value.map_or("a default value".to_string(), |v| {
                    format!("a default of {v}")
                });
                out.push(
                    Diagnostic::new(
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
                    .help(
                        "remove the default and reject a call without the property (MISSING_FIELD)",
                    ),
                );
            }
        }
    }
}
