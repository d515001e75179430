//! The "validator enforces" column: static evidence, from the Rust facts linked to a tool,
//! that the code rejects a case. Evidence is a location (the check, the field type serde
//! enforces, `deny_unknown_fields`), never a guess: what is not found is "no check found".

use super::{Evidence, Location};
use crate::contract::{AttrCrate, Bound, CodeFactKind, Project, RustField, RustInput, RustTy};
use crate::judge::cases::{Case, Kind};
use crate::source::{SourceMap, Span};

/// Where the tool's Rust side is, for the sources table: its validator function, else its
/// handler, else its input type.
pub fn location(project: &Project, rust: &RustInput) -> Option<(Span, String)> {
    let f = |id: Option<usize>| id.and_then(|i| project.rust.fns.get(i));
    if let Some(v) = f(rust.validator) {
        return Some((v.span, format!("validator `{}`", v.name)));
    }
    if let Some(h) = f(rust.handler) {
        return Some((
            h.span,
            format!("handler `{}` (no validator function)", h.name),
        ));
    }
    rust.ty
        .as_ref()
        .map(|t| (t.span, format!("input type `{}` (serde only)", t.name)))
}

/// The evidence that the code rejects `case`.
pub fn for_case(sources: &SourceMap, rust: Option<&RustInput>, case: &Case) -> Evidence {
    let Some(rust) = rust else {
        return Evidence::NoValidatorLinked;
    };
    // An outage is the sandbox's doing: no check of the input answers for it.
    if !case.kind.rejects() || case.kind == Kind::Outage {
        return Evidence::NotApplicable;
    }
    match span(rust, case) {
        Some(s) => Evidence::Check(Location::of(sources, s)),
        None => Evidence::NoCheckFound,
    }
}

fn span(rust: &RustInput, case: &Case) -> Option<Span> {
    let property = case.property.as_deref()?;
    if case.kind == Kind::UnknownField {
        let keys = rust
            .checks
            .iter()
            .find(|c| matches!(c.kind, CodeFactKind::KeysChecked))
            .map(|c| c.span);
        return rust
            .ty
            .as_ref()
            .and_then(|t| t.deny_unknown_fields)
            .or(keys);
    }
    // Nested properties: their checks are not linked to a path yet.
    if property.contains('.') {
        return None;
    }
    let field = rust.field(property);
    let value = case.input.get(property);
    let number = value.and_then(serde_json::Value::as_f64);
    let rejecting = || rust.checks_on(property).filter(|c| c.rejects);
    match case.kind {
        Kind::Missing => field
            .filter(|f| f.default.is_none() && !is_option(f))
            .map(|f| f.span),
        Kind::Null => field.filter(|f| !is_option(f)).map(|f| f.ty_span),
        Kind::StringTyped => field
            .filter(|f| f.coercion.is_none())
            .filter(|f| {
                matches!(
                    f.ty.unoption(),
                    RustTy::Integer { .. } | RustTy::Float | RustTy::Bool
                )
            })
            .map(|f| f.ty_span),
        Kind::Fractional => field
            .filter(|f| f.coercion.is_none())
            .filter(|f| matches!(f.ty.unoption(), RustTy::Integer { .. }))
            .map(|f| f.ty_span),
        Kind::BelowMinimum | Kind::Negative | Kind::AboveMaximum => {
            let v = number?;
            let compared = rejecting().find_map(|c| match c.kind {
                CodeFactKind::Compare { op, value } if op.holds(v, value) => Some(c.span),
                _ => None,
            });
            let attr = field.and_then(|f| {
                let (bound, upper) = if case.kind == Kind::AboveMaximum {
                    (&f.attrs().maximum, true)
                } else {
                    (&f.attrs().minimum, false)
                };
                enforced(rust, bound.as_ref())
                    .filter(|b| outside(b, v, upper))
                    .map(|b| b.span)
            });
            let typed = field
                .filter(|f| f.coercion.is_none())
                .filter(|f| f.ty.int_range().is_some_and(|(lo, hi)| v < lo || v > hi))
                .map(|f| f.ty_span);
            compared.or(attr).or(typed)
        }
        Kind::TooShort | Kind::TooLong | Kind::TooFew | Kind::TooMany => {
            let v = value?;
            let n = match v.as_array() {
                Some(items) => items.len(),
                None => v.as_str()?.chars().count(),
            } as f64;
            let compared = rejecting().find_map(|c| match c.kind {
                CodeFactKind::Length { op, value } if op.holds(n, value) => Some(c.span),
                _ => None,
            });
            let attr = field.and_then(|f| {
                let (bound, upper) = if matches!(case.kind, Kind::TooLong | Kind::TooMany) {
                    (&f.attrs().max_length, true)
                } else {
                    (&f.attrs().min_length, false)
                };
                enforced(rust, bound.as_ref())
                    .filter(|b| outside(b, n, upper))
                    .map(|b| b.span)
            });
            compared.or(attr)
        }
        Kind::OffPattern => field
            .and_then(|f| f.attrs().pattern.as_ref())
            .filter(|_| rust.validated.is_some())
            .map(|p| p.span),
        Kind::Unlisted => field
            .filter(|f| matches!(f.ty.unoption(), RustTy::Named(_)))
            .map(|f| f.ty_span),
        // The lookup the row was derived from.
        Kind::UnknownReference => case.derived_from,
        Kind::UnknownField
        | Kind::Outage
        | Kind::ValidInput
        | Kind::AtMinimum
        | Kind::AtMaximum
        | Kind::AtLimit
        | Kind::PastLimit
        | Kind::UnknownValue
        | Kind::WithoutRecords => None,
    }
}

fn is_option(f: &RustField) -> bool {
    matches!(f.ty, RustTy::Option(_))
}

/// An attribute bound that runs: `validator`/`garde` with a `.validate()` call on the input.
fn enforced<'a>(rust: &RustInput, bound: Option<&'a (Bound, AttrCrate)>) -> Option<&'a Bound> {
    bound
        .filter(|(_, by)| by.enforces() && rust.validated.is_some())
        .map(|(b, _)| b)
}

fn outside(b: &Bound, v: f64, upper: bool) -> bool {
    match (upper, b.exclusive) {
        (true, false) => v > b.value,
        (true, true) => v >= b.value,
        (false, false) => v < b.value,
        (false, true) => v <= b.value,
    }
}
