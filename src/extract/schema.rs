//! JSON Schema → [`SchemaFacts`]: types, bounds, requiredness, unknown-field policy, each
//! with its span; local and in-project `$ref`s followed, everything else reported.

use super::json_tree::{JsonKind, JsonNode};
use super::pattern;
use crate::contract::{
    Bound, Bounds, Dialect, Holds, JsonType, NodeFacts, ObjectFacts, OutputInvalid, PropertyFacts,
    SchemaFacts, SchemaNode, SchemaProblem, UnknownFields, Written,
};
use crate::source::normalize;
use crate::source::{FileId, SourceMap, Span, Spanned};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The parsed JSON documents of the run, for `$ref`s into other files.
pub struct JsonDocs<'a> {
    pub root: &'a Path,
    pub by_path: HashMap<PathBuf, (FileId, &'a JsonNode)>,
    pub paths: &'a HashMap<FileId, PathBuf>,
    /// The root `$id` of each linted JSON file that has one → its (normalised) path: a
    /// `$ref` naming another file of the project by its identifier is read there, never
    /// fetched.
    pub by_id: HashMap<String, PathBuf>,
    /// Keep each schema as written ([`SchemaFacts::value`]) once the metaschema has
    /// validated it: only `cases` and `report` read it again, and a large manifest's copies
    /// were alive together at the peak when `check` dropped them after extraction.
    pub keep_written: bool,
}

/// Lowers a schema document into facts.
pub fn read_schema<'d>(
    docs: &JsonDocs<'d>,
    file: FileId,
    doc: &'d JsonNode,
    schema: &'d JsonNode,
) -> SchemaFacts {
    let declared = schema
        .get("$schema")
        .and_then(|n| n.as_str().map(|s| Spanned::new(s.to_string(), n.span)));
    let dialect = declared
        .as_ref()
        .and_then(|d| Dialect::from_uri(&d.value))
        .unwrap_or(Dialect::Draft2020_12);
    let mut reader = Reader {
        docs,
        dialect,
        active: Vec::new(),
        problems: Vec::new(),
        visits: 0,
        over_budget: false,
        too_deep: false,
        anchors: HashMap::new(),
        ids: HashMap::new(),
        expanded: HashMap::new(),
        lowest_hit: usize::MAX,
        deepest: 0,
        regions: Vec::new(),
    };
    let mut root = reader.node(file, doc, schema);
    // The schema `true` accepts any input: an object with any properties at all.
    if schema.as_bool() == Some(true) {
        root.object = Some(Arc::new(ObjectFacts {
            span: schema.span,
            properties: Vec::new(),
            required: Vec::new(),
            unknown_fields: UnknownFields::Accepted,
        }));
    }
    let value = schema.to_value();
    let mut problems = reader.problems;
    problems.extend(metaschema_problems(schema, &value, declared.as_ref()));
    SchemaFacts {
        span: schema.span,
        dialect,
        declared_dialect: declared,
        draft_keyword: draft_keyword(schema),
        root,
        written: match (
            docs.keep_written,
            docs.paths.contains_key(&schema.span.file),
        ) {
            // Only the files being read are JSON text; a page's or the Rust side's schema
            // is a literal of another syntax, kept as a value: a page declares few, and
            // L005 compares two pages' schemas by it.
            (true, true) => Written::InSource,
            (false, true) => Written::Dropped,
            (_, false) => Written::Value(Box::new(value)),
        },
        problems,
    }
}

/// The schema as written (`$ref`s unresolved); `null` when it was not kept.
pub fn written<'s>(schema: &'s SchemaFacts, sources: &SourceMap) -> Cow<'s, serde_json::Value> {
    match &schema.written {
        Written::Value(v) => Cow::Borrowed(v),
        Written::Dropped => Cow::Owned(serde_json::Value::Null),
        Written::InSource => {
            let text = &sources.get(schema.span.file).text;
            let value = text
                .get(schema.span.start()..schema.span.end())
                .and_then(|t| crate::extract::json_tree::parse(schema.span.file, t).ok())
                .map_or(serde_json::Value::Null, |n| n.to_value());
            Cow::Owned(value)
        }
    }
}

