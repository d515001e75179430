use super::Rule;
use super::rust_support::{BoundSide, Limit, bound_sides, linked, show};
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R008: the bounds the code enforces differ from the schema's (including off-by-one
/// between inclusive and exclusive limits).
pub struct RangeMismatch;

impl Rule for RangeMismatch {
    fn code(&self) -> &'static str {
        "R008"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                // A property with no field is R012's finding; its checks are on another name.
                if l.rust.ty.is_some() && l.rust.field(&p.name).is_none() {
                    continue;
                }
                for side in bound_sides(&l, p) {
                    let keyword = side.keyword();
                    let BoundSide {
                        length,
                        items,
                        upper,
                        code,
                        schema,
                    } = side;
                    let Some(code) = code else { continue };
                    if schema.as_ref().is_some_and(|s| s.value == code.value) {
                        continue;
                    }
                    // A non-empty check where the schema states no `minLength` is the
                    // common idiom for strings (often of the trimmed text, which no
                    // keyword states); a non-empty list is exactly `minItems: 1`.
                    if schema.is_none() && length && !items && !upper && code.value <= 1.0 {
                        continue;
                    }
                    let d = diagnostic(
                        self.code(),
                        &l,
                        &p.name,
                        (length, upper, keyword),
                        &code,
                        schema.as_ref(),
                        p.schema.span,
                    );
                    // An empty list refused out loud where the schema states no `minItems`:
                    // the schema says less than the code, nothing fails silently.
                    let non_empty = schema.is_none() && items && !upper && code.value <= 1.0;
                    out.push(if non_empty { d.milder() } else { d });
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn diagnostic(
    code: &'static str,
    l: &super::rust_support::Linked,
    property: &str,
    (length, upper, keyword): (bool, bool, &str),
    enforced: &Limit,
    schema: Option<&Limit>,
    property_span: Option<crate::source::Span>,
) -> Diagnostic {
    let what = if length { "a length " } else { "" };
    let accepts = if upper {
        format!("code accepts {what}up to {}", show(enforced.value))
    } else {
        format!("code accepts {what}from {}", show(enforced.value))
    };
    let theirs = match schema {
        Some(s) => format!("the schema's {keyword} is {}", show(s.value)),
        None => format!("the schema has no {keyword}"),
    };
    let mut d = Diagnostic::new(
        code,
        format!("`{}`.`{property}`: {accepts}; {theirs}", l.tool()),
        Label::new(
            enforced.span,
            format!("the code's limit is {}", show(enforced.value)),
        ),
    )
    .tool(l.tool())
    .property(property)
    .help(format!(
        "make the check and the schema's `{keyword}` state the same limit"
    ));
    match (schema, property_span) {
        (Some(s), _) => d = d.related(Label::new(s.span, format!("the schema's {keyword}"))),
        (None, Some(span)) => d = d.related(Label::new(span, format!("no {keyword} here"))),
        _ => {}
    }
    d
}
