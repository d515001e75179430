use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{Linked, linked};
use crate::contract::{
    Check, ClaimKind, ClosedSet, CodeFactKind, Contract, JsonType, Others, Project, PropertyFacts,
    RustTy,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// R013: the schema's `enum` and the values the Rust code accepts differ: a Rust enum's
/// wire values (after renames), or the string literals a `match`, `matches!` or a constant
/// list accepts before rejecting everything else. A property the schema leaves a free string
/// while the code knows a closed set of values (and rejects or silently maps the others) is
/// the same disagreement, with the set to publish.
pub struct ValuesMismatch;

impl Rule for ValuesMismatch {
    fn code(&self) -> &'static str {
        "R013"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                if p.schema.enum_values.is_some() || p.schema.const_value.is_some() {
                    if !l.derived() {
                        self.against_enum(project, &l, p, out);
                    } else if stands_in(&l, &p.name) {
                        let sides = code_sets(l.rust.checks_on(&p.name));
                        self.compare_sets(l.tool(), p, sides, out);
                    }
                } else if free_string(p) {
                    let listed = values_claimed(l.contract, &p.name);
                    self.against_free_string(l.tool(), p, listed, l.rust.checks_on(&p.name), out);
                }
            }
        }
        for l in page_linked(project) {
            for p in l.properties() {
                if p.schema.enum_values.is_some() || p.schema.const_value.is_some() {
                    let sides = code_sets(l.code.checks_on(&p.name));
                    self.compare_sets(l.tool(), p, sides, out);
                } else if free_string(p) {
                    let listed = values_claimed(l.contract, &p.name);
                    self.against_free_string(l.tool(), p, listed, l.code.checks_on(&p.name), out);
                }
            }
        }
    }
}

/// Whether a derived schema publishes `name` with another type's schema than the field's
/// own (`#[schemars(with = "Mode")] mode: String`): the `enum` is the stand-in's, and the code
/// that reads the string may hold it to other values.
fn stands_in(l: &Linked, name: &str) -> bool {
    l.rust
        .field(name)
        .is_some_and(|f| f.attrs().schema_with.is_some())
}

/// The closed sets the code turns other values away from, as sides to compare.
fn code_sets<'c>(
    checks: impl Iterator<Item = &'c Check>,
) -> Vec<(String, Vec<String>, bool, Span)> {
    checks
        .filter_map(|c| match closed_set(c) {
            Some((values, Others::Rejected, folded)) => {
                Some(("the code".to_string(), values.to_vec(), folded, c.span))
            }
            _ => None,
        })
        .collect()
}

/// A value set the code holds a property to, when it is known: the others are rejected (the
/// check's branch turns the call away) or mapped to one fixed value.
fn closed_set(c: &Check) -> Option<(&[String], &Others, bool)> {
    let CodeFactKind::OneOf(set) = &c.kind else {
        return None;
    };
    let ClosedSet {
        values,
        others,
        folded,
        ..
    } = &**set;
    match others {
        Others::Rejected if !c.rejects => None,
        o => Some((values.as_slice(), o, *folded)),
    }
}

/// Whether the description reader took a list of values for the top-level property `name`
/// from some declaration's prose: D006 then reports the schema's missing `enum` itself.
fn values_claimed(contract: &Contract, name: &str) -> bool {
    contract.claimed().any(|(_, claims)| {
        claims.iter().any(|c| {
            matches!(c.kind, ClaimKind::Values(_)) && c.subject.property() == Some(("", name))
        })
    })
}

/// A string the schema leaves open: no `enum`, `const`, `pattern` or alternatives.
fn free_string(p: &PropertyFacts) -> bool {
    let s = &p.schema;
    s.non_null_types() == [JsonType::String]
        && s.enum_values.is_none()
        && s.const_value.is_none()
        && s.pattern.is_none()
        && !s.alternatives
}

/// Whether `text` has `word` as a whole word (not inside a longer one), in any case.
fn names_word(text: &str, word: &str) -> bool {
    let (text, word) = (text.to_lowercase(), word.to_lowercase());
    let inner = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    !word.is_empty()
        && text.match_indices(&word).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + word.len()..].chars().next();
            !before.is_some_and(inner) && !after.is_some_and(inner)
        })
}

/// The values written as a JSON array.
fn json_list(values: &[String]) -> String {
    serde_json::to_string(values).unwrap_or_default()
}

impl ValuesMismatch {
    fn against_enum(&self, project: &Project, l: &Linked, p: &PropertyFacts, out: &mut Findings) {
        let mut sides: Vec<(String, Vec<String>, bool, Span)> = Vec::new();
        if let Some(f) = l.rust.field(&p.name)
            && let RustTy::Named(n) = f.ty.unoption()
            && let Some(variants) = project.rust.ty(n).and_then(|t| t.variants.as_ref())
        {
            let rust = variants.iter().map(|v| v.value.clone()).collect();
            sides.push((format!("the Rust enum `{n}`"), rust, false, f.ty_span));
        }
        sides.extend(code_sets(l.rust.checks_on(&p.name)));
        self.compare_sets(l.tool(), p, sides, out);
    }

