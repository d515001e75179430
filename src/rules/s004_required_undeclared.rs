use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S004: `required` names a property that `properties` does not declare.
pub struct RequiredUndeclared;

impl Rule for RequiredUndeclared {
    fn code(&self) -> &'static str {
        "S004"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, schema) in project.schemas() {
            for object in schema.root.object_facts() {
                for entry in &object.required {
                    if object.property(&entry.value).is_some() {
                        continue;
                    }
                    let near = object.properties.iter().find(|p| {
                        p.name.eq_ignore_ascii_case(&entry.value)
                            || p.name
                                .replace('_', "")
                                .eq_ignore_ascii_case(&entry.value.replace('_', ""))
                    });
                    let mut d = Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` requires `{}`, but no such property is declared",
                            decl.name, entry.value
                        ),
                        Label::new(entry.span, "required here"),
                    )
                    .tool(&decl.name)
                    .property(&entry.value);
                    d = match near {
                        Some(p) => d
                            .related(Label::new(
                                p.name_span,
                                format!("did you mean `{}`?", p.name),
                            ))
                            .help(format!("rename the `required` entry to `{}`", p.name)),
                        None => d.help(
                            "declare the property under `properties` or remove it from `required`",
                        ),
                    };
                    out.push(d);
                }
            }
        }
    }
}
