use super::Rule;
use super::claim_support::{PropertyClaim, property_claims};
use super::rust_support::code_default;
use crate::contract::{ClaimKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use std::collections::HashSet;

/// D002: the prose calls a required property optional or gives it a default, or calls an
/// optional property required.
pub struct DescriptionRequirednessMismatch;

impl Rule for DescriptionRequirednessMismatch {
    fn code(&self) -> &'static str {
        "D002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        // A description that calls a property required twice ("Requires `sku` … `sku` is
        // required") states one disagreement: the first claim is reported.
        let mut required_reported = HashSet::new();
        for pc in property_claims(project) {
            let name = &pc.property.name;
            let tool = &pc.decl.name;
            let said = match &pc.claim.kind {
                ClaimKind::Optional => "optional".to_string(),
                ClaimKind::Default(v) => format!("given a default of {v}"),
                ClaimKind::Required if required_reported.insert(pc.key()) => "required".to_string(),
                _ => continue,
            };
            let d = match (&pc.claim.kind, pc.property.required) {
                (ClaimKind::Required, None) if let Some(d) = defaulted(&pc) => d,
                (ClaimKind::Required, None) => Diagnostic::new(
                    self.code(),
                    format!("the description of `{tool}` says `{name}` is required, but the schema does not require it"),
                    Label::new(pc.claim.span, "the description says it is required"),
                )
                .related(Label::new(pc.property.name_span, format!("`{name}` is not in `required`")))
                .help(format!("add `{name}` to `required`, or say in the description what happens when it is omitted")),
                (ClaimKind::Optional | ClaimKind::Default(_), Some(req)) => Diagnostic::new(
                    self.code(),
                    format!("the description of `{tool}` says `{name}` is {said}, but the schema requires it"),
                    Label::new(pc.claim.span, format!("the description says it is {said}")),
                )
                .related(Label::new(req, "the schema requires it here"))
                .help(format!("an agent reading this will omit `{name}` and be rejected: drop the claim from the description, or drop `{name}` from `required` and document the real default")),
                _ => continue,
            };
            out.push(d.tool(tool).property(name));
        }
    }
}

/// A property the description calls required that the code gives a default when it is
/// absent (`#[serde(default)]`, which also takes it out of a derived schema's `required`,
/// or an `unwrap_or`): a call without it is carried out with a value nobody chose. The
/// default is the evidence and the place to fix.
fn defaulted(pc: &PropertyClaim) -> Option<Diagnostic> {
    let top_level = pc
        .claim
        .subject
        .property()
        .is_some_and(|(o, _)| o.is_empty());
    let rust = pc.contract.rust.as_deref().filter(|_| top_level)?;
    let name = &pc.property.name;
    let tool = &pc.decl.name;
    let (span, value, how) = code_default(rust, name)?;
    let value = value.map_or("a default value".to_string(), |v| {
        format!("a default of {v}")
    });
    Some(
        Diagnostic::new(
            "D002",
            format!("the description of `{tool}` says `{name}` is required, but {how} gives it {value} when it is absent, so the schema does not require it"),
            Label::new(pc.claim.span, "the description says it is required"),
        )
        .related(Label::new(span, format!("`{name}` defaulted here")))
        .related(Label::new(pc.property.name_span, format!("`{name}` is not in `required`")))
        .help(format!("a call without `{name}` is carried out with the default: remove the default and reject such a call (MISSING_FIELD), or say in the description what happens when `{name}` is omitted")),
    )
}
