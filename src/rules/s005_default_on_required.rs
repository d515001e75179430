use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S005: a required property that also has a `default`: must the agent send it or not?
pub struct DefaultOnRequired;

impl Rule for DefaultOnRequired {
    fn code(&self) -> &'static str {
        "S005"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, schema) in project.schemas() {
            for object in schema.root.object_facts() {
                for p in &object.properties {
                    let (Some(req), Some(default)) = (p.required, &p.schema.default) else {
                        continue;
                    };
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "`{}` is required in `{}` but also has a default of {}",
                                p.name, decl.name, default.value
                            ),
                            Label::new(default.span, "default given here"),
                        )
                        .tool(&decl.name)
                        .property(&p.name)
                        .related(Label::new(req, "but the property is required here"))
                        .help("either drop the default (the caller must send it) or drop it from `required`"),
                    );
                }
            }
        }
    }
}
