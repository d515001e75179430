use super::Rule;
use super::rust_support::linked;
use crate::contract::{ClaimKind, CmpOp, Project, Subject};
use crate::diagnostic::{Diagnostic, Label};
use crate::source::Span;

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
                let (strict, fixed, upper) = match c.op {
                    CmpOp::Lt => (true, "<=", true),
                    CmpOp::Gt => (true, ">=", false),
                    CmpOp::Le => (false, "<", true),
                    CmpOp::Ge => (false, ">", false),
                    _ => continue,
                };
                // A bound the prose states for this property ("no more than 80 mm") says
                // best whether the limit is inclusive; else the wording of its description,
                // else a `max…`/`min…` name.
                let claimed: Option<(bool, Span)> = l
                    .contract
                    .claimed()
                    .flat_map(|(_, claims)| claims.iter())
                    .find_map(|cl| match (&cl.kind, &cl.subject) {
                        (ClaimKind::Range { min, max, .. }, Subject::Property { object, name })
                            if object.is_empty() && *name == c.property =>
                        {
                            let b = if upper { max } else { min };
                            b.map(|b| (!b.exclusive, cl.span))
                        }
                        _ => None,
                    });
                let desc = p.schema.description.as_ref();
                let Some(incl) = claimed
                    .map(|(i, _)| i)
                    .or_else(|| inclusive(&c.property, desc.map(|t| t.value.as_str())))
                else {
                    continue;
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
                let described = claimed.map(|(_, s)| s).or(desc.map(|t| t.span));
                let other = match described {
                    Some(span) => {
                        Label::new(span, format!("`{}` is described as {said}", c.property))
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
