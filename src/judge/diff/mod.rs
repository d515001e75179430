//! `diff`: how each tool's effective contract changed between two linked projects, each
//! change classified as breaking, degrading or compatible for the agents that call it.
//!
//! Tools are matched by identity (package and name); a tool gone from one side and a tool new
//! on the other with the same schema and the same handler are one rename. Within a tool the
//! schema the code is held to ([`Contract::published`]) is compared node by node, with the
//! annotations, what the prose claims and whether the handler writes. A change is reported
//! only when both sides state the fact compared: a bound neither side knows is silence.

use crate::contract::{
    Annotations, ClaimKind, Contract, JsonType, NodeFacts, ObjectFacts, Project, SchemaNode,
    StepKind, Subject, ToolDecl, UnknownFields,
};
use crate::diagnostic::Label;
use crate::source::Span;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

mod code;
mod output;
pub use code::CODE_NARROWED;
pub use output::{OUTPUT_DROPPED, OUTPUT_NARROWED, OUTPUT_WIDENED};

/// The change classes, by code: `X0..` are breaking, `X1..` degrading, `X2..` compatible;
/// each has its catalog entry under `rules/`.
pub const CLASSES: &[&str] = &[
    TOOL_REMOVED,
    TOOL_RENAMED,
    PROPERTY_REMOVED,
    NEWLY_REQUIRED,
    TYPE_NARROWED,
    VALUES_NARROWED,
    BOUND_NARROWED,
    OBJECT_CLOSED,
    READ_ONLY_DROPPED,
    DESTRUCTIVE_SET,
    OUTPUT_DROPPED,
    OUTPUT_WIDENED,
    CODE_NARROWED,
    CLAIMS_CHANGED,
    DEFAULT_CHANGED,
    TOOL_ADDED,
    OPTIONAL_ADDED,
    WIDENED,
    VALUE_ADDED,
    REWORDED,
    OUTPUT_NARROWED,
];

pub const TOOL_REMOVED: &str = "X001";
pub const TOOL_RENAMED: &str = "X002";
pub const PROPERTY_REMOVED: &str = "X003";
pub const NEWLY_REQUIRED: &str = "X004";
pub const TYPE_NARROWED: &str = "X005";
pub const VALUES_NARROWED: &str = "X006";
pub const BOUND_NARROWED: &str = "X007";
pub const OBJECT_CLOSED: &str = "X008";
pub const READ_ONLY_DROPPED: &str = "X009";
pub const DESTRUCTIVE_SET: &str = "X010";
pub const CLAIMS_CHANGED: &str = "X101";
pub const DEFAULT_CHANGED: &str = "X102";
pub const TOOL_ADDED: &str = "X201";
pub const OPTIONAL_ADDED: &str = "X202";
pub const WIDENED: &str = "X203";
pub const VALUE_ADDED: &str = "X204";
pub const REWORDED: &str = "X205";

/// One change of one tool. `old` spans are in the base project's source map, `new` spans in
/// the head's; at least one is set.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub code: &'static str,
    pub tool: String,
    /// The tool's package, relative to its side's root.
    pub package: PathBuf,
    pub property: Option<String>,
    pub message: String,
    pub old: Option<Label>,
    pub new: Option<Label>,
}

