use super::Rule;
use super::rust_support::{code_default, linked};
use crate::contract::Project;
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
    }
}