/// Annotations beside a `$ref`: ignored before 2019-09, applied since, but no assertion.
const ANNOTATIONS: &[&str] = &[
    "$ref",
    "$schema",
    "$id",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// The first keyword (depth first) that reads differently in draft-04..07 and 2019-09+.
fn draft_keyword(n: &JsonNode) -> Option<Spanned<String>> {
    if let Some(elements) = n.elements() {
        return elements.iter().find_map(draft_keyword);
    }
    let members = n.members()?;
    let has_ref = members.iter().any(|m| m.key == "$ref");
    for m in members {
        let what = match m.key.as_str() {
            "exclusiveMinimum" | "exclusiveMaximum" if m.value.as_bool().is_some() => {
                format!("`{}` as a flag", m.key)
            }
            "items" if m.value.elements().is_some() => "an array of `items`".to_string(),
            "definitions" | "dependencies" | "additionalItems" | "$recursiveRef" => {
                format!("`{}`", m.key)
            }
            key if has_ref && !ANNOTATIONS.contains(&key) => format!("`{key}` beside a `$ref`"),
            _ => continue,
        };
        return Some(Spanned::new(what, m.key_span));
    }
    members
        .iter()
        // Inside `properties`, `$defs` and the like the keys are names, not keywords.
        .filter(|m| !matches!(m.key.as_str(), "enum" | "const" | "default" | "examples"))
        .find_map(|m| match m.value.members() {
            Some(_) if matches!(m.key.as_str(), "properties" | "patternProperties" | "$defs") => m
                .value
                .members()?
                .iter()
                .find_map(|p| draft_keyword(&p.value)),
            _ => draft_keyword(&m.value),
        })
}

/// Validate against the declared (or default 2020-12) metaschema; locate each error.
fn metaschema_problems(
    schema: &JsonNode,
    value: &serde_json::Value,
    declared: Option<&Spanned<String>>,
) -> Vec<SchemaProblem> {
    if let Some(d) = declared
        && Dialect::from_uri(&d.value).is_none()
    {
        return vec![SchemaProblem::Invalid {
            message: format!(
                "unknown dialect `{}`: the schema cannot be checked",
                d.value
            ),
            span: d.span,
        }];
    }
    let validator = match jsonschema::meta::validator_for(value) {
        Ok(v) => v,
        Err(e) => {
            return vec![SchemaProblem::Invalid {
                message: e.to_string(),
                span: schema.span,
            }];
        }
    };
    // Such a number is `null` in `value`; the metaschema's complaint about that `null`
    // would misquote the file, so the number itself is reported instead.
    let huge = schema.unrepresentable_numbers();
    let mut problems: Vec<SchemaProblem> = huge
        .iter()
        .map(|(path, n)| SchemaProblem::Invalid {
            message: format!(
                "`{path}`: `{}` is beyond the range of a 64-bit float, so validators read it \
                 as infinity, reject it or keep it exactly",
                schema_text(n)
            ),
            span: n.span,
        })
        .collect();
    problems.extend(
        validator
            .iter_errors(value)
            .filter(|e| !huge.iter().any(|(p, _)| p == e.instance_path().as_str()))
            .map(|e| {
                let path = e.instance_path().as_str().to_string();
                let span = schema.pointer(&path).map_or(schema.span, |n| n.span);
                let at = if path.is_empty() {
                    "the schema root".into()
                } else {
                    format!("`{path}`")
                };
                SchemaProblem::Invalid {
                    message: format!("{at}: {e}"),
                    span,
                }
            }),
    );
    problems.dedup();
    problems
}

/// Where an `outputSchema` fails its metaschema (the problems [`read_schema`] found, as S002
/// reports an input schema's), and in which dialects each failure holds: a declared
/// `$schema` is the dialect; without one, MCP 2025-11-25 on reads 2020-12, while 2025-06-18
/// names no default, so each failure is checked against every other bundled draft too. An
/// unknown `$schema` is no failure found: that schema cannot be checked.
pub fn output_invalid(schema: &JsonNode, facts: &SchemaFacts) -> Vec<OutputInvalid> {
    let invalid = facts.problems.iter().filter_map(|p| match p {
        SchemaProblem::Invalid { message, span } => Some((message, *span)),
        _ => None,
    });
    if let Some(d) = &facts.declared_dialect {
        if Dialect::from_uri(&d.value).is_none() {
            return Vec::new();
        }
        return invalid
            .map(|(message, span)| OutputInvalid {
                message: message.clone(),
                span,
                holds: Holds::Declared,
            })
            .collect();
    }
    let found: Vec<_> = invalid.collect();
    if found.is_empty() {
        return Vec::new();
    }
    let value = schema.to_value();
    // Where each earlier draft's metaschema fails the schema, as spans: a failure holds in
    // that draft when it fails there at the same node or inside it.
    let earlier: Vec<Vec<Span>> = [
        jsonschema::draft4::meta::validator(),
        jsonschema::draft6::meta::validator(),
        jsonschema::draft7::meta::validator(),
        jsonschema::draft201909::meta::validator(),
    ]
    .iter()
    .map(|v| {
        v.iter_errors(&value)
            .filter_map(|e| schema.pointer(e.instance_path().as_str()).map(|n| n.span))
            .collect()
    })
    .collect();
    found
        .into_iter()
        .map(|(message, span)| {
            let inside = |s: &Span| {
                s.file == span.file && span.start() <= s.start() && s.end() <= span.end()
            };
            let every = earlier.iter().all(|spans| spans.iter().any(inside));
            OutputInvalid {
                message: message.clone(),
                span,
                holds: if every {
                    Holds::EveryDialect
                } else {
                    Holds::Default
                },
            }
        })
        .collect()
}

struct Reader<'a, 'd> {
    docs: &'a JsonDocs<'d>,
    dialect: Dialect,
    /// Nodes being read, by (file, offset), and whether each was reached through a `$ref`.
    active: Vec<((FileId, usize), bool)>,
    problems: Vec<SchemaProblem>,
    /// Nodes read so far, counting a shared `$ref` target at each use as if read again:
    /// `$ref`s can make a small file expand exponentially, and the rules walk the expansion,
    /// so reading through references stops at [`MAX_VISITS`].
    visits: usize,
    /// Whether the stop at [`MAX_VISITS`] has been reported (once per schema).
    over_budget: bool,
    /// Whether the stop at [`MAX_NESTING`] has been reported (once per schema).
    too_deep: bool,
    /// `$anchor` name → node, indexed once per document.
    anchors: HashMap<FileId, HashMap<&'d str, &'d JsonNode>>,
    /// Each document's base URI (its root `$id`) and its `$id`s resolved against their
    /// enclosing resource's base → node, indexed once per document.
    ids: HashMap<FileId, (String, HashMap<String, &'d JsonNode>)>,
    /// `$ref` targets already read, by (file, offset) and, when reading stopped at
    /// [`MAX_NESTING`], the nesting it was read at: later uses share their facts.
    expanded: HashMap<(FileId, usize, Option<usize>), Expanded>,
    /// While reading a node: the lowest index in `active` where reading stopped at recursion.
    /// Below the node's own index, the facts depend on the path that led to it.
    lowest_hit: usize,
    /// While reading a node: the greatest nesting reached (`active.len()`).
    deepest: usize,
    /// While reading a node: the `$ref` targets read inside it, as byte ranges (repeats
    /// and overlaps are merged when a target's facts are kept).
    regions: Vec<Region>,
}

/// A node's bytes in a file: the nodes read from a `$ref` target all lie in its region.
type Region = (FileId, std::ops::Range<usize>);

/// Regions sorted by file and start, overlapping ones merged: whether a node lies in one is
/// a binary search, where a list of every target read below a definition made each reuse
/// cost the product of that list and the current path (a chain of files referring to each
/// other is a list per file).
struct Regions(Vec<Region>);

impl Regions {
    fn merged(mut all: Vec<Region>) -> Regions {
        all.sort_unstable_by_key(|(f, r)| (*f, r.start, r.end));
        let mut out: Vec<Region> = Vec::with_capacity(all.len());
        for (f, r) in all {
            match out.last_mut() {
                Some((lf, last)) if *lf == f && r.start <= last.end => {
                    last.end = last.end.max(r.end);
                }
                _ => out.push((f, r)),
            }
        }
        Regions(out)
    }

    fn contains(&self, file: FileId, at: usize) -> bool {
        let i = self.0.partition_point(|(f, r)| (*f, r.end) <= (file, at));
        self.0
            .get(i)
            .is_some_and(|(f, r)| *f == file && r.start <= at)
    }
}

/// A `$ref` target as read once, and what reading it again would add.
struct Expanded {
    node: SchemaNode,
    /// Visits towards [`MAX_VISITS`].
    visits: usize,
    /// Nesting below the target, against [`MAX_NESTING`].
    height: usize,
    problems: Vec<SchemaProblem>,
    /// Where the nodes read lie: none of them may be on the current path for the facts to be
    /// the same (reading would stop at it).
    regions: Regions,
}

/// Schema nodes read per schema, references expanded, before `$ref`s are no longer followed.
/// Real schemas stay far below it; it bounds the work a hostile file can cause.
pub const MAX_VISITS: usize = 100_000;

/// Schema nesting, `$ref`s expanded, read before reading stops (reported, S007): the reader
/// recurses. Nesting alone cannot reach it (JSON deeper than 256 levels is not parsed), only
/// references can.
pub const MAX_NESTING: usize = 256;

fn bound(node: Option<&JsonNode>, exclusive: bool) -> Option<Bound> {
    let n = node?;
    Some(Bound {
        value: n.as_f64()?,
        exclusive,
        span: n.span,
    })
}

/// The tighter of two lower (or upper) bounds.
fn tighter(a: Option<Bound>, b: Option<Bound>, upper: bool) -> Option<Bound> {
    match (a, b) {
        (Some(a), Some(b)) => {
            let a_wins = if a.value == b.value {
                a.exclusive
            } else if upper {
                a.value < b.value
            } else {
                a.value > b.value
            };
            Some(if a_wins { a } else { b })
        }
        (a, b) => a.or(b),
    }
}

/// A node whose reading stopped: only its location is known.
fn stopped(n: &JsonNode) -> SchemaNode {
    let mut node = SchemaNode::default();
    node.span = Some(n.span);
    node
}

impl<'d> Reader<'_, 'd> {
    fn node(&mut self, file: FileId, doc: &'d JsonNode, n: &'d JsonNode) -> SchemaNode {
        self.enter(file, doc, n, None)
    }

    /// Read a node; `via_ref` is the `$ref` that led here, if any. Re-entering a node that is
    /// being read is recursion (legal, reading stops there) unless every step since was a
    /// bare `$ref`: then the references only point at each other, and that is reported.
    fn enter(
        &mut self,
        file: FileId,
        doc: &'d JsonNode,
        n: &'d JsonNode,
        via_ref: Option<(&str, Span)>,
    ) -> SchemaNode {
        let key = (file, n.span.start());
        if let Some(i) = self.active.iter().position(|(k, _)| *k == key) {
            self.lowest_hit = self.lowest_hit.min(i);
            if let Some((reference, span)) = via_ref
                && self.active[i + 1..].iter().all(|(_, r)| *r)
            {
                self.problems.push(SchemaProblem::UnresolvedRef {
                    reference: reference.to_string(),
                    reason: "the references form a cycle and never reach a schema".into(),
                    span,
                });
            }
            return stopped(n);
        }
        let depth = self.active.len();
        if via_ref.is_some()
            && let Some(node) = self.shared(key, depth)
        {
            return node;
        }
        self.deepest = self.deepest.max(depth);
        self.visits += 1;
        if depth > MAX_NESTING {
            if !std::mem::replace(&mut self.too_deep, true) {
                self.problems.push(SchemaProblem::TooDeep {
                    span: via_ref.map_or(n.span, |(_, span)| span),
                    limit: MAX_NESTING,
                });
            }
            return stopped(n);
        }
        if via_ref.is_some() && self.visits > MAX_VISITS {
            if let Some((reference, span)) = via_ref
                && !std::mem::replace(&mut self.over_budget, true)
            {
                self.problems.push(SchemaProblem::UnresolvedRef {
                    reference: reference.to_string(),
                    reason: format!(
                        "expanding the references reads more than {MAX_VISITS} schema nodes; \
                         reading stops here"
                    ),
                    span,
                });
            }
            return stopped(n);
        }
        if via_ref.is_none() {
            self.active.push((key, false));
            let out = self.node_inner(file, doc, n);
            self.active.pop();
            return out;
        }
        // A `$ref` target: read it with fresh trackers, to learn whether its facts are the
        // same wherever it is used.
        let (visits, problems) = (self.visits - 1, self.problems.len());
        let outer_hit = std::mem::replace(&mut self.lowest_hit, usize::MAX);
        let outer_deepest = std::mem::replace(&mut self.deepest, depth);
        let outer_regions = std::mem::take(&mut self.regions);
        self.active.push((key, true));
        let out = self.node_inner(file, doc, n);
        self.active.pop();
        let (hit, deepest) = (self.lowest_hit, self.deepest);
        self.lowest_hit = outer_hit.min(hit);
        self.deepest = outer_deepest.max(deepest);
        let mut inner = std::mem::replace(&mut self.regions, outer_regions);
        inner.push((file, n.span.start()..n.span.end()));
        let inner = Regions::merged(inner);
        self.regions.extend(inner.0.iter().cloned());
        // Reading stopped at a node outside it or at the budget: these facts belong to this
        // path only. Stopped at the nesting cap, they are the same wherever the target is
        // read at this nesting (a chain of references read twice at each step, issue 23).
        if hit >= depth && self.visits <= MAX_VISITS {
            let at = (deepest > MAX_NESTING).then_some(depth);
            self.expanded.insert(
                (key.0, key.1, at),
                Expanded {
                    node: out.clone(),
                    visits: self.visits - visits,
                    height: deepest - depth,
                    problems: self.problems[problems..].to_vec(),
                    regions: inner,
                },
            );
        }
        out
    }

    /// The facts already read for the `$ref` target at `key`, when reading it again here
    /// would give the same: within the budget and the nesting cap, and none of its nodes
    /// on the current path. Counts and reports as reading it again would.
    fn shared(&mut self, key: (FileId, usize), depth: usize) -> Option<SchemaNode> {
        let e = match self.expanded.get(&(key.0, key.1, None)) {
            Some(e) if depth + e.height <= MAX_NESTING => e,
            _ => self.expanded.get(&(key.0, key.1, Some(depth)))?,
        };
        let on_path = self
            .active
            .iter()
            .any(|((f, at), _)| e.regions.contains(*f, *at));
        if on_path || self.visits + e.visits > MAX_VISITS {
            return None;
        }
        self.visits += e.visits;
        self.deepest = self.deepest.max(depth + e.height);
        for p in &e.problems {
            // Reported once per schema: reading again would not report it again.
            if matches!(p, SchemaProblem::TooDeep { .. })
                && std::mem::replace(&mut self.too_deep, true)
            {
                continue;
            }
            self.problems.push(p.clone());
        }
        self.regions.extend(e.regions.0.iter().cloned());
        Some(e.node.clone())
    }

    fn node_inner(&mut self, file: FileId, doc: &'d JsonNode, n: &'d JsonNode) -> SchemaNode {
        if !n.is_object() {
            return stopped(n);
        }
        let base = n.member("$ref").and_then(|r| {
            let reference = r.value.as_str()?;
            let (tf, tdoc, target) = self.resolve(file, doc, reference, r.value.span)?;
            Some(self.enter(tf, tdoc, target, Some((reference, r.value.span))))
        });
        let own = self.own(file, doc, n);
        let mut out = match base {
            // A bare `$ref` shares its target's facts.
            Some(base) if own == NodeFacts::default() => base,
            Some(base) => {
                let mut facts = base.into_facts();
                overlay(&mut facts, own);
                SchemaNode::new(None, facts)
            }
            None if own == NodeFacts::default() => SchemaNode::default(),
            None => SchemaNode::new(None, own),
        };
        out.span = Some(n.span);
        out
    }

    /// Facts from the keywords written on this node itself.
    fn own(&mut self, file: FileId, doc: &'d JsonNode, n: &'d JsonNode) -> NodeFacts {
        let mut s = NodeFacts::default();
        if let Some(t) = n.get("type") {
            let types: Vec<JsonType> = match &t.kind {
                JsonKind::String(x) => JsonType::parse(x).into_iter().collect(),
                JsonKind::Array(items) => items
                    .iter()
                    .filter_map(|i| i.as_str().and_then(JsonType::parse))
                    .collect(),
                _ => Vec::new(),
            };
            s.nullable = types.contains(&JsonType::Null);
            s.types = Some(Spanned::new(types, t.span));
        }
        if n.get("nullable").and_then(JsonNode::as_bool) == Some(true) {
            s.nullable = true;
        }
        // Composition that only adds `null` (schemars' `Option` of a `$ref`) or wraps one schema.
        for key in ["anyOf", "oneOf", "allOf"] {
            let Some(branches) = n.get(key).and_then(JsonNode::elements) else {
                continue;
            };
            let non_null: Vec<&JsonNode> = branches
                .iter()
                .filter(|b| b.get("type").and_then(JsonNode::as_str) != Some("null"))
                .collect();
            if non_null.len() == 1 {
                if non_null.len() < branches.len() {
                    s.nullable = true;
                }
                let inner = self.node(file, doc, non_null[0]).into_facts();
                let nullable = s.nullable;
                overlay(&mut s, inner);
                s.nullable |= nullable;
            } else if key != "allOf" {
                s.alternatives |= non_null.len() > 1;
            } else {
                // Every branch applies: their object properties add up.
                for b in non_null {
                    let inner = self.node(file, doc, b);
                    merge_object(&mut s.object, inner.object.clone());
                }
            }
        }
        let draft4 = self.dialect == Dialect::Draft4;
        let (excl_min, excl_max) = if draft4 {
            let flag = |k: &str| n.get(k).and_then(JsonNode::as_bool).unwrap_or(false);
            (
                bound(n.get("minimum"), flag("exclusiveMinimum")),
                bound(n.get("maximum"), flag("exclusiveMaximum")),
            )
        } else {
            (
                tighter(
                    bound(n.get("minimum"), false),
                    bound(n.get("exclusiveMinimum"), true),
                    false,
                ),
                tighter(
                    bound(n.get("maximum"), false),
                    bound(n.get("exclusiveMaximum"), true),
                    true,
                ),
            )
        };
        s.set_bounds(Bounds {
            minimum: excl_min,
            maximum: excl_max,
            min_length: bound(n.get("minLength"), false),
            max_length: bound(n.get("maxLength"), false),
            min_items: bound(n.get("minItems"), false),
            max_items: bound(n.get("maxItems"), false),
            pattern_lengths: None,
            pattern_prefix: None,
        });
        s.enum_values = n.get("enum").and_then(|e| {
            e.elements()
                .map(|items| Spanned::new(items.iter().map(JsonNode::to_value).collect(), e.span))
                .map(Box::new)
        });
        s.const_value = n
            .get("const")
            .map(|c| Box::new(Spanned::new(c.to_value(), c.span)));
        s.default = n
            .get("default")
            .map(|d| Box::new(Spanned::new(d.to_value(), d.span)));
        s.description = text(n.get("description"));
        s.format = text(n.get("format")).map(Box::new);
        s.pattern = text(n.get("pattern")).map(Box::new);
        if let Some(lengths) = s.pattern.as_ref().and_then(|p| pattern::lengths(&p.value)) {
            s.bounds_mut().pattern_lengths = Some(lengths);
        }
        if let Some(prefix) = s.pattern.as_ref().and_then(|p| pattern::prefix(&p.value)) {
            s.bounds_mut().pattern_prefix = Some(prefix);
        }
        if let Some(items) = n.get("items").filter(|i| i.is_object()) {
            s.items = Some(Box::new(self.node(file, doc, items)));
        }
        let props = n.get("properties");
        if props.is_some() || s.has_type(JsonType::Object) {
            let mut own = Some(Arc::new(self.object(file, doc, n, props)));
            // Properties and `required` entries from `allOf`/`$ref` branches still apply.
            merge_object(&mut own, s.object.take());
            s.object = own;
        }
        s
    }

    fn object(
        &mut self,
        file: FileId,
        doc: &'d JsonNode,
        n: &'d JsonNode,
        props: Option<&'d JsonNode>,
    ) -> ObjectFacts {
        let required: Vec<Spanned<String>> = n
            .get("required")
            .and_then(JsonNode::elements)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(|s| Spanned::new(s.to_string(), i.span)))
                    .collect()
            })
            .unwrap_or_default();
        let properties = props
            .and_then(JsonNode::members)
            .map(|members| {
                members
                    .iter()
                    .map(|m| PropertyFacts {
                        name: m.key.clone(),
                        name_span: m.key_span,
                        required: required.iter().find(|r| r.value == m.key).map(|r| r.span),
                        schema: self.node(file, doc, &m.value),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let closed = ["additionalProperties", "unevaluatedProperties"]
            .iter()
            .filter_map(|k| n.member(k))
            .find(|m| m.value.as_bool() == Some(false))
            .map(|m| m.key_span.start()..m.value.span.end());
        let unknown_fields = match closed {
            Some(r) => UnknownFields::Rejected(Span::new(file, r.start, r.end)),
            None if n
                .get("additionalProperties")
                .is_some_and(JsonNode::is_object) =>
            {
                UnknownFields::Unknown
            }
            None => UnknownFields::Accepted,
        };
        ObjectFacts {
            span: n.span,
            properties,
            required,
            unknown_fields,
        }
    }

    /// Follow a `$ref` to its target node, or record why it cannot be followed.
    fn resolve(
        &mut self,
        file: FileId,
        doc: &'d JsonNode,
        reference: &str,
        span: Span,
    ) -> Option<(FileId, &'d JsonNode, &'d JsonNode)> {
        let (location, fragment) = split_ref(reference);
        // RFC 3986: the fragment is percent-encoded (`#/$defs/caf%C3%A9`); RFC 6901's `~0`
        // and `~1` are undone after, by the pointer itself.
        let fragment = percent_decoded(fragment);
        let fragment = fragment.as_ref();
        let found = if let Some(target) = self.by_id(file, doc, location) {
            self.lookup_in(file, doc, target, fragment)
                .map(|t| (file, doc, t))
                .ok_or_else(|| {
                    format!("the schema with `$id` `{location}` has no location `#{fragment}`")
                })
        } else if let Some(target) = self.by_id_elsewhere(file, doc, location) {
            self.resolve_at(target, location, fragment)
        } else if remote(location) {
            Err("remote references are never fetched".to_string())
        } else if location.is_empty() {
            self.lookup(file, doc, fragment)
                .map(|t| (file, doc, t))
                .ok_or_else(|| "no such location in this document".to_string())
        } else {
            self.resolve_file(file, location, fragment)
        };
        match found {
            Ok(target) => Some(target),
            Err(reason) => {
                self.problems.push(SchemaProblem::UnresolvedRef {
                    reference: reference.to_string(),
                    reason,
                    span,
                });
                None
            }
        }
    }

    /// `other.json#/ptr`, relative to the referring file and inside the project root only.
    fn resolve_file(
        &mut self,
        file: FileId,
        location: &str,
        fragment: &str,
    ) -> Result<(FileId, &'d JsonNode, &'d JsonNode), String> {
        let target = ref_file(self.docs.paths, self.docs.root, file, location)
            .ok_or("it points outside the project root, which is never read")?;
        self.resolve_at(target, location, fragment)
    }

    /// The file another project file's root `$id` names, when `location` (resolved against
    /// this document's base) is one.
    fn by_id_elsewhere(
        &mut self,
        file: FileId,
        doc: &'d JsonNode,
        location: &str,
    ) -> Option<PathBuf> {
        if location.is_empty() || self.docs.by_id.is_empty() {
            return None;
        }
        self.by_id(file, doc, location);
        let base = self.ids.get(&file).map_or("", |(base, _)| base.as_str());
        self.docs.by_id.get(&resolve_uri(base, location)).cloned()
    }

    /// `#fragment` in the parsed document at `target`.
    fn resolve_at(
        &mut self,
        target: PathBuf,
        location: &str,
        fragment: &str,
    ) -> Result<(FileId, &'d JsonNode, &'d JsonNode), String> {
        let Some(&(tf, tdoc)) = self.docs.by_path.get(&target) else {
            // A linted file that did not parse (an E001, or JSON with comments): say so
            // rather than that it is missing.
            let linted = self
                .docs
                .paths
                .values()
                .any(|p| crate::source::normalize(p) == target);
            return Err(match linted {
                true => format!("`{location}` could not be read as strict JSON"),
                false => format!("`{location}` is not a JSON file among the linted files"),
            });
        };
        let node = self
            .lookup(tf, tdoc, fragment)
            .ok_or_else(|| format!("`{location}` has no location `#{fragment}`"))?;
        Ok((tf, tdoc, node))
    }

    /// The node of this document whose `$id` the reference's location names (resolved
    /// against the document's base, as its `$id`s are): a schema embedded under an
    /// identifier is found where it is, never fetched.
    fn by_id(&mut self, file: FileId, doc: &'d JsonNode, location: &str) -> Option<&'d JsonNode> {
        if location.is_empty() {
            return None;
        }
        let (base, index) = self.ids.entry(file).or_insert_with(|| {
            let base = doc.get("$id").and_then(JsonNode::as_str).unwrap_or("");
            let base = without_fragment(base).to_string();
            let mut index = HashMap::new();
            index_ids(doc, &base, &mut index);
            (base, index)
        });
        index.get(&resolve_uri(base, location)).copied()
    }

    /// A JSON pointer, or a plain name naming a `$anchor` somewhere in the document.
    fn lookup(&mut self, file: FileId, doc: &'d JsonNode, fragment: &str) -> Option<&'d JsonNode> {
        self.lookup_in(file, doc, doc, fragment)
    }

    /// [`Self::lookup`] with the pointer taken from `resource` (a node with an `$id`).
    fn lookup_in(
        &mut self,
        file: FileId,
        doc: &'d JsonNode,
        resource: &'d JsonNode,
        fragment: &str,
    ) -> Option<&'d JsonNode> {
        if fragment.is_empty() || fragment.starts_with('/') {
            return resource.pointer(fragment);
        }
        let index = self.anchors.entry(file).or_insert_with(|| {
            let mut index = HashMap::new();
            index_anchors(doc, &mut index);
            index
        });
        index.get(fragment).copied()
    }
}

/// `text` with its `%XX` escapes decoded (RFC 3986), as written when it has none or they
/// do not decode to UTF-8.
fn percent_decoded(text: &str) -> std::borrow::Cow<'_, str> {
    match percent_encoding::percent_decode_str(text).decode_utf8() {
        Ok(decoded) => decoded,
        Err(_) => std::borrow::Cow::Borrowed(text),
    }
}

/// A document's root `$id` without its fragment, when it has one: the key of
/// [`JsonDocs::by_id`].
pub fn root_id(doc: &JsonNode) -> Option<String> {
    let id = without_fragment(doc.get("$id")?.as_str()?);
    (!id.is_empty()).then(|| id.to_string())
}

fn without_fragment(uri: &str) -> &str {
    uri.split_once('#').map_or(uri, |(u, _)| u)
}

/// `reference` resolved against `base` (RFC 3986 section 5.2, without dot segments: enough
/// to match identifiers written in one style): absolute as is, `/path` on the base's
/// authority, else beside the base's last segment.
fn resolve_uri(base: &str, reference: &str) -> String {
    let reference = without_fragment(reference);
    if remote(reference) || base.is_empty() {
        return reference.to_string();
    }
    if let Some(path) = reference.strip_prefix('/') {
        let authority_end = base
            .find("://")
            .and_then(|i| base[i + 3..].find('/').map(|j| i + 3 + j))
            .unwrap_or(base.len());
        return format!("{}/{path}", &base[..authority_end]);
    }
    match base.rfind('/') {
        Some(i) => format!("{}{reference}", &base[..=i]),
        None => reference.to_string(),
    }
}

/// Every `$id` below `n`, resolved against the base of the resource that encloses it; a
/// nested `$id` is the base of what it holds. The first of a repeated identifier wins.
fn index_ids<'d>(n: &'d JsonNode, base: &str, index: &mut HashMap<String, &'d JsonNode>) {
    let mut base = base.to_string();
    if let Some(id) = n.get("$id").and_then(JsonNode::as_str)
        && !without_fragment(id).is_empty()
    {
        base = resolve_uri(&base, id);
        index.entry(base.clone()).or_insert(n);
    }
    match &n.kind {
        JsonKind::Object(ms) => ms.iter().for_each(|m| index_ids(&m.value, &base, index)),
        JsonKind::Array(items) => items.iter().for_each(|i| index_ids(i, &base, index)),
        _ => {}
    }
}

/// A `$ref` as its location (a file, empty for this document) and its fragment.
fn split_ref(reference: &str) -> (&str, &str) {
    reference.split_once('#').unwrap_or((reference, ""))
}

/// A location on the network (`https://..`, `urn:..`), which is never fetched.
fn remote(location: &str) -> bool {
    location.contains("://") || location.starts_with("urn:")
}

/// The file a `$ref` location names, relative to the referring file (or to `root` for a
/// file that is not JSON, like a page script); `None` outside `root`, which is never read.
pub fn ref_file(
    paths: &HashMap<FileId, PathBuf>,
    root: &Path,
    file: FileId,
    location: &str,
) -> Option<PathBuf> {
    let base = paths.get(&file).and_then(|p| p.parent()).unwrap_or(root);
    let location = percent_decoded(location);
    let location = location.as_ref();
    let target = normalize(&base.join(location));
    (!Path::new(location).is_absolute() && target.starts_with(normalize(root))).then_some(target)
}

/// Every file that a `$ref` anywhere in `n` may point into, followed or not: the documents
/// that must stay parsed while other files are read.
pub fn referenced_files(
    paths: &HashMap<FileId, PathBuf>,
    root: &Path,
    file: FileId,
    n: &JsonNode,
    out: &mut HashSet<PathBuf>,
) {
    match &n.kind {
        JsonKind::Object(ms) => {
            for m in ms {
                if m.key == "$ref"
                    && let Some(reference) = m.value.as_str()
                {
                    let location = split_ref(reference).0;
                    if !location.is_empty() && !remote(location) {
                        out.extend(ref_file(paths, root, file, location));
                    }
                }
                referenced_files(paths, root, file, &m.value, out);
            }
        }
        JsonKind::Array(items) => {
            for i in items {
                referenced_files(paths, root, file, i, out);
            }
        }
        _ => {}
    }
}

/// Every `$anchor` in document order; the first of a repeated name wins.
fn index_anchors<'d>(n: &'d JsonNode, index: &mut HashMap<&'d str, &'d JsonNode>) {
    if let Some(name) = n.get("$anchor").and_then(JsonNode::as_str) {
        index.entry(name).or_insert(n);
    }
    // Drafts 6 and 7 name a location with a plain-name `$id`: `"$id": "#item"`.
    if let Some(name) = n
        .get("$id")
        .and_then(JsonNode::as_str)
        .and_then(|id| id.strip_prefix('#'))
        .filter(|name| !name.is_empty() && !name.starts_with('/'))
    {
        index.entry(name).or_insert(n);
    }
    match &n.kind {
        JsonKind::Object(ms) => ms.iter().for_each(|m| index_anchors(&m.value, index)),
        JsonKind::Array(items) => items.iter().for_each(|i| index_anchors(i, index)),
        _ => {}
    }
}

