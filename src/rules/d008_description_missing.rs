use super::Rule;
use crate::contract::{ObjectFacts, PagePart, Project, Text};
use crate::diagnostic::{Diagnostic, Label};

/// D008: the tool has no description an agent could use (none, blank, or only its own
/// name), or its input has properties and not one of them is described.
pub struct DescriptionMissing;

/// Says more than the tool's (or property's) name.
pub(super) fn usable(text: &Text, name: &str) -> bool {
    crate::contract::says_more_than(&text.value, name)
}

/// An input with properties, not one of them described: reported once here, so S008 does
/// not report each of its properties again.
pub(super) fn wholly_undocumented(object: &ObjectFacts) -> bool {
    !object.properties.is_empty()
        && object.properties.iter().all(|p| {
            p.schema
                .description
                .as_ref()
                .is_none_or(|t| !usable(t, &p.name))
        })
}

impl Rule for DescriptionMissing {
    fn code(&self) -> &'static str {
        "D008"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for contract in &project.contracts {
            let Some(first) = contract.decls.first() else {
                continue;
            };
            let tool = &contract.name;
            let texts: Vec<&Text> = contract
                .decls
                .iter()
                .filter_map(|d| d.description.as_ref())
                .collect();
            // A page description built at run time exists; E002 already says it is unchecked.
            let unknown = project.statically_unknown(tool, PagePart::Description);
            if !unknown && !texts.iter().any(|t| usable(t, tool)) {
                let d = match texts.first() {
                    Some(t) => Diagnostic::new(
                        self.code(),
                        format!("the description of `{tool}` says nothing beyond its name"),
                        Label::new(
                            t.span,
                            "this description gives an agent nothing to choose the tool by",
                        ),
                    ),
                    None => Diagnostic::new(
                        self.code(),
                        format!("`{tool}` has no description"),
                        Label::new(first.name_span, "no description is published for this tool"),
                    ),
                };
                out.push(d.tool(tool).help(
                    "describe what the tool does, what it changes (or that it changes nothing), and the limits of its inputs",
                ));
            }
            for decl in &contract.decls {
                let Some(object) = decl.schema.as_ref().and_then(|s| s.root.object.as_ref()) else {
                    continue;
                };
                if wholly_undocumented(object) {
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!("none of the {} input properties of `{tool}` has a description", object.properties.len()),
                            Label::new(object.span, "no property of this input is described"),
                        )
                        .tool(tool)
                        .help("describe each property: what it means, its unit, its limits and whether it may be omitted"),
                    );
                }
            }
        }
    }
}
