//! Schema facts: what a JSON Schema (published, or derived from a Rust type) says about
//! each value, as one vocabulary whatever its source.

use crate::source::{SourceMap, Span, Spanned};
use serde_json::Value;
use std::borrow::Cow;
use std::sync::Arc;

/// JSON Schema primitive types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum JsonType {
    Null,
    Boolean,
    Integer,
    Number,
    String,
    Array,
    Object,
}

impl JsonType {
    pub fn parse(s: &str) -> Option<JsonType> {
        Some(match s {
            "null" => JsonType::Null,
            "boolean" => JsonType::Boolean,
            "integer" => JsonType::Integer,
            "number" => JsonType::Number,
            "string" => JsonType::String,
            "array" => JsonType::Array,
            "object" => JsonType::Object,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }
}

/// The JSON Schema dialect a schema is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    Draft4,
    Draft6,
    Draft7,
    Draft2019_09,
    Draft2020_12,
}

impl Dialect {
    pub fn from_uri(uri: &str) -> Option<Dialect> {
        let u = uri.trim_end_matches('#').trim_end_matches('/');
        let u = u
            .strip_prefix("https://")
            .or_else(|| u.strip_prefix("http://"))?;
        Some(match u {
            "json-schema.org/draft-04/schema" => Dialect::Draft4,
            "json-schema.org/draft-06/schema" => Dialect::Draft6,
            "json-schema.org/draft-07/schema" => Dialect::Draft7,
            "json-schema.org/draft/2019-09/schema" => Dialect::Draft2019_09,
            "json-schema.org/draft/2020-12/schema" => Dialect::Draft2020_12,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Draft4 => "draft-04",
            Dialect::Draft6 => "draft-06",
            Dialect::Draft7 => "draft-07",
            Dialect::Draft2019_09 => "2019-09",
            Dialect::Draft2020_12 => "2020-12",
        }
    }
}

/// One numeric or length bound, with whether the limit value itself is excluded.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    pub value: f64,
    pub exclusive: bool,
    pub span: Span,
}

impl Bound {
    /// The bound as a person would write it: `5`, `1.5`.
    pub fn display(&self) -> String {
        format_number(self.value)
    }
}

pub fn format_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Free text (a description) and where it was written.
pub type Text = Spanned<String>;

/// Whether an object accepts properties it does not declare.
#[derive(Clone, Debug, PartialEq)]
pub enum UnknownFields {
    /// `additionalProperties: false`, `unevaluatedProperties: false`, `deny_unknown_fields`.
    Rejected(Span),
    /// Nothing closes the object (the JSON Schema and serde default).
    Accepted,
    /// Cannot be known statically (e.g. a schema built at run time, `additionalProperties` with a schema).
    Unknown,
}

/// One schema (or sub-schema), after `$ref` resolution: where it is written, and its facts.
/// The facts of a `$ref` target are read once and shared by every use of it (copied only when
/// keywords beside the `$ref` refine them), so memory follows the schema's text, not how
/// often a definition is referenced. Reading goes through [`NodeFacts`]; writing copies
/// shared facts first.
#[derive(Clone, Debug, PartialEq)]
pub struct SchemaNode {
    /// Where this use is written (the `{"$ref": ..}` object for a reference).
    pub span: Option<Span>,
    facts: Arc<NodeFacts>,
}

impl SchemaNode {
    pub fn new(span: Option<Span>, facts: NodeFacts) -> SchemaNode {
        SchemaNode {
            span,
            facts: Arc::new(facts),
        }
    }

    /// Whether both nodes read the same facts (one `$ref` target), not equal copies.
    pub fn shares_facts(&self, other: &SchemaNode) -> bool {
        Arc::ptr_eq(&self.facts, &other.facts)
    }

    /// Identifies the facts this node reads, shared or not.
    pub fn facts_ptr(&self) -> *const NodeFacts {
        Arc::as_ptr(&self.facts)
    }

