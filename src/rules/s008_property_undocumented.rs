use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S008: a property without a description leaves the agent to guess what it means.
///
/// An input with no usable text at all (an undescribed tool none of whose properties is
/// described) is D008's, once with the tool; its properties are not reported again here.
pub struct PropertyUndocumented;

impl Rule for PropertyUndocumented {
    fn code(&self) -> &'static str {
        "S008"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        let schemas = project.contracts.iter().flat_map(|c| {
            c.decls
                .iter()
                .filter_map(move |d| d.schema.as_ref().map(|s| (c, d, s)))
        });
        for (contract, decl, schema) in schemas {
            for (path, object) in schema.root.objects() {
                if path.is_empty()
                    && super::d008_description_missing::reported_with_tool(
                        project, contract, object,
                    )
                {
                    continue;
                }
                for p in &object.properties {
                    if p.schema
                        .description
                        .as_ref()
                        .is_some_and(|t| super::d008_description_missing::usable(t, &p.name))
                    {
                        continue;
                    }
                    // Described with a text built when the server runs (E002's).
                    if project.not_static.iter().any(|n| {
                        n.tool.as_deref() == Some(decl.name.as_str()) && n.describes(&p.name)
                    }) {
                        continue;
                    }
                    let name = if path.is_empty() {
                        p.name.clone()
                    } else {
                        format!("{path}.{}", p.name)
                    };
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!("property `{name}` of `{}` has no description", decl.name),
                            Label::new(p.name_span, "undocumented property"),
                        )
                        .tool(&decl.name)
                        .property(name)
                        .help("add a \"description\" saying what the value means, its unit and its limits"),
                    );
                }
            }
        }
    }
}
