use super::Rule;
use super::rust_support::{enforced, integer, linked, schema_limit, show};
use crate::contract::{CmpOp, CodeFactKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R011: the code gives a value outside the schema's range a meaning of its own (e.g.
/// `quantity == 0` removes the line) instead of rejecting it. A special case the code's own
/// checks refuse before it is reached means nothing to a caller.
pub struct SpecialZero;

impl Rule for SpecialZero {
    fn code(&self) -> &'static str {
        "R011"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                let int = integer(&p.schema);
                let lo = schema_limit(&p.schema.bounds().minimum, false, int);
                let hi = schema_limit(&p.schema.bounds().maximum, true, int);
                // What the code itself refuses first: a special case beyond it is never
                // reached (a shared helper's `n == 0` guard behind `range(min = 5)`).
                let (code_lo, code_hi) = enforced(&l, &p.name, false, int);
                let refused = |v: f64| {
                    code_lo.as_ref().is_some_and(|c| v < c.value)
                        || code_hi.as_ref().is_some_and(|c| v > c.value)
                };
                for c in l.rust.checks_on(&p.name).filter(|c| !c.rejects) {
                    let CodeFactKind::Compare {
                        op: CmpOp::Eq,
                        value,
                    } = c.kind
                    else {
                        continue;
                    };
                    if refused(value) {
                        continue;
                    }
                    let outside = match (&lo, &hi) {
                        (Some(lo), _) if value < lo.value => lo,
                        (_, Some(hi)) if value > hi.value => hi,
                        _ => continue,
                    };
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "`{}`.`{}` == {} has a meaning in the code, but the schema's range excludes {} (bound {})",
                                l.tool(),
                                p.name,
                                show(value),
                                show(value),
                                show(outside.value)
                            ),
                            Label::new(c.span, format!("{} is handled specially here", show(value))),
                        )
                        .tool(l.tool())
                        .property(&p.name)
                        .related(Label::new(outside.span, "the schema's bound"))
                        .help("reject the out-of-range value; a separate action (e.g. remove) deserves its own tool"),
                    );
                }
            }
        }
    }
}
