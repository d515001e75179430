//! Code-side narrowing: a value (or length) of a property that the new handler rejects, that
//! the schema allowed before and still allows, and that the old handler accepted. The schema
//! does not show such a change, so only the code's facts can: each rejecting comparison with a
//! constant ([`CodeFactKind::Compare`], [`CodeFactKind::Length`]) names the values it turns
//! away, and the first of them past its edge is the witness. Proved or silent: a side whose
//! checks of the property are not all known (a callee not resolved, a value put in a list, a
//! comparison with a non-constant, a deserialize helper, validator attributes) says nothing.

use super::{Change, Ctx};
use crate::contract::{
    CmpOp, CodeFactKind, Contract, JsonType, NodeFacts, Project, PropertyFacts, RustInput, RustTy,
};
use crate::diagnostic::Label;

pub const CODE_NARROWED: &str = "X013";

impl Ctx<'_> {
    pub(super) fn code(&self, prev: &Contract, c: &Contract, out: &mut Vec<Change>) {
        let (Some(or), Some(nr)) = (prev.rust.as_deref(), c.rust.as_deref()) else {
            return;
        };
        let (Some(old_fn), Some(_)) = (or.handler, nr.handler) else {
            return;
        };
        let props = |c: &Contract| {
            super::schema_root(c)
                .and_then(|r| r.object.clone())
                .map(|o| o.properties.clone())
                .unwrap_or_default()
        };
        let (op, np) = (props(prev), props(c));
        for p in &np {
            let Some(was) = op.iter().find(|q| q.name == p.name) else {
                continue;
            };
            if !known(or, &p.name, self.base) || !known(nr, &p.name, self.head) {
                continue;
            }
            for length in [false, true] {
                let mut seen = [false; 2];
                for check in nr.checks_on(&p.name).filter(|k| k.rejects) {
                    let Some((op, edge)) = comparison(&check.kind, length) else {
                        continue;
                    };
                    let upper = matches!(op, CmpOp::Gt | CmpOp::Ge);
                    if matches!(op, CmpOp::Eq | CmpOp::Ne) || seen[usize::from(upper)] {
                        continue;
                    }
                    let allowed = |x: f64| {
                        admits(was, x, length)
                            && admits(p, x, length)
                            && in_type(or, &p.name, x, length)
                            && in_type(nr, &p.name, x, length)
                            && or.turning_away(&p.name, x, length).next().is_none()
                    };
                    let Some(w) = witnesses(op, edge, integral(p, length))
                        .into_iter()
                        .find(|w| op.holds(*w, edge) && allowed(*w))
                    else {
                        continue;
                    };
                    seen[usize::from(upper)] = true;
                    let shown = match length {
                        true => format!("a length of {}", crate::contract::format_number(w)),
                        false => crate::contract::format_number(w),
                    };
                    let old_at = self
                        .base
                        .rust
                        .fns
                        .get(old_fn)
                        .map_or(p.name_span, |f| f.span);
                    self.push(
                        out,
                        CODE_NARROWED,
                        Some(&p.name),
                        format!(
                            "`{}` of tool `{}`: the code now rejects {shown}, which the schema allows and the old code accepted",
                            p.name, self.tool
                        ),
                        Some(Label::new(old_at, format!("accepted {shown} before"))),
                        Some(Label::new(check.span, format!("rejects {shown} now"))),
                    );
                }
            }
        }
    }
}

