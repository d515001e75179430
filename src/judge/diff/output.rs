//! A tool's `outputSchema`, compared the other way round from its input: the server produces
//! the value and the client reads it. A client breaks when something it relied on is gone (a
//! required property removed or made optional, the schema itself dropped) or when it must now
//! handle what it never had to (a type, a value or a range the old schema excluded). Promising
//! more (a new required property, fewer types or values, a tighter bound) is compatible.

use super::{Change, Ctx, decl, tighter};
use crate::contract::{Bound, Contract, JsonType, NodeFacts, Origin, SchemaNode};
use crate::diagnostic::Label;
use crate::source::Span;
use serde_json::Value;

pub const OUTPUT_DROPPED: &str = "X011";
pub const OUTPUT_WIDENED: &str = "X012";
pub const OUTPUT_NARROWED: &str = "X206";

/// The tool's published output schema and where it is declared, for a manifest declaration.
fn output(c: &Contract) -> Option<(&SchemaNode, Span)> {
    c.decls.iter().find_map(|d| {
        let spec = d.spec.as_ref()?;
        Some((spec.output.as_ref()?, spec.output_schema?))
    })
}

/// Whether the tool is declared by a manifest, which would carry its `outputSchema`.
fn from_manifest(c: &Contract) -> bool {
    c.decls.iter().any(|d| d.origin == Origin::Manifest)
}

