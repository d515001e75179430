use super::Rule;
use super::claim_support::{PropertyClaim, first_per_property, property_claims};
use crate::contract::{Bound, Claim, ClaimBound, ClaimKind, Dimension, Project, Unit};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// D007: a property's name or description measures it in one unit and the prose in
/// another of the same kind (mm vs cm, seconds vs milliseconds).
pub struct DescriptionUnitMismatch;

fn unit_of(c: &Claim) -> Option<Unit> {
    match &c.kind {
        ClaimKind::NameUnit(u) | ClaimKind::Unit(u) => Some(*u),
        ClaimKind::Range { unit, .. } => *unit,
        _ => None,
    }
    .filter(|u| {
        matches!(
            u.dimension(),
            Dimension::Length | Dimension::Mass | Dimension::Time
        )
    })
}

/// "in milliseconds; at most 5 seconds" on `maximum: 5000`: the prose states the schema's
/// own limit in another unit, deliberately and correctly.
fn restates_bound(pc: &PropertyClaim, unit: Unit, expected: Unit) -> bool {
    let ClaimKind::Range { min, max, .. } = &pc.claim.kind else {
        return false;
    };
    let Some(scale) = unit.factor().zip(expected.factor()).map(|(a, b)| a / b) else {
        return false;
    };
    let node = &pc.property.schema;
    let agrees = |claimed: &Option<ClaimBound>, schema: &Option<Bound>| match (claimed, schema) {
        (Some(c), Some(s)) => (c.value * scale - s.value).abs() < 1e-9,
        (Some(_), None) => false,
        (None, _) => true,
    };
    agrees(min, &node.bounds().minimum) && agrees(max, &node.bounds().maximum)
}

impl Rule for DescriptionUnitMismatch {
    fn code(&self) -> &'static str {
        "D007"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        let claims = property_claims(project);
        // Per declaration and property, the reference: the name's unit, else the first
        // unit the prose gives.
        let named = first_per_property(&claims, |c| matches!(c.kind, ClaimKind::NameUnit(_)));
        let stated = first_per_property(&claims, |c| unit_of(c).is_some());
        for pc in &claims {
            let Some(unit) = unit_of(pc.claim) else {
                continue;
            };
            let k = pc.key();
            let Some(&reference) = named.get(&k).or_else(|| stated.get(&k)) else {
                continue;
            };
            let Some(expected) = unit_of(reference.claim) else {
                continue;
            };
            if std::ptr::eq(reference.claim, pc.claim)
                || expected == unit
                || expected.dimension() != unit.dimension()
                || restates_bound(pc, unit, expected)
            {
                continue;
            }
            let name = &pc.property.name;
            let source = if matches!(reference.claim.kind, ClaimKind::NameUnit(_)) {
                "its name"
            } else {
                "its description"
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "the description of `{}` measures `{name}` in {}, but {source} says {}",
                        pc.decl.name,
                        unit.name(),
                        expected.name()
                    ),
                    Label::new(pc.claim.span, format!("{} here", unit.name())),
                )
                .tool(&pc.decl.name)
                .property(name)
                .related(Label::new(
                    reference.claim.span,
                    format!("{} here", expected.name()),
                ))
                .help(format!(
                    "state `{name}` in {} everywhere, converting the number",
                    expected.name()
                )),
            );
        }
    }
}