/// Every change from `base` to `head`, in the order of the head's tools, removals last.
/// Each contract's `package` must already be relative to its side's root, so a tool keeps its
/// identity between two copies of a tree.
pub fn compare(base: &Project, head: &Project) -> Vec<Change> {
    let key = |c: &Contract| (c.package.clone(), c.name.clone());
    let old: BTreeMap<_, &Contract> = base.contracts.iter().map(|c| (key(c), c)).collect();
    let new: BTreeMap<_, &Contract> = head.contracts.iter().map(|c| (key(c), c)).collect();
    let mut out = Vec::new();
    let gone: Vec<&Contract> = old
        .iter()
        .filter(|(k, _)| !new.contains_key(*k))
        .map(|(_, c)| *c)
        .collect();
    let mut renamed_from: BTreeMap<(PathBuf, String), &Contract> = BTreeMap::new();
    for (k, c) in &new {
        if old.contains_key(k) {
            continue;
        }
        if let Some(prev) = rename_of(c, &gone, base, head, &new)
            && !renamed_from.values().any(|p| std::ptr::eq(*p, prev))
        {
            renamed_from.insert(k.clone(), prev);
        }
    }
    for (k, c) in &new {
        let ctx = Ctx {
            base,
            head,
            aliases: c.rust.as_ref().map_or_else(Vec::new, |r| {
                r.ty.iter()
                    .flat_map(|t| &t.fields)
                    .flat_map(|f| f.aliases.iter().map(|a| (a.as_str(), f.wire_name.as_str())))
                    .collect()
            }),
            tool: &c.name,
            package: &c.package,
        };
        match old.get(k).or(renamed_from.get(k)) {
            Some(prev) => {
                if prev.name != c.name {
                    ctx.push(
                        &mut out,
                        TOOL_RENAMED,
                        None,
                        format!("tool `{}` is renamed to `{}`", prev.name, c.name),
                        Some(Label::new(decl(prev).name_span, "the old name")),
                        Some(Label::new(decl(c).name_span, "the new name")),
                    );
                }
                ctx.tool_changes(prev, c, &mut out);
            }
            None => ctx.push(
                &mut out,
                TOOL_ADDED,
                None,
                format!("tool `{}` is added", c.name),
                None,
                Some(Label::new(decl(c).name_span, "declared here")),
            ),
        }
    }
    for c in gone {
        if renamed_from.values().any(|p| std::ptr::eq(*p, c)) {
            continue;
        }
        let ctx = Ctx {
            base,
            head,
            aliases: Vec::new(),
            tool: &c.name,
            package: &c.package,
        };
        ctx.push(
            &mut out,
            TOOL_REMOVED,
            None,
            format!("tool `{}` is removed: agents that call it fail", c.name),
            Some(Label::new(decl(c).name_span, "declared here before")),
            None,
        );
    }
    out
}

/// The declaration that speaks for the tool: the Rust one (what the server publishes), else
/// the first.
fn decl(c: &Contract) -> &ToolDecl {
    c.decls
        .iter()
        .find(|d| d.origin.from_rust())
        .unwrap_or(&c.decls[0])
}

fn schema_root(c: &Contract) -> Option<&SchemaNode> {
    c.published().map(|(_, s)| &s.root)
}

/// The tool of `base` that `c` renames: the only one gone from the same package whose schema
/// is the same and whose handler reads the same once its name is replaced, and that no other
/// new tool could be.
fn rename_of<'a>(
    c: &Contract,
    gone: &[&'a Contract],
    base: &Project,
    head: &Project,
    new: &BTreeMap<(PathBuf, String), &Contract>,
) -> Option<&'a Contract> {
    let same = |a: &Contract, b: &Contract, pa: &Project, pb: &Project| {
        a.package == b.package
            && match (schema_root(a), schema_root(b)) {
                (Some(x), Some(y)) => same_node(x, y),
                _ => false,
            }
            && same_handler(a, b, pa, pb)
    };
    let mut candidates = gone.iter().filter(|g| same(g, c, base, head));
    let prev = candidates.next()?;
    if candidates.next().is_some() {
        return None;
    }
    // Another new tool that matches as well makes the rename ambiguous.
    let rivals = new
        .values()
        .filter(|n| n.name != c.name && !gone.iter().any(|g| g.name == n.name))
        .filter(|n| same(prev, n, base, head))
        .count();
    (rivals == 0).then_some(*prev)
}

/// Both sides have no Rust handler, or the handlers' text is the same once the old
/// function's name and tool name are read as the new ones.
fn same_handler(a: &Contract, b: &Contract, pa: &Project, pb: &Project) -> bool {
    let handler = |c: &Contract, p: &Project| {
        c.rust
            .as_ref()
            .and_then(|r| r.handler)
            .and_then(|f| p.rust.fns.get(f))
            .map(|f| (f.name.clone(), p.sources.text(f.span).to_string()))
    };
    match (handler(a, pa), handler(b, pb)) {
        (None, None) => true,
        (Some((na, ta)), Some((nb, tb))) => ta.replace(&na, &nb).replace(&a.name, &b.name) == tb,
        _ => false,
    }
}