impl Ctx<'_> {
    pub(super) fn output(&self, prev: &Contract, c: &Contract, out: &mut Vec<Change>) {
        match (output(prev), output(c)) {
            (Some((o, os)), Some((n, ns))) => self.out_node("", o, n, os, ns, out),
            (Some((_, os)), None) if from_manifest(c) => self.push(
                out,
                OUTPUT_DROPPED,
                None,
                format!(
                    "tool `{}` no longer publishes an `outputSchema`: clients that read its structured result lose what it guaranteed",
                    self.tool
                ),
                Some(Label::new(os, "published before")),
                Some(Label::new(decl(c).name_span, "no `outputSchema` now")),
            ),
            (None, Some((_, ns))) if from_manifest(prev) => self.push(
                out,
                OUTPUT_NARROWED,
                None,
                format!("tool `{}` now publishes an `outputSchema`", self.tool),
                Some(Label::new(decl(prev).name_span, "none before")),
                Some(Label::new(ns, "published now")),
            ),
            _ => {}
        }
    }

    /// One node of the output: `path` is the property's (`""` for the result itself).
    fn out_node(
        &self,
        path: &str,
        o: &NodeFacts,
        n: &NodeFacts,
        os: Span,
        ns: Span,
        out: &mut Vec<Change>,
    ) {
        let prop = (!path.is_empty()).then_some(path);
        let what = match path {
            "" => "the output".to_string(),
            p => format!("output `{p}`"),
        };
        let mut say = |wider: bool, message: String, old: Span, new: Span| {
            let (code, old_label, new_label) = match wider {
                true => (OUTPUT_WIDENED, "excluded before", "produced now"),
                false => (OUTPUT_NARROWED, "before", "now"),
            };
            self.push(
                out,
                code,
                prop,
                message,
                Some(Label::new(old, old_label)),
                Some(Label::new(new, new_label)),
            );
        };
        if let (Some(ot), Some(nt)) = (&o.types, &n.types) {
            let gained = new_types(n, &nt.value, o);
            if !gained.is_empty() {
                say(
                    true,
                    format!(
                        "{what} of tool `{}` may now be {}: clients must handle it",
                        self.tool,
                        gained.join(" or ")
                    ),
                    ot.span,
                    nt.span,
                );
            }
            let lost = new_types(o, &ot.value, n);
            if !lost.is_empty() {
                say(
                    false,
                    format!(
                        "{what} of tool `{}` is no longer {}",
                        self.tool,
                        lost.join(" or ")
                    ),
                    ot.span,
                    nt.span,
                );
            }
        }
        match (values(o), values(n)) {
            (Some((a, a_at)), Some((b, b_at))) => {
                let added = shown(b.iter().filter(|v| !a.contains(v)));
                if !added.is_empty() {
                    say(
                        true,
                        format!("{what} of tool `{}` may now be {added}", self.tool),
                        a_at,
                        b_at,
                    );
                }
                let removed = shown(a.iter().filter(|v| !b.contains(v)));
                if !removed.is_empty() {
                    say(
                        false,
                        format!("{what} of tool `{}` is no longer {removed}", self.tool),
                        a_at,
                        b_at,
                    );
                }
            }
            (Some((_, a_at)), None) => say(
                true,
                format!(
                    "{what} of tool `{}` is no longer limited to a list of values",
                    self.tool
                ),
                a_at,
                ns,
            ),
            (None, Some((_, b_at))) => say(
                false,
                format!(
                    "{what} of tool `{}` is now one of a list of values",
                    self.tool
                ),
                os,
                b_at,
            ),
            (None, None) => {}
        }
        for (name, lower, ob, nb) in [
            ("minimum", true, &o.bounds().minimum, &n.bounds().minimum),
            ("maximum", false, &o.bounds().maximum, &n.bounds().maximum),
            (
                "minLength",
                true,
                &o.bounds().min_length,
                &n.bounds().min_length,
            ),
            (
                "maxLength",
                false,
                &o.bounds().max_length,
                &n.bounds().max_length,
            ),
            (
                "minItems",
                true,
                &o.bounds().min_items,
                &n.bounds().min_items,
            ),
            (
                "maxItems",
                false,
                &o.bounds().max_items,
                &n.bounds().max_items,
            ),
        ] {
            let narrower = match (ob, nb) {
                (None, Some(_)) => Some(true),
                (Some(_), None) => Some(false),
                (Some(a), Some(b)) => tighter(a, b, lower),
                (None, None) => None,
            };
            let Some(narrower) = narrower else { continue };
            let text = |b: &Option<Bound>| b.as_ref().map_or("none".into(), Bound::display);
            say(
                !narrower,
                format!(
                    "{what} of tool `{}`: `{name}` {} from {} to {}",
                    self.tool,
                    if narrower { "narrowed" } else { "widened" },
                    text(ob),
                    text(nb)
                ),
                ob.as_ref().map_or(os, |b| b.span),
                nb.as_ref().map_or(ns, |b| b.span),
            );
        }
        if let (Some(oo), Some(no)) = (&o.object, &n.object) {
            let child = |name: &str| match path {
                "" => name.to_string(),
                p => format!("{p}.{name}"),
            };
            for p in &oo.properties {
                let now = no.property(&p.name);
                let Some(req) = p.required else {
                    continue;
                };
                let (gone, at) = match now {
                    None => ("is removed", no.span),
                    Some(q) if q.required.is_none() => ("is no longer required", q.name_span),
                    Some(_) => continue,
                };
                self.push(
                    out,
                    OUTPUT_DROPPED,
                    Some(&child(&p.name)),
                    format!(
                        "output property `{}` of tool `{}` {gone}: clients that read it may find nothing",
                        child(&p.name),
                        self.tool
                    ),
                    Some(Label::new(req, "guaranteed before")),
                    Some(Label::new(at, "not guaranteed now")),
                );
            }
            for p in &no.properties {
                let was = oo.property(&p.name);
                if let Some(req) = p.required
                    && was.is_none_or(|w| w.required.is_none())
                {
                    self.push(
                        out,
                        OUTPUT_NARROWED,
                        Some(&child(&p.name)),
                        format!(
                            "output property `{}` of tool `{}` is now always present",
                            child(&p.name),
                            self.tool
                        ),
                        Some(Label::new(
                            was.map_or(oo.span, |w| w.name_span),
                            "not guaranteed before",
                        )),
                        Some(Label::new(req, "required now")),
                    );
                }
                if let Some(w) = was {
                    let at =
                        |x: &crate::contract::PropertyFacts| x.schema.span.unwrap_or(x.name_span);
                    self.out_node(&child(&p.name), &w.schema, &p.schema, at(w), at(p), out);
                }
            }
        }
        if let (Some(oi), Some(ni)) = (&o.items, &n.items) {
            self.out_node(
                &format!("{path}[]"),
                oi,
                ni,
                oi.span.unwrap_or(os),
                ni.span.unwrap_or(ns),
                out,
            );
        }
    }
}

/// The types of `types` (`f`'s, with null when `f` is nullable) that `other` does not admit.
fn new_types(f: &NodeFacts, types: &[JsonType], other: &NodeFacts) -> Vec<&'static str> {
    let admits = |t: JsonType| {
        (t == JsonType::Null && other.nullable)
            || other.has_type(t)
            || (t == JsonType::Integer && other.has_type(JsonType::Number))
    };
    let mut v: Vec<&str> = types
        .iter()
        .chain(f.nullable.then_some(&JsonType::Null))
        .filter(|t| !admits(**t))
        .map(|t| t.as_str())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The closed set of values a node allows (`const` or `enum`), where it is written.
fn values(f: &NodeFacts) -> Option<(Vec<Value>, Span)> {
    if let Some(c) = &f.const_value {
        return Some((vec![c.value.clone()], c.span));
    }
    f.enum_values.as_ref().map(|e| (e.value.clone(), e.span))
}

fn shown<'a>(vs: impl Iterator<Item = &'a Value>) -> String {
    vs.map(Value::to_string).collect::<Vec<_>>().join(", ")
}