/// Every check the code makes of `property` is known: none goes where it is not followed.
fn known(rust: &RustInput, property: &str, project: &Project) -> bool {
    if rust.passed_to_unknown.iter().any(|p| p == property)
        || rust.past_depth.iter().any(|p| p == property)
    {
        return false;
    }
    if rust.checks_on(property).any(|c| {
        matches!(
            c.kind,
            CodeFactKind::Escapes { .. }
                | CodeFactKind::CompareOpaque { .. }
                | CodeFactKind::ClampOpaque { .. }
                | CodeFactKind::ClampRuntime { .. }
                | CodeFactKind::StrCompare { .. }
        )
    }) {
        return false;
    }
    let Some(f) = rust.field(property) else {
        return true;
    };
    let attrs = f.attrs();
    let attributes = rust.validated.is_some()
        && [
            &attrs.minimum,
            &attrs.maximum,
            &attrs.min_length,
            &attrs.max_length,
        ]
        .iter()
        .any(|a| a.is_some());
    // A newtype deserialized through a conversion checks in its `try_from`, read or not.
    let converts = match f.ty.unoption() {
        RustTy::Named(n) => {
            project.rust.ty(n).is_some_and(|t| t.conversion.is_some())
                && !rust.converted.iter().any(|c| c == property)
        }
        _ => false,
    };
    f.coercion.is_none() && !attributes && !converts
}

/// `subject OP constant`, for a value (`length` false) or its length.
fn comparison(kind: &CodeFactKind, length: bool) -> Option<(CmpOp, f64)> {
    match (kind, length) {
        (CodeFactKind::Compare { op, value }, false) => Some((*op, *value)),
        (CodeFactKind::Length { op, value }, true) => Some((*op, *value)),
        _ => None,
    }
}

/// The values just past a comparison's edge, nearest first.
fn witnesses(op: CmpOp, edge: f64, integral: bool) -> Vec<f64> {
    let sign = if matches!(op, CmpOp::Gt | CmpOp::Ge) {
        1.0
    } else {
        -1.0
    };
    let closed = matches!(op, CmpOp::Ge | CmpOp::Le);
    match (integral, closed) {
        (true, true) => vec![edge],
        (true, false) => vec![if sign > 0.0 {
            edge.floor() + 1.0
        } else {
            edge.ceil() - 1.0
        }],
        (false, true) => vec![edge],
        (false, false) => [0.001, 0.5, 1.0].iter().map(|d| edge + sign * d).collect(),
    }
}

/// Whether only whole numbers are at stake: a length, or an integer property.
fn integral(p: &PropertyFacts, length: bool) -> bool {
    length || (p.schema.has_type(JsonType::Integer) && !p.schema.has_type(JsonType::Number))
}

/// Whether the property's schema admits the value `x` (or a length `x`).
fn admits(p: &PropertyFacts, x: f64, length: bool) -> bool {
    let s: &NodeFacts = &p.schema;
    if s.enum_values.is_some() || s.const_value.is_some() || s.alternatives {
        return false;
    }
    let (lo, hi) = match length {
        false if s.has_type(JsonType::Integer) || s.has_type(JsonType::Number) => {
            if integral(p, false) && x.fract() != 0.0 {
                return false;
            }
            (&s.bounds().minimum, &s.bounds().maximum)
        }
        true if s.has_type(JsonType::String) && !s.has_type(JsonType::Array) => {
            (&s.bounds().min_length, &s.bounds().max_length)
        }
        true if s.has_type(JsonType::Array) && !s.has_type(JsonType::String) => {
            (&s.bounds().min_items, &s.bounds().max_items)
        }
        _ => return false,
    };
    if length && (x < 0.0 || x.fract() != 0.0) {
        return false;
    }
    let above = lo.as_ref().is_none_or(|b| match b.exclusive {
        true => x > b.value,
        false => x >= b.value,
    });
    let below = hi.as_ref().is_none_or(|b| match b.exclusive {
        true => x < b.value,
        false => x <= b.value,
    });
    above && below
}

/// Whether the side's Rust type of the property holds `x` (an integer type's range).
fn in_type(rust: &RustInput, property: &str, x: f64, length: bool) -> bool {
    length
        || rust
            .field(property)
            .and_then(|f| f.ty.int_range())
            .is_none_or(|(min, max)| (min..=max).contains(&x))
}
