use super::Rule;
use super::rust_support::linked;
use crate::contract::{ClaimKind, CmpOp, Project, Subject};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// B006: an input that is an inclusive limit ("no more than 80 mm", a `max…` input) is
/// applied with a strict comparison, so data exactly at the limit is wrongly excluded; or an
/// exclusive one ("less than") is applied with `<=`.
pub struct BoundaryExcluded;

impl Rule for BoundaryExcluded {
    fn code(&self) -> &'static str {
        "B006"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for c in &l.rust.behaviour.comparisons {
                let Some(p) = l.properties().iter().find(|p| p.name == c.property) else {
                    continue;
                };
                let (written_strict, fixed, keeps_below) = match c.op {
                    CmpOp::Lt => (true, "<=", true),
                    CmpOp::Gt => (true, ">=", false),
                    CmpOp::Le => (false, "<", true),
                    CmpOp::Ge => (false, ">", false),
                    _ => continue,
                };
                // `data < min_confidence` (or `data > max_depth`) tests what to turn away, not
                // what to keep: the limit is the other side of it, and a strict test keeps the
                // value exactly at an inclusive limit. Which side a limit is, a `min…` or
                // `max…` name says.
                let excludes = crate::contract::names::limit_side(&p.name)
                    .is_some_and(|upper_limit| upper_limit != keeps_below);
                let (strict, upper) = if excludes {
                    (!written_strict, !keeps_below)
                } else {
                    (written_strict, keeps_below)
                };
                // A bound the prose states for this property ("no more than 80 mm") says
                // best whether the limit is inclusive; else the wording of its description,
                // else a `max…`/`min…` name.
                let own = || {
                    l.contract
                        .claimed()
                        .flat_map(|(_, claims)| claims.iter())
                        .filter(|cl| match &cl.subject {
                            Subject::Property { object, name } => {
                                object.is_empty() && *name == c.property
                            }
                            Subject::Tool => false,
                        })
                };
                let claimed: Option<(bool, Span)> = own().find_map(|cl| match &cl.kind {
                    ClaimKind::Range { min, max, .. } => {
                        let b = if upper { max } else { min };
                        b.map(|b| (!b.exclusive, cl.span))
                    }
                    _ => None,
                });
                let worded = own().find_map(|cl| match cl.kind {
                    ClaimKind::LimitWording { inclusive } => Some(inclusive),
                    _ => None,
                });
                let named = own().any(|cl| cl.kind == ClaimKind::NameLimit);
                let desc = p.schema.description.as_ref();
                let Some(incl) = claimed.map(|(i, _)| i).or(worded).or(named.then_some(true))
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
                            if written_strict {
                                "strict"
                            } else {
                                "non-strict"
                            }
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
