use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{Limit, clamps, enforced, integer, linked, show};
use crate::contract::{
    Check, ClaimKind, CodeFactKind, Contract, Project, PropertyFacts, Subject, format_number,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R010: out-of-range input is adjusted (`clamp`, `min`, `max`) instead of rejected, and the
/// agent is not told. A cap the description states as an adjustment with its number ("capped
/// at 500", "clamped to 1..=25") is told, whether or not the schema has the bound too (its
/// absence is D001's finding); a side of a clamp beyond which the code already rejects the
/// value never adjusts an accepted one.
pub struct SilentClamp;

impl Rule for SilentClamp {
    fn code(&self) -> &'static str {
        "R010"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                let rejects = enforced(&l, &p.name, false, integer(&p.schema));
                let clamps = clamps(&l, &p.name);
                silent(self.code(), l.contract, p, rejects, clamps, out);
            }
        }
        for l in page_linked(project) {
            for p in l.properties() {
                let rejects = l.enforced(&p.name, false, integer(&p.schema));
                silent(self.code(), l.contract, p, rejects, l.clamps(&p.name), out);
            }
        }
    }
}

/// Each clamp of `p` that adjusts an accepted value the descriptions do not tell of.
fn silent<'a>(
    code: &'static str,
    contract: &Contract,
    p: &PropertyFacts,
    (rejects_below, rejects_above): (Option<Limit>, Option<Limit>),
    clamps: impl Iterator<Item = &'a Check>,
    out: &mut Findings,
) {
    let tool = contract.name.as_str();
    // The property's description and the tool's: does either speak of adjusting
    // values, and which numbers do they state?
    let mut says_cap = false;
    let mut stated: Vec<&str> = Vec::new();
    for (_, claims) in contract.claimed() {
        for cl in claims {
            let about = match &cl.subject {
                Subject::Tool => true,
                Subject::Property { object, name } => object.is_empty() && *name == p.name,
            };
            match &cl.kind {
                ClaimKind::CapWording { numbers } if about => {
                    says_cap = true;
                    stated.extend(numbers.iter().map(String::as_str));
                }
                ClaimKind::Numbers(numbers) if about => {
                    stated.extend(numbers.iter().map(String::as_str));
                }
                _ => {}
            }
        }
    }
    let documented = |v: f64| says_cap && stated.contains(&format_number(v).as_str());
    for c in clamps {
        let CodeFactKind::Clamp { lo, hi } = c.kind else {
            continue;
        };
        let lo = lo.filter(|v| rejects_below.as_ref().is_none_or(|r| r.value < *v));
        let hi = hi.filter(|v| rejects_above.as_ref().is_none_or(|r| r.value > *v));
        if lo.is_none() && hi.is_none() {
            continue;
        }
        let lo_ok = lo.is_none_or(documented);
        let hi_ok = hi.is_none_or(documented);
        let what = match (lo, hi) {
            (Some(a), Some(b)) => format!("is clamped into {}..={}", show(a), show(b)),
            (None, Some(b)) => format!("above {} is lowered to {}", show(b), show(b)),
            (Some(a), None) => format!("below {} is raised to {}", show(a), show(a)),
            (None, None) => "is clamped".to_string(),
        };
        let silent = lo_ok && hi_ok;
        if silent {
            continue;
        }
        let mut d = Diagnostic::new(
            code,
            format!(
                "`{}`.`{}` {what} instead of being rejected; the agent is not told its request changed",
                tool,
                p.name
            ),
            Label::new(c.span, "the value is adjusted here"),
        )
        .tool(tool)
        .property(&p.name)
        .help("reject out-of-range values (OUT_OF_RANGE), or document the cap in the schema and description");
        let lower_only = matches!(
            c.kind,
            CodeFactKind::Clamp {
                lo: Some(_),
                hi: None
            }
        );
        let bound = if lower_only {
            p.schema.bounds().minimum.as_ref()
        } else {
            p.schema
                .bounds()
                .maximum
                .as_ref()
                .or(p.schema.bounds().minimum.as_ref())
        };
        if let Some(b) = bound {
            d = d.related(Label::new(b.span, "the schema's bound"));
        }
        out.push(d);
    }
}
