use super::Rule;
use super::rust_support::{
    BoundSide, REPRESENTATION_LIMITS, bound_sides, checked_in_deserialize, clamps, escapes, linked,
    opaque_bound, show, type_range,
};
use crate::contract::{CodeFactKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R009: the schema publishes a bound that no code path enforces, so out-of-range input
/// reaches the action.
pub struct RangeUnenforced;

impl Rule for RangeUnenforced {
    fn code(&self) -> &'static str {
        "R009"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project).filter(|l| l.has_code()) {
            for p in l.properties() {
                // A property with no field is R012's finding; its checks are on another name.
                if l.rust.ty.is_some() && l.rust.field(&p.name).is_none() {
                    continue;
                }
                // Where it is checked is not known: a deserialize helper, or a call whose
                // callee is not known. The finding is made, and withheld as unproved.
                let unknown = if !l.rust.received {
                    Some((
                        format!(
                            "where the handler receives `{}` (no variable it reads holds the input)",
                            p.name
                        ),
                        None,
                    ))
                } else if checked_in_deserialize(&l, &p.name) {
                    Some((
                        format!(
                            "what `{}`'s deserialize helper checks (it is not read)",
                            p.name
                        ),
                        None,
                    ))
                } else if l.rust.passed_to_unknown.contains(&p.name) {
                    Some((
                        format!(
                            "what a method of unknown receiver does with `{}` (its callee is not resolved)",
                            p.name
                        ),
                        None,
                    ))
                } else if let Some(at) = l.rust.remade {
                    Some((
                        format!(
                            "what is done to `{}` once a call makes a new value of the whole input (not followed)",
                            p.name
                        ),
                        Some(at),
                    ))
                } else if l.rust.past_depth.contains(&p.name) {
                    Some((
                        format!(
                            "what the functions `{}` is handed to beyond the depth calls are followed to check of it",
                            p.name
                        ),
                        None,
                    ))
                } else if let Some(c) = l.rust.checks_on(&p.name).find(|c| {
                    c.rejects
                        && c.conditional
                        && matches!(
                            c.kind,
                            CodeFactKind::Compare { .. } | CodeFactKind::Length { .. }
                        )
                }) {
                    Some((
                        format!(
                            "which values of `{}` a check made only under another condition rejects",
                            p.name
                        ),
                        Some(c.span),
                    ))
                } else {
                    escapes(&l, &p.name).map(|at| {
                        (
                            format!("what is done to `{}` once it is put in a list or another value (not followed)", p.name),
                            Some(at),
                        )
                    })
                };
                let Some(anchor) = l
                    .anchor(&p.name)
                    .or_else(|| l.rust.handler.map(|h| project.rust.fns[h].span))
                else {
                    continue;
                };
                let type_range = type_range(&l, &p.name);
                for side in bound_sides(&l, p) {
                    let keyword = side.keyword();
                    let BoundSide {
                        length,
                        upper,
                        code,
                        schema,
                        ..
                    } = side;
                    let Some(schema) = schema else { continue };
                    if code.is_some() {
                        continue;
                    }
                    // The type itself may hold the bound (`u32` and minimum 0).
                    let by_type = match (length, type_range) {
                        (false, Some((min, max))) => {
                            if upper {
                                max <= schema.value
                            } else {
                                min >= schema.value
                            }
                        }
                        (true, _) => !upper && schema.value <= 0.0,
                        _ => false,
                    };
                    let clamped = !length
                        && clamps(&l, &p.name).any(|c| {
                            matches!(c.kind, CodeFactKind::Clamp { lo, hi }
                                if if upper { hi.is_some() } else { lo.is_some() })
                        });
                    // A cap chosen at run time (`.min(policy.max_rows)`) may be the schema's
                    // maximum or below it: which values above it reach the action is not known.
                    let capped_at_run_time = !length
                        && upper
                        && l.rust
                            .checks_on(&p.name)
                            .any(|c| matches!(c.kind, CodeFactKind::ClampRuntime { .. }));
                    // JSON's safe integers, `u32::MAX`, ..: the top of a representation bounds
                    // the number's type, not what the request may ask for.
                    let representation =
                        !length && upper && REPRESENTATION_LIMITS.contains(&schema.value);
                    if by_type || clamped || capped_at_run_time || representation {
                        continue;
                    }
                    let opaque = opaque_bound(&l, &p.name, length, upper);
                    let accepts = match (length, upper, type_range) {
                        (false, false, Some((min, _))) if min > -1e6 => {
                            format!("the code accepts {}", show(min))
                        }
                        (false, false, Some(_)) => {
                            format!("the code accepts any value below {}", show(schema.value))
                        }
                        (false, false, None) => {
                            format!("the code accepts values below {}", show(schema.value))
                        }
                        (false, true, Some((_, max))) if max < 1e6 => {
                            format!("the code accepts up to {}", show(max))
                        }
                        (false, true, Some(_)) => {
                            format!("the code accepts any value above {}", show(schema.value))
                        }
                        (false, true, None) => {
                            format!("the code accepts values above {}", show(schema.value))
                        }
                        (true, false, _) => {
                            format!("the code accepts a length below {}", show(schema.value))
                        }
                        (true, true, _) => {
                            format!("the code accepts a length above {}", show(schema.value))
                        }
                    };
                    let side = if upper { "above" } else { "below" };
                    let claim = format!(
                        "a code path rejects {} of `{}` {side} {}",
                        if length { "a length" } else { "values" },
                        p.name,
                        show(schema.value)
                    );
                    let reached = format!(
                        "every place `{}` reaches is known ({} {} read from the handler)",
                        p.name,
                        l.rust.reached.len(),
                        if l.rust.reached.len() == 1 {
                            "function"
                        } else {
                            "functions"
                        }
                    );
                    let mut d = Diagnostic::new(
                                self.code(),
                                format!(
                                    "`{}`.`{}`: the schema's {keyword} is {}, but no code path rejects {} {} it; {accepts}",
                                    l.tool(),
                                    p.name,
                                    show(schema.value),
                                    if length { "a length" } else { "values" },
                                    if upper { "above" } else { "below" }
                                ),
                                Label::new(anchor, format!("nothing checks the {keyword} of `{}`", p.name)),
                            )
                            .tool(l.tool())
                            .property(&p.name)
                            .related(Label::new(schema.span, format!("the schema's {keyword}")))
                            .help("reject out-of-range values in the validator before any write (OUT_OF_RANGE)");
                    d = match (&unknown, opaque) {
                        (Some((why, at)), _) => d.unknown(why.clone(), *at),
                        (None, Some(at)) => d.unknown(
                            format!("which bound the comparison of `{}` with a value that is not a constant enforces", p.name),
                            Some(at),
                        ),
                        (None, None) => d.proved(reached, None).disproved(claim, None),
                    };
                    out.push(d);
                }
            }
        }
    }
}