    /// The facts, moved out when this node is their only holder, else copied.
    pub fn into_facts(self) -> NodeFacts {
        Arc::unwrap_or_clone(self.facts)
    }
}

/// No facts: every such node shares one allocation (unread and stopped nodes are many).
impl Default for SchemaNode {
    fn default() -> SchemaNode {
        static EMPTY: std::sync::LazyLock<Arc<NodeFacts>> = std::sync::LazyLock::new(Arc::default);
        SchemaNode {
            span: None,
            facts: Arc::clone(&EMPTY),
        }
    }
}

impl std::ops::Deref for SchemaNode {
    type Target = NodeFacts;
    fn deref(&self) -> &NodeFacts {
        &self.facts
    }
}

/// Copy-on-write: facts shared with other uses are copied before the first change.
impl std::ops::DerefMut for SchemaNode {
    fn deref_mut(&mut self) -> &mut NodeFacts {
        Arc::make_mut(&mut self.facts)
    }
}

/// What a schema says, after `$ref` resolution; spans point at the keywords.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeFacts {
    /// Declared types; `None` when the schema does not constrain the type.
    pub types: Option<Spanned<Vec<JsonType>>>,
    /// Boxed and absent when the schema states none, as most nodes (objects, booleans,
    /// free strings): inline, the six bounds were half of a node. Read through
    /// [`NodeFacts::bounds`], written through [`NodeFacts::set_bounds`] or
    /// [`NodeFacts::bounds_mut`], so that no bounds is always `None`.
    pub(crate) bounds: Option<Box<Bounds>>,
    /// Boxed, as `format` and `pattern`: most nodes state none of the three, and inline they
    /// were a third of every node.
    pub enum_values: Option<Box<Spanned<Vec<Value>>>>,
    /// Boxed, as rare and as large as the rest of a node: a node copied for a keyword
    /// beside its `$ref` stays small.
    pub const_value: Option<Box<Spanned<Value>>>,
    pub default: Option<Box<Spanned<Value>>>,
    pub description: Option<Text>,
    pub format: Option<Box<Spanned<String>>>,
    pub pattern: Option<Box<Spanned<String>>>,
    /// `null` is accepted (`type` includes null, `nullable: true`, `anyOf` with null).
    pub nullable: bool,
    /// Shared like the node's own facts: an object's properties are not copied when a
    /// keyword beside its `$ref` is.
    pub object: Option<Arc<ObjectFacts>>,
    pub items: Option<Box<SchemaNode>>,
    /// `anyOf`/`oneOf` with several branches besides `null`: the value is held to them,
    /// which these facts do not read (a `oneOf` of `const`s is a closed set of values).
    pub alternatives: bool,
}

/// The numeric, length and item-count bounds of a schema.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bounds {
    pub minimum: Option<Bound>,
    pub maximum: Option<Bound>,
    pub min_length: Option<Bound>,
    pub max_length: Option<Bound>,
    pub min_items: Option<Bound>,
    pub max_items: Option<Bound>,
    /// The lengths of the strings the node's `pattern` admits, when its regex is read (a
    /// pattern whose lengths are not known leaves this `None` beside `pattern`).
    pub pattern_lengths: Option<Lengths>,
    /// The text every string the node's `pattern` admits begins with, when the pattern is
    /// anchored at the start and begins with literal characters (`^/` begins with `/`).
    pub pattern_prefix: Option<String>,
}

/// A range of string lengths in characters; `max` is `None` when unbounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lengths {
    pub min: u32,
    pub max: Option<u32>,
}

/// The bounds of a node that states none.
static NO_BOUNDS: Bounds = Bounds {
    minimum: None,
    maximum: None,
    min_length: None,
    max_length: None,
    min_items: None,
    max_items: None,
    pattern_lengths: None,
    pattern_prefix: None,
};

impl NodeFacts {
    pub fn bounds(&self) -> &Bounds {
        self.bounds.as_deref().unwrap_or(&NO_BOUNDS)
    }

    /// Replace the bounds (none kept as none).
    pub fn set_bounds(&mut self, b: Bounds) {
        self.bounds = (b != NO_BOUNDS).then(|| Box::new(b));
    }

    /// The bounds to change; only to set one.
    pub fn bounds_mut(&mut self) -> &mut Bounds {
        self.bounds.get_or_insert_with(Box::default)
    }

    pub fn has_type(&self, t: JsonType) -> bool {
        self.types.as_ref().is_some_and(|ts| ts.value.contains(&t))
    }

