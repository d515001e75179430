use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{code_default, linked};
use crate::contract::{CodeFactKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R001: a property the schema requires gets a value anyway when it is absent, so a call
/// missing it is carried out instead of rejected.
pub struct SilentDefault;

impl Rule for SilentDefault {
    fn code(&self) -> &'static str {
        "R001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project).filter(|l| !l.derived()) {
            for p in l.properties() {
                let Some(req) = p.required else { continue };
                let Some((span, value, how)) = code_default(l.rust, &p.name) else {
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
        for l in page_linked(project) {
            for p in l.properties() {
                let Some(req) = p.required else { continue };
                let Some((span, value)) = l.code.checks_on(&p.name).find_map(|c| match &c.kind {
                    CodeFactKind::Default { value, .. } => Some((c.span, value.as_ref())),
                    _ => None,
                }) else {
                    continue;
                };
                let value = value.map_or("a default value".to_string(), |v| {
                    format!("a default of {v}")
                });
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` requires `{}`, but its code gives it {value} when it is absent",
                            l.tool(),
                            p.name
                        ),
                        Label::new(span, format!("`{}` defaulted here", p.name)),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(req, format!("the schema requires `{}`", p.name)))
                    .help("remove the default and answer a call without the property with an error, or make the property optional in the schema"),
                );
            }
        }
    }
}
