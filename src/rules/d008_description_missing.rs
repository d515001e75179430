use super::Rule;
use super::p005_webmcp_registration_rejected::description_rejected;
use crate::contract::{Contract, ObjectFacts, PagePart, Project, Text};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// D008: the tool has no description an agent could use (none, blank, or only its own
/// name). Each missing text is reported once: a property's is S008's, except in an input
/// with no usable text at all (no tool description and no property described), which is
/// this one finding.
pub struct DescriptionMissing;

/// Says more than the tool's (or property's) name.
pub(super) fn usable(text: &Text, name: &str) -> bool {
    crate::contract::says_more_than(&text.value, name)
}

/// An input with properties, not one of them described.
fn wholly_undocumented(object: &ObjectFacts) -> bool {
    !object.properties.is_empty()
        && object.properties.iter().all(|p| {
            p.schema
                .description
                .as_ref()
                .is_none_or(|t| !usable(t, &p.name))
        })
}

/// The tool has no usable description in any declaration (and none built at run time: E002
/// says that one is unchecked).
fn undescribed(project: &Project, contract: &Contract) -> bool {
    let tool = &contract.name;
    !project.statically_unknown(tool, PagePart::Description)
        && !contract
            .decls
            .iter()
            .filter_map(|d| d.description.as_ref())
            .any(|t| usable(t, tool))
}

/// The top-level input of an undescribed tool none of whose properties is described: D008
/// reports it with the tool, so S008 does not report each property again.
pub(super) fn reported_with_tool(
    project: &Project,
    contract: &Contract,
    object: &ObjectFacts,
) -> bool {
    wholly_undocumented(object) && undescribed(project, contract)
}

impl Rule for DescriptionMissing {
    fn code(&self) -> &'static str {
        "D008"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        // A page tool `registerTool()` rejects for its description is P005's error.
        let rejected = |c: &Contract| {
            c.decls
                .iter()
                .any(|d| description_rejected(project, d).is_some())
        };
        for contract in project
            .contracts
            .iter()
            .filter(|c| undescribed(project, c) && !rejected(c))
        {
            let Some(first) = contract.decls.first() else {
                continue;
            };
            let tool = &contract.name;
            let input = contract
                .decls
                .iter()
                .filter_map(|d| d.schema.as_ref()?.root.object.as_ref())
                .find(|o| wholly_undocumented(o));
            let also = match input {
                Some(o) => format!(
                    ", and none of its {} input properties has one",
                    o.properties.len()
                ),
                None => String::new(),
            };
            let text = contract.decls.iter().find_map(|d| d.description.as_ref());
            let mut d = match text {
                Some(t) => Diagnostic::new(
                    self.code(),
                    format!("the description of `{tool}` says nothing beyond its name{also}"),
                    Label::new(
                        t.span,
                        "this description gives an agent nothing to choose the tool by",
                    ),
                ),
                None => Diagnostic::new(
                    self.code(),
                    format!("`{tool}` has no description{also}"),
                    Label::new(first.name_span, "no description is published for this tool"),
                ),
            };
            if let Some(o) = input {
                d = d.related(Label::new(o.span, "no property of this input is described"));
            }
            let help = match input {
                Some(_) => {
                    "describe what the tool does, what it changes (or that it changes nothing), and each input property: its meaning, unit and limits"
                }
                None => {
                    "describe what the tool does, what it changes (or that it changes nothing), and the limits of its inputs"
                }
            };
            // A server whose own `list_tools` rewrites descriptions may serve one the
            // declaration does not carry (a text file, an instruction appended).
            let path = &project.sources.get(first.name_span.file).path;
            if let Some(at) = crate::contract::SdkPackage::owner(&project.packages, path)
                .and_then(|p| p.rewrites_descriptions)
            {
                d = d.unknown(
                    "whether the served description is the declared one (the server's `list_tools` rewrites descriptions)",
                    Some(at),
                );
            }
            out.push(d.tool(tool).help(help));
        }
    }
}
