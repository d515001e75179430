use super::Rule;
use super::rust_support::{Linked, linked};
use crate::contract::{Project, Step, StepKind};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// B001: the handler writes before validation has had the chance to reject the call, so an
/// invalid request changes state even though it is then refused.
pub struct WriteBeforeValidate;

impl Rule for WriteBeforeValidate {
    fn code(&self) -> &'static str {
        "B001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            let steps = &l.rust.behaviour.steps;
            // The first write a later check can follow in one run: a check in another arm
            // of a `match` the write is in runs on other calls, one after a branch that
            // writes and returns never after the write.
            let Some((w, v)) = steps
                .iter()
                .enumerate()
                .filter(|(_, s)| matches!(s.kind, StepKind::Write { .. }))
                .find_map(|(w, write)| {
                    // A check the run already passed before the write, at the same site on
                    // the same property, holds again after it (a lookup that validates what
                    // the update validated first): it cannot reject then.
                    let passed = |s: &Step| {
                        steps[..w].iter().any(|b| {
                            b.origin == s.origin
                                && matches!(
                                    (&b.kind, &s.kind),
                                    (
                                        StepKind::Validate { property: p, .. },
                                        StepKind::Validate { property: q, .. },
                                    ) if p == q
                                )
                        })
                    };
                    let v = steps[w..].iter().find(|s| {
                        matches!(s.kind, StepKind::Validate { .. })
                            && !write.excludes(s, &project.rust)
                            && !passed(s)
                    })?;
                    Some((w, v))
                })
            else {
                continue;
            };
            let (
                StepKind::Write { what, .. },
                StepKind::Validate {
                    what: check,
                    property,
                },
            ) = (&steps[w].kind, &v.kind)
            else {
                continue;
            };
            let write = &steps[w];
            let mut d = Diagnostic::new(
                self.code(),
                format!(
                    "`{}` writes ({what}) before {check} can reject the call: an invalid request changes state and is then refused",
                    l.tool()
                ),
                Label::new(write.span, "the write happens here"),
            )
            .tool(l.tool())
            .related(Label::new(v.span, "validation comes only here, after the write"));
            if write.origin != write.span {
                d = d.related(Label::new(write.origin, "this is the write"));
            }
            if v.origin != v.span {
                d = d.related(Label::new(v.origin, "this is the check"));
            }
            d = d.related(contract_label(&l, property.as_deref())).help(
                "validate the whole input (and look up what it refers to) before the first write",
            );
            out.push(d);
        }
    }
}

/// The published rule the late check enforces: the description of the property it reads;
/// for a validator, the first schema bound on a property the code rejects on; else the
/// tool's description, else the schema.
fn contract_label(l: &Linked, checked: Option<&str>) -> Label {
    if let Some(p) = checked.and_then(|n| l.properties().iter().find(|p| p.name == n)) {
        return match &p.schema.description {
            Some(t) => Label::new(t.span, format!("what the schema says `{}` must be", p.name)),
            None => Label::new(p.name_span, format!("the property `{}`", p.name)),
        };
    }
    for p in l.properties() {
        if !l.rust.checks_on(&p.name).any(|c| c.rejects) {
            continue;
        }
        let s = &p.schema;
        let bound = [
            &s.bounds().minimum,
            &s.bounds().maximum,
            &s.bounds().min_length,
            &s.bounds().max_length,
        ]
        .into_iter()
        .find_map(|b| b.as_ref());
        if let Some(b) = bound {
            return Label::new(
                b.span,
                format!(
                    "the schema's limit on `{}`, which the late check enforces",
                    p.name
                ),
            );
        }
    }
    match l.contract.description() {
        Some(t) => Label::new(t.span, "the tool's published description"),
        None => Label::new(l.schema.span, "the published schema"),
    }
}