/// A number as written.
fn schema_text(n: &JsonNode) -> &str {
    match &n.kind {
        JsonKind::Number(s) => s,
        _ => "",
    }
}

fn text(n: Option<&JsonNode>) -> Option<Spanned<String>> {
    n.and_then(|n| n.as_str().map(|s| Spanned::new(s.to_string(), n.span)))
}

/// Keywords written beside a `$ref` (or on a wrapper) refine what the target says.
fn overlay(base: &mut NodeFacts, own: NodeFacts) {
    macro_rules! take {
        ($into:expr, $from:expr; $($f:ident),*) => {
            $( if $from.$f.is_some() { $into.$f = $from.$f; } )*
        };
    }
    let theirs = own.bounds().clone();
    if theirs != Bounds::default() {
        let mine = base.bounds_mut();
        take!(mine, theirs; minimum, maximum, min_length, max_length, min_items, max_items);
    }
    // The lengths go with the pattern they were read from, known or not.
    if own.pattern.is_some() && base.bounds().pattern_lengths != theirs.pattern_lengths {
        base.bounds_mut().pattern_lengths = theirs.pattern_lengths;
    }
    if own.pattern.is_some() && base.bounds().pattern_prefix != theirs.pattern_prefix {
        base.bounds_mut().pattern_prefix = theirs.pattern_prefix.clone();
    }
    take!(
        base, own;
        types,
        enum_values,
        const_value,
        default,
        description,
        format,
        pattern,
        object,
        items
    );
    base.nullable |= own.nullable;
    base.alternatives |= own.alternatives;
}