    /// Each side's values (what accepts, its values, compared case-insensitively, where)
    /// against the schema's `enum` or `const`.
    fn compare_sets(
        &self,
        tool: &str,
        p: &PropertyFacts,
        sides: Vec<(String, Vec<String>, bool, Span)>,
        out: &mut Findings,
    ) {
        // `const` is an `enum` of one value.
        let (schema, schema_span, keyword): (Vec<&str>, Span, &str) =
            match (&p.schema.enum_values, &p.schema.const_value) {
                (Some(e), _) => (
                    e.value.iter().filter_map(|v| v.as_str()).collect(),
                    e.span,
                    "enum",
                ),
                (None, Some(c)) => (c.value.as_str().into_iter().collect(), c.span, "const"),
                (None, None) => return,
            };
        // Values that are not strings are not what a string set is compared with.
        if schema.is_empty() {
            return;
        }
        for (who, rust, folded, span) in sides {
            let eq = |a: &str, b: &str| {
                if folded {
                    a.eq_ignore_ascii_case(b)
                } else {
                    a == b
                }
            };
            let same = rust.iter().all(|v| schema.iter().any(|s| eq(s, v)))
                && schema.iter().all(|v| rust.iter().any(|r| eq(r, v)));
            if same {
                continue;
            }
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}`.`{}`: {who} accepts [{}]{}; the schema's {keyword} is [{}]",
                        tool,
                        p.name,
                        rust.join(", "),
                        if folded { " in any case" } else { "" },
                        schema.join(", ")
                    ),
                    Label::new(span, "the values the code accepts"),
                )
                .tool(tool)
                .property(&p.name)
                .related(Label::new(schema_span, "the schema's values"))
                .help("accept exactly the schema's `enum` values (after renames), or publish the ones the code accepts"),
            );
        }
    }

    /// The code knows a closed set and turns the others away or maps them, while the schema
    /// lets an agent send any string: the agent learns the set only by failing.
    fn against_free_string<'c>(
        &self,
        tool: &str,
        p: &PropertyFacts,
        listed: bool,
        checks: impl Iterator<Item = &'c Check>,
        out: &mut Findings,
    ) {
        let checks: Vec<&Check> = checks.collect();
        let sets: Vec<(&Check, &[String], &Others, bool)> = checks
            .iter()
            .filter_map(|c| closed_set(c).map(|(v, o, f)| (*c, v, o, f)))
            .collect();
        let sorted = |v: &[String]| {
            let mut v = v.to_vec();
            v.sort();
            v.dedup();
            v
        };
        // Different sets on different paths: which one holds is not known.
        let Some((first, rest)) = sets.split_first() else {
            return;
        };
        // The property's own description names every value the code accepts: the agent is
        // told the set. When the prose reads as a list of values, D006 reports the missing
        // `enum`; when it does not ("Scroll direction: up, down, left, right"), the code's set
        // is what proves the list, and the schema still lets any string through.
        let named = p
            .schema
            .description
            .as_ref()
            .is_some_and(|text| first.1.iter().all(|v| names_word(&text.value, v)));
        if named && listed {
            return;
        }
        if rest
            .iter()
            .any(|s| sorted(s.1) != sorted(first.1) || s.3 != first.3)
        {
            return;
        }
        // `if kind == "mind_map" { .. }` on a path of its own: the code handles a value the
        // set leaves out, so the set is not all it accepts.
        let told_apart = checks.iter().any(|c| {
            matches!(&c.kind, CodeFactKind::StrCompare { value }
                if !c.rejects && !first.1.iter().any(|v| v == value || (first.3 && v.eq_ignore_ascii_case(value))))
        });
        if told_apart {
            return;
        }
        // A rejection, when there is one, is what the others meet first.
        let (c, values, others, folded) = sets
            .iter()
            .find(|s| matches!(s.2, Others::Rejected))
            .unwrap_or(first);
        let case = if *folded { " (in any case)" } else { "" };
        let list = values.join(", ");
        let (message, help) = match others {
            Others::Rejected => (
                format!("the code accepts only [{list}]{case} and rejects any other value"),
                format!("publish the set: `\"enum\": {}`", json_list(values)),
            ),
            // The catch-all's own value may be one an agent is told to send ("both"): the
            // set to publish is the code's values and that one, whose spelling is not known.
            Others::Mapped { to, .. } => (
                format!(
                    "the code tells apart only [{list}]{case}; any other value, a typo included, silently becomes `{to}`"
                ),
                format!(
                    "publish the values the code knows in an `enum` ({}, and the one that means `{to}`), and reject other values instead of mapping them",
                    json_list(values)
                ),
            ),
        };
        let schema_at = p.schema.types.as_ref().map_or(p.name_span, |t| t.span);
        let mut d = Diagnostic::new(
            self.code(),
            format!(
                "`{}`.`{}`: {message}; {}the schema publishes a free string",
                tool,
                p.name,
                if named {
                    "the description names them, but "
                } else {
                    ""
                },
            ),
            Label::new(c.span, "the values the code accepts"),
        )
        .tool(tool)
        .property(&p.name)
        .related(Label::new(schema_at, "any string, no `enum`"));
        match others {
            Others::Mapped { at, .. } => d = d.related(Label::new(*at, "every other value")),
            // Refused out loud: the schema says less than the code, but nothing is silent.
            Others::Rejected => d = d.milder(),
        }
        // A named list may be a table of entries the value is looked up in (a catalogue of
        // products, which changes as data), not a set the schema should publish.
        if let CodeFactKind::OneOf(set) = &c.kind
            && let Some(table) = &set.table
        {
            d = d.unknown(
                format!("whether `{table}` is the set of values `{}` takes or a table of entries it is looked up in", p.name),
                Some(c.span),
            );
        }
        out.push(d.help(help));
    }
}