    /// The declared types without `null`, e.g. `integer` for `["integer", "null"]`.
    pub fn non_null_types(&self) -> Vec<JsonType> {
        self.types
            .as_ref()
            .map(|ts| {
                ts.value
                    .iter()
                    .copied()
                    .filter(|t| *t != JsonType::Null)
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// An object schema: its properties and its policy for unknown ones.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectFacts {
    pub span: Span,
    pub properties: Vec<PropertyFacts>,
    /// Every entry of `required`, with its own span, whether or not a property matches.
    pub required: Vec<Spanned<String>>,
    pub unknown_fields: UnknownFields,
}

impl ObjectFacts {
    pub fn property(&self, name: &str) -> Option<&PropertyFacts> {
        self.properties.iter().find(|p| p.name == name)
    }
}

/// One property of an object, named as it appears on the wire.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertyFacts {
    pub name: String,
    pub name_span: Span,
    /// The span of the `required` entry naming this property, when it is required.
    pub required: Option<Span>,
    pub schema: SchemaNode,
}

/// Something in a schema that could not be followed or does not conform.
#[derive(Clone, Debug, PartialEq)]
pub enum SchemaProblem {
    /// A `$ref` that cannot be resolved inside the project.
    UnresolvedRef {
        reference: String,
        reason: String,
        span: Span,
    },
    /// The schema fails its dialect's metaschema.
    Invalid { message: String, span: Span },
    /// Nesting, `$ref`s expanded, deeper than the reader goes: what lies below is unread.
    TooDeep { span: Span, limit: usize },
    /// The run's budget of nodes read again through `$ref`s was spent before this use:
    /// what it refers to is unread here.
    RunBudget { span: Span, limit: usize },
}

/// Where the schema as written is kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Written {
    /// The JSON text at the schema's span, parsed again when read: a JSON file's text is in
    /// the source map already, and holding each schema as a value too doubled it.
    InSource,
    /// Built from another syntax (a JavaScript or Rust literal). Boxed: a manifest's
    /// schema, the most common, is held in the source map, and inline every schema paid for
    /// a value.
    Value(Box<Value>),
    /// Not kept: `check` reads it no more once the metaschema has validated it.
    Dropped,
}

/// Reads a schema as written, parsing its JSON text again when only its span was kept
/// ([`Written::InSource`]). The JSON reader is an extractor's: the engine hands it to the
/// judge, which reads schemas after the rules.
pub type ReadWritten = for<'s> fn(&'s SchemaFacts, &SourceMap) -> Cow<'s, Value>;

/// A published input schema with the facts read from it.
#[derive(Clone, Debug)]
pub struct SchemaFacts {
    /// The whole schema node (`inputSchema` value or the schema file's root).
    pub span: Span,
    pub dialect: Dialect,
    /// The `$schema` keyword, when declared.
    pub declared_dialect: Option<Spanned<String>>,
    /// The first keyword whose meaning differs between drafts (`exclusiveMinimum: true`,
    /// array `items`, `definitions`, `dependencies`, a `$ref` with assertions beside it),
    /// said in words, at its key: only there does an undeclared dialect change what the
    /// schema means.
    pub draft_keyword: Option<Spanned<String>>,
    pub root: SchemaNode,
    /// The schema as written, `$ref`s unresolved, for validation and case generation: read
    /// it through `extract::schema::written`.
    pub written: Written,
    pub problems: Vec<SchemaProblem>,
}

impl SchemaNode {
    /// Every object schema in this node, in the order of [`Self::objects`], without their
    /// paths: a path is a new string per object, as long as its nesting, and the walk is as
    /// large as the `$ref`s expand (issue 23: a chain of files referring to each other).
    pub fn object_facts(&self) -> Vec<&ObjectFacts> {
        let mut out = Vec::new();
        self.collect_object_facts(&mut out);
        out
    }

    fn collect_object_facts<'a>(&'a self, out: &mut Vec<&'a ObjectFacts>) {
        if let Some(o) = &self.object {
            out.push(&**o);
            for p in &o.properties {
                p.schema.collect_object_facts(out);
            }
        }
        if let Some(items) = &self.items {
            items.collect_object_facts(out);
        }
    }

    /// Every object schema in this node, outermost first, with the property path leading
    /// to it (`""` for the node itself, `items` for array items, `a.b` for nesting).
    pub fn objects(&self) -> Vec<(String, &ObjectFacts)> {
        let mut out = Vec::new();
        self.collect_objects(String::new(), &mut out);
        out
    }

    fn collect_objects<'a>(&'a self, path: String, out: &mut Vec<(String, &'a ObjectFacts)>) {
        if let Some(o) = &self.object {
            out.push((path.clone(), &**o));
            for p in &o.properties {
                let child = if path.is_empty() {
                    p.name.clone()
                } else {
                    format!("{path}.{}", p.name)
                };
                p.schema.collect_objects(child, out);
            }
        }
        if let Some(items) = &self.items {
            let child = if path.is_empty() {
                "items".to_string()
            } else {
                format!("{path}[]")
            };
            items.collect_objects(child, out);
        }
    }
}