struct Ctx<'a> {
    base: &'a Project,
    head: &'a Project,
    /// The head's top-level input fields by the other names serde accepts for them
    /// (`#[serde(alias)]`): `(alias, wire name)`.
    aliases: Vec<(&'a str, &'a str)>,
    tool: &'a str,
    package: &'a PathBuf,
}

impl Ctx<'_> {
    fn push(
        &self,
        out: &mut Vec<Change>,
        code: &'static str,
        property: Option<&str>,
        message: String,
        old: Option<Label>,
        new: Option<Label>,
    ) {
        out.push(Change {
            code,
            tool: self.tool.to_string(),
            package: self.package.clone(),
            property: property.map(str::to_string),
            message,
            old,
            new,
        });
    }

    fn tool_changes(&self, prev: &Contract, c: &Contract, out: &mut Vec<Change>) {
        let (od, nd) = (decl(prev), decl(c));
        self.annotations(&od.annotations, &nd.annotations, od, nd, out);
        self.writes(prev, c, out);
        if let (Some(o), Some(n)) = (schema_root(prev), schema_root(c)) {
            let at = |n: &SchemaNode, d: &ToolDecl| n.span.unwrap_or(d.name_span);
            self.node("", o, n, at(o, od), at(n, nd), out);
        }
        self.code(prev, c, out);
        self.output(prev, c, out);
        self.description(prev, c, out);
    }

    fn annotations(
        &self,
        o: &Annotations,
        n: &Annotations,
        od: &ToolDecl,
        nd: &ToolDecl,
        out: &mut Vec<Change>,
    ) {
        let was = |b: &Option<crate::source::Spanned<bool>>, v: bool| {
            b.as_ref().is_some_and(|b| b.value == v)
        };
        let span = |b: &Option<crate::source::Spanned<bool>>, d: &ToolDecl| {
            b.as_ref().map_or(d.name_span, |b| b.span)
        };
        if was(&o.read_only, true) && !was(&n.read_only, true) {
            self.push(
                out,
                READ_ONLY_DROPPED,
                None,
                format!(
                    "tool `{}` is no longer read-only (`readOnlyHint` was true): agents that call it without confirmation may now change state",
                    self.tool
                ),
                Some(Label::new(span(&o.read_only, od), "read-only before")),
                Some(Label::new(span(&n.read_only, nd), "no longer read-only")),
            );
        }
        if was(&o.destructive, false) && was(&n.destructive, true) {
            self.push(
                out,
                DESTRUCTIVE_SET,
                None,
                format!(
                    "tool `{}` is now destructive (`destructiveHint` false → true)",
                    self.tool
                ),
                Some(Label::new(
                    span(&o.destructive, od),
                    "not destructive before",
                )),
                Some(Label::new(span(&n.destructive, nd), "destructive now")),
            );
        }
    }

    /// A tool still published read-only whose handler writes where it did not before.
    fn writes(&self, prev: &Contract, c: &Contract, out: &mut Vec<Change>) {
        let read_only = |c: &Contract| {
            decl(c)
                .annotations
                .read_only
                .as_ref()
                .is_some_and(|b| b.value)
        };
        fn write(c: &Contract) -> Option<&crate::contract::Step> {
            c.rust.as_ref().and_then(|r| {
                r.behaviour
                    .steps
                    .iter()
                    .find(|s| matches!(s.kind, StepKind::Write { .. }))
            })
        }
        // The old handler must be known, and known not to write.
        let known_old = prev.rust.as_ref().is_some_and(|r| r.handler.is_some());
        if !(read_only(prev) && read_only(c) && known_old && write(prev).is_none()) {
            return;
        }
        if let Some(step) = write(c) {
            let what = match &step.kind {
                StepKind::Write { what, .. } => what.as_str(),
                _ => "",
            };
            let old_span =
                prev.rust
                    .as_ref()
                    .and_then(|r| r.handler)
                    .map_or(decl(prev).name_span, |f| {
                        self.base
                            .rust
                            .fns
                            .get(f)
                            .map_or(decl(prev).name_span, |f| f.span)
                    });
            self.push(
                out,
                READ_ONLY_DROPPED,
                None,
                format!("read-only tool `{}` now writes ({what})", self.tool),
                Some(Label::new(old_span, "the handler wrote nothing before")),
                Some(Label::new(step.span, "writes now")),
            );
        }
    }

    /// What a node accepts, compared: `path` is the property's path (`""` for the input).
    fn node(
        &self,
        path: &str,
        o: &NodeFacts,
        n: &NodeFacts,
        os: Span,
        ns: Span,
        out: &mut Vec<Change>,
    ) {
        let prop = (!path.is_empty()).then_some(path);
        let what = if path.is_empty() {
            "the input".to_string()
        } else {
            format!("`{path}`")
        };
        self.types(&what, prop, o, n, out);
        self.values(&what, prop, o, n, os, ns, out);
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
            let shown = |b: &crate::contract::Bound| {
                format!(
                    "{}{}",
                    b.display(),
                    if b.exclusive { " (exclusive)" } else { "" }
                )
            };
            let narrower = match (ob, nb) {
                (None, Some(_)) => Some(true),
                (Some(_), None) => Some(false),
                (Some(a), Some(b)) => tighter(a, b, lower),
                (None, None) => None,
            };
            let Some(narrower) = narrower else { continue };
            let (old_text, new_text) = (
                ob.as_ref().map_or("none".to_string(), shown),
                nb.as_ref().map_or("none".to_string(), shown),
            );
            let (code, verb) = if narrower {
                (BOUND_NARROWED, "narrowed")
            } else {
                (WIDENED, "widened")
            };
            self.push(
                out,
                code,
                prop,
                format!(
                    "{what} of tool `{}`: `{name}` {verb} from {old_text} to {new_text}",
                    self.tool
                ),
                Some(Label::new(
                    ob.as_ref().map_or(os, |b| b.span),
                    format!("{name} {old_text}"),
                )),
                Some(Label::new(
                    nb.as_ref().map_or(ns, |b| b.span),
                    format!("{name} {new_text}"),
                )),
            );
        }
        match (&o.default, &n.default) {
            (Some(a), Some(b)) if a.value != b.value => self.push(
                out,
                DEFAULT_CHANGED,
                prop,
                format!(
                    "{what} of tool `{}`: the default changed from {} to {}",
                    self.tool, a.value, b.value
                ),
                Some(Label::new(a.span, "the old default")),
                Some(Label::new(b.span, "the new default")),
            ),
            _ => {}
        }
        if let (Some(oo), Some(no)) = (&o.object, &n.object) {
            self.object(path, oo, no, out);
        }
        if let (Some(oi), Some(ni)) = (&o.items, &n.items) {
            let p = if path.is_empty() {
                "[]".to_string()
            } else {
                format!("{path}[]")
            };
            self.node(
                &p,
                oi,
                ni,
                oi.span.unwrap_or(os),
                ni.span.unwrap_or(ns),
                out,
            );
        }
    }

    fn types(
        &self,
        what: &str,
        prop: Option<&str>,
        o: &NodeFacts,
        n: &NodeFacts,
        out: &mut Vec<Change>,
    ) {
        let accepts = |f: &NodeFacts, t: JsonType| {
            (t == JsonType::Null && f.nullable)
                || f.has_type(t)
                || (t == JsonType::Integer && f.has_type(JsonType::Number))
        };
        let (Some(ot), Some(nt)) = (&o.types, &n.types) else {
            return;
        };
        let differ = |a: &NodeFacts, types: &[JsonType], b: &NodeFacts| {
            let mut v: Vec<&str> = types
                .iter()
                .chain(a.nullable.then_some(&JsonType::Null))
                .filter(|t| !accepts(b, **t))
                .map(|t| t.as_str())
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let lost = differ(o, &ot.value, n);
        let gained = differ(n, &nt.value, o);
        let label = |f: &NodeFacts, s: Span| {
            let ts: Vec<&str> = f.non_null_types().iter().map(|t| t.as_str()).collect();
            let null = if f.nullable { " or null" } else { "" };
            Label::new(s, format!("{}{null}", ts.join(" or ")))
        };
        let (o_at, n_at) = (ot.span, nt.span);
        if !lost.is_empty() {
            self.push(
                out,
                TYPE_NARROWED,
                prop,
                format!(
                    "{what} of tool `{}` no longer accepts {}",
                    self.tool,
                    lost.join(" or ")
                ),
                Some(label(o, o_at)),
                Some(label(n, n_at)),
            );
        }
        if !gained.is_empty() {
            self.push(
                out,
                WIDENED,
                prop,
                format!(
                    "{what} of tool `{}` now also accepts {}",
                    self.tool,
                    gained.join(" or ")
                ),
                Some(label(o, o_at)),
                Some(label(n, n_at)),
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn values(
        &self,
        what: &str,
        prop: Option<&str>,
        o: &NodeFacts,
        n: &NodeFacts,
        os: Span,
        ns: Span,
        out: &mut Vec<Change>,
    ) {
        let allowed = |f: &NodeFacts| -> Option<(Vec<Value>, Span)> {
            if let Some(c) = &f.const_value {
                return Some((vec![c.value.clone()], c.span));
            }
            f.enum_values.as_ref().map(|e| (e.value.clone(), e.span))
        };
        let (ov, nv) = (allowed(o), allowed(n));
        let list = |vs: &[&Value]| {
            vs.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (ov, nv) {
            (Some((a, a_at)), Some((b, b_at))) => {
                let removed: Vec<&Value> = a.iter().filter(|v| !b.contains(v)).collect();
                let added: Vec<&Value> = b.iter().filter(|v| !a.contains(v)).collect();
                if !removed.is_empty() {
                    self.push(
                        out,
                        VALUES_NARROWED,
                        prop,
                        format!(
                            "{what} of tool `{}` no longer accepts {}",
                            self.tool,
                            list(&removed)
                        ),
                        Some(Label::new(a_at, "allowed before")),
                        Some(Label::new(b_at, "allowed now")),
                    );
                }
                if !added.is_empty() {
                    self.push(
                        out,
                        VALUE_ADDED,
                        prop,
                        format!(
                            "{what} of tool `{}` now also accepts {}",
                            self.tool,
                            list(&added)
                        ),
                        Some(Label::new(a_at, "allowed before")),
                        Some(Label::new(b_at, "allowed now")),
                    );
                }
            }
            (None, Some((b, b_at))) => {
                let b: Vec<&Value> = b.iter().collect();
                self.push(
                    out,
                    VALUES_NARROWED,
                    prop,
                    format!(
                        "{what} of tool `{}` now accepts only {}",
                        self.tool,
                        list(&b)
                    ),
                    Some(Label::new(os, "any value before")),
                    Some(Label::new(b_at, "allowed now")),
                );
            }
            (Some((_, a_at)), None) => self.push(
                out,
                WIDENED,
                prop,
                format!(
                    "{what} of tool `{}` is no longer limited to a list of values",
                    self.tool
                ),
                Some(Label::new(a_at, "allowed before")),
                Some(Label::new(ns, "any value now")),
            ),
            (None, None) => {}
        }
    }

    fn object(&self, path: &str, o: &ObjectFacts, n: &ObjectFacts, out: &mut Vec<Change>) {
        let child = |name: &str| {
            if path.is_empty() {
                name.to_string()
            } else {
                format!("{path}.{name}")
            }
        };
        // A property published under a new name whose old name the code still accepts (a
        // serde alias of the input's field): calls that send the old name still work.
        let kept: Vec<(&str, &str)> = match path.is_empty() {
            true => self
                .aliases
                .iter()
                .copied()
                .filter(|(old, new)| {
                    o.property(old).is_some()
                        && n.property(old).is_none()
                        && n.property(new).is_some()
                        && o.property(new).is_none()
                })
                .collect(),
            false => Vec::new(),
        };
        for (old, new) in &kept {
            let (Some(was), Some(now)) = (o.property(old), n.property(new)) else {
                continue;
            };
            self.push(
                out,
                WIDENED,
                Some(new),
                format!(
                    "property `{old}` of tool `{}` is published as `{new}`; the code still accepts `{old}` (a serde alias)",
                    self.tool
                ),
                Some(Label::new(was.name_span, "the old name")),
                Some(Label::new(now.name_span, "the new name")),
            );
        }
        let removed: Vec<_> = o
            .properties
            .iter()
            .filter(|p| n.property(&p.name).is_none() && !kept.iter().any(|k| k.0 == p.name))
            .collect();
        let added: Vec<_> = n
            .properties
            .iter()
            .filter(|p| o.property(&p.name).is_none() && !kept.iter().any(|k| k.1 == p.name))
            .collect();
        // A property gone and one new with the same schema: one rename, when it is the only
        // such pair.
        let mut renamed = Vec::new();
        for r in &removed {
            let same: Vec<_> = added
                .iter()
                .filter(|a| same_node(&a.schema, &r.schema))
                .collect();
            if let [a] = same.as_slice()
                && removed
                    .iter()
                    .filter(|r2| same_node(&a.schema, &r2.schema))
                    .count()
                    == 1
            {
                renamed.push((r.name.as_str(), a.name.as_str()));
                self.push(
                    out,
                    PROPERTY_REMOVED,
                    Some(&child(&r.name)),
                    format!(
                        "property `{}` of tool `{}` is renamed to `{}`: calls that send `{}` no longer reach it",
                        child(&r.name),
                        self.tool,
                        a.name,
                        r.name
                    ),
                    Some(Label::new(r.name_span, "the old name")),
                    Some(Label::new(a.name_span, "the new name")),
                );
            }
        }
        for r in &removed {
            if renamed.iter().any(|(from, _)| *from == r.name) {
                continue;
            }
            self.push(
                out,
                PROPERTY_REMOVED,
                Some(&child(&r.name)),
                format!(
                    "property `{}` of tool `{}` is removed",
                    child(&r.name),
                    self.tool
                ),
                Some(Label::new(r.name_span, "declared here before")),
                Some(Label::new(n.span, "no longer declared in this object")),
            );
        }
        for a in &added {
            let renamed_to = renamed.iter().any(|(_, to)| *to == a.name);
            if let Some(req) = a.required {
                self.push(
                    out,
                    NEWLY_REQUIRED,
                    Some(&child(&a.name)),
                    format!(
                        "property `{}` of tool `{}` is {} and required: calls that omit it are rejected",
                        child(&a.name),
                        self.tool,
                        if renamed_to { "renamed" } else { "new" }
                    ),
                    Some(Label::new(o.span, "not declared before")),
                    Some(Label::new(req, "required now")),
                );
            } else if !renamed_to {
                self.push(
                    out,
                    OPTIONAL_ADDED,
                    Some(&child(&a.name)),
                    format!(
                        "tool `{}` accepts a new optional property `{}`",
                        self.tool,
                        child(&a.name)
                    ),
                    None,
                    Some(Label::new(a.name_span, "declared here")),
                );
            }
        }
        for p in &n.properties {
            let Some(before) = o.property(&p.name) else {
                continue;
            };
            let name = child(&p.name);
            match (before.required, p.required) {
                (None, Some(req)) => self.push(
                    out,
                    NEWLY_REQUIRED,
                    Some(&name),
                    format!(
                        "property `{name}` of tool `{}` is now required: calls that omit it are rejected",
                        self.tool
                    ),
                    Some(Label::new(before.name_span, "optional before")),
                    Some(Label::new(req, "required now")),
                ),
                (Some(req), None) => self.push(
                    out,
                    WIDENED,
                    Some(&name),
                    format!("property `{name}` of tool `{}` is now optional", self.tool),
                    Some(Label::new(req, "required before")),
                    Some(Label::new(p.name_span, "optional now")),
                ),
                _ => {}
            }
            let at = |x: &crate::contract::PropertyFacts| x.schema.span.unwrap_or(x.name_span);
            self.node(&name, &before.schema, &p.schema, at(before), at(p), out);
        }
        let shown = if path.is_empty() {
            "the input object".to_string()
        } else {
            format!("object `{path}`")
        };
        match (&o.unknown_fields, &n.unknown_fields) {
            (UnknownFields::Accepted, UnknownFields::Rejected(s)) => self.push(
                out,
                OBJECT_CLOSED,
                (!path.is_empty()).then_some(path),
                format!(
                    "{shown} of tool `{}` now rejects properties it does not declare",
                    self.tool
                ),
                Some(Label::new(o.span, "accepted unknown properties before")),
                Some(Label::new(*s, "rejects them now")),
            ),
            (UnknownFields::Rejected(s), UnknownFields::Accepted) => self.push(
                out,
                WIDENED,
                (!path.is_empty()).then_some(path),
                format!(
                    "{shown} of tool `{}` now accepts properties it does not declare",
                    self.tool
                ),
                Some(Label::new(*s, "rejected unknown properties before")),
                Some(Label::new(n.span, "accepts them now")),
            ),
            _ => {}
        }
    }

    /// The tool's prose: what it claims (ranges, requiredness, defaults, side effects, units)
    /// compared as claims; a text that changed and claims nothing new is rewording.
    fn description(&self, prev: &Contract, c: &Contract, out: &mut Vec<Change>) {
        let (Some(ot), Some(nt)) = (prev.description(), c.description()) else {
            return;
        };
        if ot.value == nt.value {
            return;
        }
        let claims = |c: &Contract| -> Vec<(Subject, ClaimKind, String)> {
            let mut v: Vec<(Subject, ClaimKind, String)> = c
                .claimed()
                .flat_map(|(_, cs)| cs.iter())
                .filter_map(|cl| {
                    claim_text(&cl.subject, &cl.kind)
                        .map(|t| (cl.subject.clone(), cl.kind.clone(), t))
                })
                .collect();
            v.dedup();
            v
        };
        let (oc, nc) = (claims(prev), claims(c));
        let gone: Vec<_> = oc.iter().filter(|x| !nc.contains(x)).collect();
        let new: Vec<_> = nc.iter().filter(|x| !oc.contains(x)).collect();
        if gone.is_empty() && new.is_empty() {
            self.push(
                out,
                REWORDED,
                None,
                format!(
                    "the description of tool `{}` is reworded; what it claims is unchanged",
                    self.tool
                ),
                Some(Label::new(ot.span, "before")),
                Some(Label::new(nt.span, "now")),
            );
            return;
        }
        let said = |xs: &[&(Subject, ClaimKind, String)]| {
            xs.iter()
                .map(|(_, _, t)| t.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        };
        let mut parts = Vec::new();
        if !gone.is_empty() {
            parts.push(format!("no longer says {}", said(&gone)));
        }
        if !new.is_empty() {
            parts.push(format!("now says {}", said(&new)));
        }
        self.push(
            out,
            CLAIMS_CHANGED,
            None,
            format!(
                "the description of tool `{}`, which the model routes on, {}",
                self.tool,
                parts.join(", and ")
            ),
            Some(Label::new(ot.span, "before")),
            Some(Label::new(nt.span, "now")),
        );
    }
}

/// A claim in a few words, for a message; `None` for what is no claim about the contract
/// (the numbers a text states, how it words a limit, a unit in a property's name).
fn claim_text(s: &Subject, k: &ClaimKind) -> Option<String> {
    let about = match s {
        Subject::Tool => String::new(),
        Subject::Property { name, .. } => format!(" of `{name}`"),
    };
    let what = match k {
        ClaimKind::Range { min, max, unit } => {
            let b = |b: &Option<crate::contract::ClaimBound>| {
                b.map_or("…".to_string(), |b| {
                    crate::contract::format_number(b.value)
                })
            };
            let unit = unit.map_or(String::new(), |u| format!(" {}", unit_name(u)));
            format!("a range {}–{}{unit}", b(min), b(max))
        }
        ClaimKind::Required => "required".into(),
        ClaimKind::Optional => "optional".into(),
        ClaimKind::Default(v) => format!("a default {v}"),
        ClaimKind::ReadOnly => "read-only".into(),
        ClaimKind::Writes(v) | ClaimKind::Destroys(v) => format!("it {v}"),
        ClaimKind::Type(t) => format!("type {}", t.as_str()),
        ClaimKind::Values(vs) => format!("one of {}", vs.join(", ")),
        ClaimKind::Unit(u) => format!("unit {}", unit_name(*u)),
        ClaimKind::NameUnit(_)
        | ClaimKind::Parameter(_)
        | ClaimKind::LimitWording { .. }
        | ClaimKind::NameLimit
        | ClaimKind::CapWording { .. }
        | ClaimKind::Numbers(_) => return None,
    };
    Some(format!("{what}{about}"))
}

fn unit_name(u: crate::contract::Unit) -> String {
    format!("{u:?}").to_lowercase()
}

/// Whether bound `b` admits less than bound `a`: `None` when they are the same.
fn tighter(a: &crate::contract::Bound, b: &crate::contract::Bound, lower: bool) -> Option<bool> {
    if a.value == b.value {
        return (a.exclusive != b.exclusive).then_some(b.exclusive);
    }
    Some((b.value > a.value) == lower)
}

/// The same schema, whatever its spans and descriptions.
fn same_node(a: &NodeFacts, b: &NodeFacts) -> bool {
    let bound =
        |x: &Option<crate::contract::Bound>, y: &Option<crate::contract::Bound>| match (x, y) {
            (Some(x), Some(y)) => x.value == y.value && x.exclusive == y.exclusive,
            (None, None) => true,
            _ => false,
        };
    let val = |x: Option<&Value>, y: Option<&Value>| x == y;
    a.types.as_ref().map(|t| &t.value) == b.types.as_ref().map(|t| &t.value)
        && a.nullable == b.nullable
        && bound(&a.bounds().minimum, &b.bounds().minimum)
        && bound(&a.bounds().maximum, &b.bounds().maximum)
        && bound(&a.bounds().min_length, &b.bounds().min_length)
        && bound(&a.bounds().max_length, &b.bounds().max_length)
        && bound(&a.bounds().min_items, &b.bounds().min_items)
        && bound(&a.bounds().max_items, &b.bounds().max_items)
        && a.enum_values.as_ref().map(|e| &e.value) == b.enum_values.as_ref().map(|e| &e.value)
        && val(
            a.const_value.as_ref().map(|c| &c.value),
            b.const_value.as_ref().map(|c| &c.value),
        )
        && val(
            a.default.as_ref().map(|c| &c.value),
            b.default.as_ref().map(|c| &c.value),
        )
        && a.format.as_ref().map(|f| &f.value) == b.format.as_ref().map(|f| &f.value)
        && a.pattern.as_ref().map(|f| &f.value) == b.pattern.as_ref().map(|f| &f.value)
        && match (&a.object, &b.object) {
            (Some(x), Some(y)) => {
                x.properties.len() == y.properties.len()
                    && x.properties.iter().all(|p| {
                        y.property(&p.name).is_some_and(|q| {
                            p.required.is_some() == q.required.is_some()
                                && same_node(&p.schema, &q.schema)
                        })
                    })
                    && std::mem::discriminant(&x.unknown_fields)
                        == std::mem::discriminant(&y.unknown_fields)
            }
            (None, None) => true,
            _ => false,
        }
        && match (&a.items, &b.items) {
            (Some(x), Some(y)) => same_node(x, y),
            (None, None) => true,
            _ => false,
        }
}
