use super::Rule;
use crate::catalog::RuleCode;
use crate::contract::{Origin, Project, ToolDecl, Written};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use serde_json::Value;

/// L005: one tool declared twice in one package with different input schemas (two manifests,
/// a manifest and a schema file, two pages of one site registering it). Which one a client reads depends
/// on which file it loads; every other rule checks each against the code.
pub struct ConflictingDeclarations;

/// The input schema of a declaration written as JSON, when it is one that can be compared
/// as written: a `$ref` makes two spellings of one schema differ in text.
fn written(project: &Project, decl: &ToolDecl) -> Option<Value> {
    if !matches!(
        decl.origin,
        Origin::Manifest | Origin::SchemaFile | Origin::PageScript | Origin::PageZod
    ) {
        return None;
    }
    let schema = decl.schema.as_ref()?;
    // A page's schema is a JavaScript literal (or zod) lowered to a value.
    if let Written::Value(v) = &schema.written {
        return (!v.to_string().contains("\"$ref\"")).then(|| (**v).clone());
    }
    let text = project.sources.text(schema.span);
    let value: Value = serde_json::from_str(text).ok()?;
    (!text.contains("\"$ref\"")).then_some(value)
}

impl Rule for ConflictingDeclarations {
    fn code(&self) -> &'static str {
        RuleCode::L005.as_str()
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let schemas: Vec<(&ToolDecl, Value)> = c
                .decls
                .iter()
                .filter_map(|d| written(project, d).map(|v| (d, v)))
                .collect();
            let Some((first, first_value)) = schemas.first() else {
                continue;
            };
            for (d, v) in &schemas[1..] {
                if v == first_value {
                    continue;
                }
                let (a, b) = (first.schema.as_ref(), d.schema.as_ref());
                let (Some(a), Some(b)) = (a, b) else { continue };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` is declared again in this package with a different input schema",
                            c.name
                        ),
                        Label::new(b.span, "this declaration's schema"),
                    )
                    .tool(&c.name)
                    .related(Label::new(a.span, "differs from this one"))
                    .help("keep one declaration of the tool, or make the schemas the same"),
                );
            }
        }
    }
}
