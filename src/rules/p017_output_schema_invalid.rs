use super::Rule;
use super::p011_validation_error_as_protocol_error::spoken;
use super::p016_output_schema_root_not_object::OUTPUT_SCHEMA_SINCE;
use crate::contract::{Holds, OutputRoot, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P017: an `outputSchema` that fails its dialect's metaschema. Every revision since
/// 2025-06-18 calls it "JSON Schema defining expected output structure", which clients
/// "SHOULD validate structured results against"; from 2025-11-25 a schema without `$schema`
/// is 2020-12 (SEP-1613). So a failure of the declared dialect is reported wherever the
/// revision allows an `outputSchema`; one of 2020-12 alone only on a server known to speak
/// 2025-11-25 or later, since 2025-06-18 names no default dialect and an earlier draft may
/// accept the place; one every bundled draft reports, on any such server.
pub struct OutputSchemaInvalid;

/// The revision from which a schema without `$schema` is JSON Schema 2020-12 (SEP-1613).
const DEFAULT_2020_12_SINCE: &str = "2025-11-25";

impl Rule for OutputSchemaInvalid {
    fn code(&self) -> &'static str {
        "P017"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let handler = c
                .rust
                .as_ref()
                .and_then(|r| r.handler)
                .and_then(|h| project.rust.fns.get(h));
            // The revision the server speaks, when a linked handler tells it.
            let (server, newest) = handler.map_or((None, None), |f| spoken(project, f));
            if newest.is_some_and(|v| v < OUTPUT_SCHEMA_SINCE) {
                continue;
            }
            let defaulted = newest.filter(|v| *v >= DEFAULT_2020_12_SINCE);
            for d in &c.decls {
                let Some(spec) = d.spec.as_ref() else {
                    continue;
                };
                // An `outputSchema` that is no schema object at all is P016's.
                if let Some(OutputRoot::NotObject(_)) = spec.output_root.as_ref().map(|r| &r.value)
                {
                    continue;
                }
                for p in &spec.output_invalid {
                    let why = match (p.holds, defaulted) {
                        (Holds::Declared, _) => "under the `$schema` it declares".to_string(),
                        (Holds::EveryDialect, _) => {
                            "in any JSON Schema dialect (2020-12, MCP's default, nor drafts 04 to 2019-09)".to_string()
                        }
                        (Holds::Default, Some(v)) => format!(
                            "as JSON Schema 2020-12, which MCP {v} (this server speaks it) reads a schema without `$schema` as"
                        ),
                        (Holds::Default, None) => continue,
                    };
                    let mut diag = Diagnostic::new(
                        self.code(),
                        format!(
                            "the `outputSchema` of `{}` is not valid {why}: {}",
                            c.name, p.message
                        ),
                        Label::new(p.span, "fails the metaschema"),
                    )
                    .tool(&c.name)
                    .help("correct the keyword so the schema validates against its metaschema: a client that validates structured results against the output schema (MCP asks clients to) cannot compile this one");
                    if let (Holds::Default, Some(s), Some(v)) = (p.holds, server, defaulted) {
                        diag = diag.related(Label::new(
                            s.span,
                            format!("this server answers `initialize` with up to MCP {v}"),
                        ));
                    }
                    out.push(diag);
                }
            }
        }
    }
}
