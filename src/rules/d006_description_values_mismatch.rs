use super::Rule;
use super::claim_support::property_claims;
use crate::contract::{
    ClaimKind, CodeFactKind, Contract, JsonType, Others, Project, PropertyFacts, ToolDecl,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;
use serde_json::Value;

/// D006: the prose lists allowed values ("one of: price, rating") that differ from the
/// schema's `enum` or `const`, or that a string schema with neither does not restrict to.
pub struct DescriptionValuesMismatch;

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl Rule for DescriptionValuesMismatch {
    fn code(&self) -> &'static str {
        "D006"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for pc in property_claims(project) {
            let ClaimKind::Values(claimed) = &pc.claim.kind else {
                continue;
            };
            let node = &pc.property.schema;
            let (allowed, span, keyword): (Vec<String>, _, _) =
                match (&node.enum_values, &node.const_value) {
                    (Some(e), _) => (e.value.iter().map(text).collect(), e.span, "enum"),
                    (None, Some(c)) => (vec![text(&c.value)], c.span, "const"),
                    (None, None) => {
                        let top = pc
                            .claim
                            .subject
                            .property()
                            .is_some_and(|(o, _)| o.is_empty());
                        let name = &pc.property.name;
                        if !(top
                            && (takes_others(pc.contract, name)
                                || serves_unlisted(pc.contract, name, claimed)))
                        {
                            open_list(pc.decl, pc.property, claimed, pc.claim.span, out);
                        }
                        continue;
                    }
                };
            let missing: Vec<&String> = allowed.iter().filter(|a| !claimed.contains(a)).collect();
            let extra: Vec<&String> = claimed.iter().filter(|c| !allowed.contains(c)).collect();
            if missing.is_empty() && extra.is_empty() {
                continue;
            }
            let list = |v: &[&String]| {
                v.iter()
                    .map(|s| format!("`{s}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut parts = Vec::new();
            if !extra.is_empty() {
                parts.push(format!(
                    "it lists {} which the schema's `{keyword}` does not allow",
                    list(&extra)
                ));
            }
            if !missing.is_empty() {
                parts.push(format!(
                    "it leaves out {} which the schema allows",
                    list(&missing)
                ));
            }
            let name = &pc.property.name;
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!("the description of `{}` lists different values for `{name}` than the schema: {}", pc.decl.name, parts.join("; ")),
                    Label::new(pc.claim.span, "the description lists these values"),
                )
                .tool(&pc.decl.name)
                .property(name)
                .related(Label::new(span, format!("the schema's `{keyword}`")))
                .help(format!("list exactly the values of `{keyword}` in the description")),
            );
        }
    }
}

/// Whether the code takes values outside a set on purpose: a `match` on the property whose
/// catch-all leaves with a result of its own (`other => press(other)`), neither turning the
/// call away nor mapping the value. A test whose branch does not leave (`if !matches!(..) {
/// errors.push(..) }`) serves no other value: its set is the prose's. The prose then lists the usual values, not the only ones,
/// and an `enum` would refuse what the code serves.
fn takes_others(contract: &Contract, property: &str) -> bool {
    contract.rust.as_ref().is_some_and(|rust| {
        rust.checks_on(property).any(|c| {
            matches!(
                &c.kind,
                CodeFactKind::OneOf(set) if set.others == Others::Rejected
            ) && !c.rejects
                && c.via.is_some()
        })
    })
}

/// Whether the code accepts a value the prose leaves out (`"backup" => ..` beside the listed
/// actions): the list is an incomplete one, and an `enum` made from it would refuse calls the
/// code serves. Checked against the values compared with, written there or in a named list.
fn serves_unlisted(contract: &Contract, property: &str, claimed: &[String]) -> bool {
    contract.rust.as_ref().is_some_and(|rust| {
        rust.checks_on(property).any(|c| match &c.kind {
            CodeFactKind::OneOf(set) => set.values.iter().any(|v| {
                !claimed
                    .iter()
                    .any(|c| c == v || (set.folded && c.eq_ignore_ascii_case(v)))
            }),
            _ => false,
        })
    })
}

/// A list the prose gives as the only values of a string property whose schema takes any
/// string: the client's validator lets every other value through to the code.
fn open_list(
    decl: &ToolDecl,
    property: &PropertyFacts,
    claimed: &[String],
    span: Span,
    out: &mut Findings,
) {
    // A list's values are its items' ("Filter by status; repeatable (running|off)" of a
    // `Vec<String>`), when the items are as open as a property would be.
    let node = match (&property.schema.types, &property.schema.items) {
        (Some(t), Some(items))
            if t.value.contains(&JsonType::Array)
                && t.value
                    .iter()
                    .all(|t| matches!(t, JsonType::Array | JsonType::Null))
                && items.enum_values.is_none()
                && items.const_value.is_none() =>
        {
            items.as_ref()
        }
        _ => &property.schema,
    };
    // An optional string (`["string", "null"]`, an `Option<String>`) takes any string too.
    let only = |kind: JsonType| {
        node.types.as_ref().is_some_and(|t| {
            t.value.contains(&kind) && t.value.iter().all(|t| *t == kind || *t == JsonType::Null)
        })
    };
    let string_only = only(JsonType::String);
    // Whole numbers listed for an integer ("Valid values are 512 and 4096", "1 (left),
    // 2 (middle), 3 (right)"), which the schema's bounds, if any, do not narrow to.
    let integers = only(JsonType::Integer) && numbers_beyond(node, claimed);
    // "Document to delete: slug, title, or alias" for `slug` says which identifier to give,
    // not the values it takes.
    let names_itself = claimed
        .iter()
        .any(|c| c.eq_ignore_ascii_case(&property.name));
    if !(string_only || integers) || node.pattern.is_some() || names_itself {
        return;
    }
    let (kind, schema, quote) = match integers {
        true => ("integer", "an integer schema without `enum`", ""),
        false => ("string", "a string schema without `enum`", "\""),
    };
    let list = claimed
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let name = &property.name;
    out.push(
        Diagnostic::new(
            "D006",
            format!(
                "the description of `{}` allows only {list} for `{name}`, but the schema has no `enum`: any {kind} passes validation{}",
                decl.name,
                match (integers, &node.bounds().minimum, &node.bounds().maximum) {
                    (true, Some(lo), Some(hi)) if !lo.exclusive && !hi.exclusive => {
                        format!(" from {} through {}", lo.display(), hi.display())
                    }
                    _ => String::new(),
                }
            ),
            Label::new(span, "the description lists these values"),
        )
        .tool(&decl.name)
        .property(name)
        .related(Label::new(property.name_span, schema))
        .help(format!("add `\"enum\": [{}]` to the schema of `{name}` (for a Rust input, a Rust enum), and reject other values", claimed.iter().map(|s| format!("{quote}{s}{quote}")).collect::<Vec<_>>().join(", "))),
    );
}

/// Whether every listed value is a whole number and the schema's bounds admit others: with
/// `minimum: 1, maximum: 3` the list "1, 2, 3" is already what the schema says.
fn numbers_beyond(node: &crate::contract::SchemaNode, claimed: &[String]) -> bool {
    let Some(values) = claimed
        .iter()
        .map(|c| c.parse::<f64>().ok().filter(|v| v.fract() == 0.0))
        .collect::<Option<Vec<f64>>>()
    else {
        return false;
    };
    match (&node.bounds().minimum, &node.bounds().maximum) {
        (Some(lo), Some(hi)) => {
            let lo = if lo.exclusive {
                lo.value + 1.0
            } else {
                lo.value.ceil()
            };
            let hi = if hi.exclusive {
                hi.value - 1.0
            } else {
                hi.value.floor()
            };
            hi - lo + 1.0 > values.len() as f64
        }
        _ => true,
    }
}
