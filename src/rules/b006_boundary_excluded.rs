use super::Rule;
use super::rust_support::linked;
use crate::contract::{CmpOp, Project};
use crate::diagnostic::{Diagnostic, Label};

/// B006: an input that is an inclusive limit ("no more than 80 mm", a `max…` input) is
/// applied with a strict comparison, so data exactly at the limit is wrongly excluded; or an
/// exclusive one ("less than") is applied with `<=`.
pub struct BoundaryExcluded;

/// What the input's name and description say about its own limit value.
fn inclusive(name: &str, description: Option<&str>) -> Option<bool> {
    let text = description.unwrap_or_default().to_lowercase();
    const INCLUSIVE: &[&str] = &[
        "no more than",
        "not more than",
        "at most",
        "up to",
        "or less",
        "or fewer",
        "no less than",
        "not less than",
        "at least",
        "or more",
        "inclusive",
        "largest acceptable",
        "smallest acceptable",
        "maximum acceptable",
        "minimum acceptable",
    ];
    const EXCLUSIVE: &[&str] = &[
        "less than",
        "fewer than",
        "more than",
        "greater than",
        "below",
        "under ",
        "above",
        "strictly",
        "exclusive",
    ];
    if INCLUSIVE.iter().any(|w| text.contains(w)) {
        return Some(true);
    }
    if EXCLUSIVE.iter().any(|w| text.contains(w)) {
        return Some(false);
    }
    let n = name.to_lowercase();
    (n.starts_with("max") || n.starts_with("min")).then_some(true)
}

impl Rule for BoundaryExcluded {
    fn code(&self) -> &'static str {
        "B006"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project) {
            for c in &l.rust.behaviour.comparisons {
                let Some(p) = l.properties().iter().find(|p| p.name == c.property) else {
                    continue;
                };
                let desc = p.schema.description.as_ref();
                let Some(incl) = inclusive(&c.property, desc.map(|t| t.value.as_str())) else {
                    continue;
                };
                let (strict, fixed) = match c.op {
                    CmpOp::Lt => (true, "<="),
                    CmpOp::Gt => (true, ">="),
                    CmpOp::Le => (false, "<"),
                    CmpOp::Ge => (false, ">"),
                    _ => continue,
                };
                if strict != incl {
                    continue;
                }
                let (said, effect) = if incl {
                    (
                        "an inclusive limit",
                        "a value exactly at the limit is excluded",
                    )
                } else {
                    (
                        "an exclusive limit",
                        "a value exactly at the limit is wrongly included",
                    )
                };
                let other = match desc {
                    Some(t) => {
                        Label::new(t.span, format!("`{}` is described as {said}", c.property))
                    }
                    None => Label::new(p.name_span, format!("`{}` is named as {said}", c.property)),
                };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` applies `{}`, {said}, to `{}` with a {} comparison: {effect}",
                            l.tool(),
                            c.property,
                            c.data,
                            if strict { "strict" } else { "non-strict" }
                        ),
                        Label::new(c.span, format!("{effect} here")),
                    )
                    .tool(l.tool())
                    .property(&c.property)
                    .related(other)
                    .help(format!(
                        "compare with `{fixed}` (data {fixed} `{}`)",
                        c.property
                    )),
                );
            }
        }
    }
}
