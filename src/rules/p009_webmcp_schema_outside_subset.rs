use super::Rule;
use crate::contract::{Origin, Profile, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P009: a page tool's input schema uses a keyword the WebMCP validation subset proposal
/// (webmcp PR #289) excludes; browsers that adopt it reject the registration.
pub struct WebmcpSchemaOutsideSubset;

/// The keywords the proposal names as excluded.
const EXCLUDED: &[&str] = &[
    "$ref",
    "$defs",
    "definitions",
    "unevaluatedProperties",
    "format",
    "contentEncoding",
    "contentMediaType",
    "dependentRequired",
    "dependentSchemas",
];

impl Rule for WebmcpSchemaOutsideSubset {
    fn code(&self) -> &'static str {
        "P009"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        // The `webmcp` profile holds every tool to the whole subset (P012), these keywords too.
        if project.profiles.contains(&Profile::Webmcp) {
            return;
        }
        let pages = project
            .contracts
            .iter()
            .flat_map(|c| &c.decls)
            .filter(|d| d.origin == Origin::PageScript);
        for d in pages {
            let Some(spec) = &d.spec else { continue };
            for k in spec
                .schema_keywords
                .iter()
                .filter(|k| EXCLUDED.contains(&k.value.as_str()))
            {
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "the input schema of `{}` uses `{}`, which the proposed WebMCP validation subset excludes",
                            d.name, k.value
                        ),
                        Label::new(k.span, "outside the proposed subset"),
                    )
                    .tool(&d.name)
                    .help("write the constraint with the subset's keywords (inline the `$ref`, replace `format` with `pattern`), or say it in the description"),
                );
            }
        }
    }
}