/// Add `extra`'s properties and `required` entries to `into`; a closed policy wins. The
/// merged object is a copy; the objects merged stay shared.
fn merge_object(into: &mut Option<Arc<ObjectFacts>>, extra: Option<Arc<ObjectFacts>>) {
    let Some(extra) = extra else { return };
    let Some(base) = into else {
        *into = Some(extra);
        return;
    };
    let base = Arc::make_mut(base);
    for p in &extra.properties {
        if base.property(&p.name).is_none() {
            base.properties.push(p.clone());
        }
    }
    for r in &extra.required {
        if !base.required.iter().any(|x| x.value == r.value) {
            base.required.push(r.clone());
        }
    }
    if base.unknown_fields == UnknownFields::Accepted {
        base.unknown_fields = extra.unknown_fields.clone();
    }
    for p in &mut base.properties {
        if p.required.is_none() {
            p.required = base
                .required
                .iter()
                .find(|r| r.value == p.name)
                .map(|r| r.span);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(text: &str) -> SchemaFacts {
        let file = FileId(0);
        let doc = super::super::json_tree::parse(file, text).unwrap();
        let docs = JsonDocs {
            root: Path::new("/"),
            by_path: HashMap::new(),
            paths: &HashMap::new(),
            by_id: HashMap::new(),
            keep_written: true,
        };
        read_schema(&docs, file, &doc, &doc)
    }

    #[test]
    fn all_of_branches_and_ref_siblings_add_properties() {
        let f = facts(
            r##"{"allOf": [{"$ref": "#/$defs/base"}, {"properties": {"b": {}}}],
                "properties": {"c": {}}, "required": ["a"], "unevaluatedProperties": false,
                "$defs": {"base": {"properties": {"a": {"type": "integer"}}}}}"##,
        );
        let o = f.root.object.clone().unwrap();
        let names: Vec<_> = o.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["c", "a", "b"]);
        assert!(o.property("a").unwrap().required.is_some());
        assert!(matches!(o.unknown_fields, UnknownFields::Rejected(_)));
    }

    #[test]
    fn output_failures_say_which_dialects_they_hold_in() {
        let holds = |text: &str| {
            let doc = super::super::json_tree::parse(FileId(0), text).unwrap();
            let f = facts(text);
            output_invalid(&doc, &f)
                .iter()
                .map(|p| p.holds)
                .collect::<Vec<_>>()
        };
        // No draft has a type `float`; only draft-04 takes a flag for `exclusiveMaximum`.
        assert_eq!(
            holds(r#"{"properties": {"t": {"type": "float"}}}"#),
            [Holds::EveryDialect]
        );
        assert_eq!(
            holds(r#"{"properties": {"h": {"maximum": 100, "exclusiveMaximum": true}}}"#),
            [Holds::Default]
        );
        assert_eq!(
            holds(
                r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"h": {"exclusiveMaximum": true}}}"#
            ),
            [Holds::Declared]
        );
        assert!(holds(r#"{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"h": {"maximum": 1, "exclusiveMaximum": true}}}"#).is_empty());
        assert!(holds(r#"{"$schema": "https://example.com/own", "type": 5}"#).is_empty());
    }

    #[test]
    fn bare_ref_cycle_is_reported_but_recursion_is_not() {
        let cyclic = facts(
            r##"{"properties": {"x": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}"##,
        );
        assert!(cyclic.problems.iter().any(
            |p| matches!(p, SchemaProblem::UnresolvedRef { reason, .. } if reason.contains("cycle"))
        ));
        let tree = facts(
            r##"{"$ref": "#/$defs/n", "$defs": {"n": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/n"}}}}}}"##,
        );
        assert!(
            tree.problems
                .iter()
                .all(|p| !matches!(p, SchemaProblem::UnresolvedRef { .. })),
            "{:?}",
            tree.problems
        );
    }

    fn prop<'a>(n: &'a SchemaNode, name: &str) -> &'a SchemaNode {
        &n.object.as_ref().unwrap().property(name).unwrap().schema
    }

    #[test]
    fn uses_of_one_ref_share_its_facts_and_a_sibling_keyword_copies_only_the_node() {
        let f = facts(
            r##"{"properties": {"a": {"$ref": "#/$defs/t"}, "b": {"$ref": "#/$defs/t"},
                "c": {"$ref": "#/$defs/t", "description": "c"}},
                "$defs": {"t": {"type": "object", "description": "t",
                    "properties": {"v": {"type": "integer", "minimum": 1}}}}}"##,
        );
        let (a, b, c) = (prop(&f.root, "a"), prop(&f.root, "b"), prop(&f.root, "c"));
        assert!(a.shares_facts(b), "two bare uses read one copy");
        assert_ne!(a.span, b.span, "each use keeps its own location");
        assert!(!a.shares_facts(c));
        assert_eq!(c.description.as_ref().unwrap().value, "c");
        assert!(Arc::ptr_eq(
            a.object.as_ref().unwrap(),
            c.object.as_ref().unwrap()
        ));
    }

    #[test]
    fn a_target_read_to_the_nesting_cap_is_shared_where_it_is_read_at_the_same_nesting() {
        // 200 definitions, each referring twice to the next: the expansion reaches the
        // nesting cap. Where the rest below a definition fits the budget, both uses read
        // the same facts, so the second shares the first's.
        let defs: Vec<String> = (0..200)
            .map(|i| {
                format!(
                    r##""d{i}": {{"type": "object", "properties": {{"l": {{"$ref": "#/$defs/d{n}"}},
                        "r": {{"$ref": "#/$defs/d{n}"}}}}}}"##,
                    n = i + 1
                )
            })
            .collect();
        let text = format!(
            r##"{{"$ref": "#/$defs/d0", "$defs": {{{}, "d200": {{"type": "integer"}}}}}}"##,
            defs.join(",")
        );
        // The reader recurses 256 levels: on a stack like the engine's threads'.
        let f = std::thread::Builder::new()
            .stack_size(crate::extract::rust::STACK)
            .spawn(move || facts(&text))
            .unwrap()
            .join()
            .unwrap();
        let mut n = &f.root;
        for _ in 0..120 {
            n = prop(n, "l");
        }
        assert!(prop(n, "l").shares_facts(prop(n, "r")));
        let too_deep = |p: &&SchemaProblem| matches!(p, SchemaProblem::TooDeep { .. });
        assert_eq!(f.problems.iter().filter(too_deep).count(), 1);
    }

    #[test]
    fn a_shared_target_is_read_again_where_one_of_its_nodes_is_on_the_path() {
        // `t` is read first under `a`; under `b`, `x` is being read, so reading `t` again stops
        // at `x` instead of reusing the copy in which `x` was expanded.
        let f = facts(
            r##"{"properties": {"a": {"$ref": "#/$defs/t"}, "b": {"$ref": "#/$defs/x"}},
                "$defs": {"t": {"type": "object", "properties": {"x": {"$ref": "#/$defs/x"}}},
                          "x": {"type": "object", "properties": {"t": {"$ref": "#/$defs/t"}}}}}"##,
        );
        let a_x = prop(prop(&f.root, "a"), "x");
        assert!(prop(a_x, "t").object.is_none(), "recursion stops at `t`");
        let b_t = prop(prop(&f.root, "b"), "t");
        assert!(prop(b_t, "x").object.is_none(), "recursion stops at `x`");
        assert!(!b_t.shares_facts(prop(&f.root, "a")));
    }
}
