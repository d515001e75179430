//! The common model: every source (JSON schema, manifest, Rust type, page script) is
//! lowered into these facts, so a rule compares like with like.

use crate::source::{Span, Spanned};
use serde_json::Value;
use std::sync::Arc;

pub mod effects;
pub mod rust;
pub use effects::*;
pub use rust::*;

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
    pub minimum: Option<Bound>,
    pub maximum: Option<Bound>,
    pub min_length: Option<Bound>,
    pub max_length: Option<Bound>,
    pub min_items: Option<Bound>,
    pub max_items: Option<Bound>,
    pub enum_values: Option<Spanned<Vec<Value>>>,
    /// Boxed, as rare and as large as the rest of a node: a node copied for a keyword
    /// beside its `$ref` stays small.
    pub const_value: Option<Box<Spanned<Value>>>,
    pub default: Option<Box<Spanned<Value>>>,
    pub description: Option<Text>,
    pub format: Option<Spanned<String>>,
    pub pattern: Option<Spanned<String>>,
    /// `null` is accepted (`type` includes null, `nullable: true`, `anyOf` with null).
    pub nullable: bool,
    /// Shared like the node's own facts: an object's properties are not copied when a
    /// keyword beside its `$ref` is.
    pub object: Option<Arc<ObjectFacts>>,
    pub items: Option<Box<SchemaNode>>,
}

impl NodeFacts {
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
    TooDeep { span: Span },
}

/// Where a tool declaration was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Origin {
    /// A JSON tool manifest or `tools/list` result.
    Manifest,
    /// A stand-alone JSON Schema file.
    SchemaFile,
    /// A WebMCP `registerTool(...)` / `provideContext({tools})` call in page JavaScript or TypeScript.
    PageScript,
    /// A WebMCP declarative `<form toolname>`: the browser derives the schema from the controls.
    PageForm,
    /// rmcp `#[tool]` or rust-mcp-sdk `#[mcp_tool]`: the schema is derived from the Rust type.
    Rust,
}

impl Origin {
    pub fn name(self) -> &'static str {
        match self {
            Origin::Manifest => "tool manifest",
            Origin::SchemaFile => "schema file",
            Origin::PageScript => "page script",
            Origin::PageForm => "declarative form",
            Origin::Rust => "Rust tool declaration",
        }
    }

    /// The publishing API fixes the dialect: WebMCP cites JSON Schema 2020-12, and its proposed
    /// schema subset (webmcp PR #289) has no `$schema`, so a page cannot usefully declare one.
    pub fn dialect_fixed(self) -> bool {
        matches!(self, Origin::PageScript | Origin::PageForm)
    }

    /// The schema is derived by the browser from markup, so keywords without an HTML
    /// counterpart (`additionalProperties`, `$schema`) cannot be written by the author.
    pub fn schema_derived(self) -> bool {
        self == Origin::PageForm
    }
}

/// A published input schema with the facts read from it.
#[derive(Clone, Debug)]
pub struct SchemaFacts {
    /// The whole schema node (`inputSchema` value or the schema file's root).
    pub span: Span,
    pub dialect: Dialect,
    /// The `$schema` keyword, when declared.
    pub declared_dialect: Option<Spanned<String>>,
    pub root: SchemaNode,
    /// The schema as written, `$ref`s unresolved, for validation and case generation.
    pub value: Value,
    pub problems: Vec<SchemaProblem>,
}

/// Behaviour hints published with a tool (MCP `annotations`, WebMCP `readOnlyHint`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    pub read_only: Option<Spanned<bool>>,
    pub destructive: Option<Spanned<bool>>,
    pub idempotent: Option<Spanned<bool>>,
    pub open_world: Option<Spanned<bool>>,
    /// WebMCP `untrustedContentHint`.
    pub untrusted_content: Option<Spanned<bool>>,
    /// WebMCP `consequentialHint`.
    pub consequential: Option<Spanned<bool>>,
    /// WebMCP declarative `toolautosubmit`: the agent may submit without the user confirming.
    pub auto_submit: Option<Spanned<bool>>,
}

/// How a page tool reaches the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RequestKind {
    /// A `fetch(url, {method})` inside the tool's `execute`.
    Fetch,
    /// The submission of a declarative tool's `<form action method>`.
    FormSubmit,
}

/// An HTTP request a page tool makes when it runs.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpRequest {
    pub kind: RequestKind,
    /// Upper-case method; its span is the literal, or the call/form when defaulted to GET.
    pub method: Spanned<String>,
    /// The URL's path, without scheme, host or query; a segment not known statically
    /// (a template-literal `${..}`) is written `{}`.
    pub path: Spanned<String>,
    /// The whole `fetch(..)` call or `<form>` start tag.
    pub span: Span,
}

/// Which part of a page tool a [`NotStatic`] value belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PagePart {
    Name,
    Description,
    /// Any part of `inputSchema`: the whole schema is then left out.
    InputSchema,
    Annotations,
    /// A request `execute` or the form makes (URL, method).
    Request,
}

/// A value in a page tool that cannot be known without running the page (an import, a
/// computed key, a spread, a template literal with expressions): reported, never guessed.
#[derive(Clone, Debug, PartialEq)]
pub struct NotStatic {
    pub tool: Option<String>,
    pub part: PagePart,
    /// What it is, e.g. `inputSchema.properties.quantity.maximum`.
    pub what: String,
    /// Why it is not known, e.g. "`MAX_QTY` is not a constant of this module".
    pub reason: String,
    pub span: Span,
}

/// The web framework a route was registered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Framework {
    Axum,
    Actix,
}

impl Framework {
    pub fn name(self) -> &'static str {
        match self {
            Framework::Axum => "axum",
            Framework::Actix => "actix-web",
        }
    }
}

/// An HTTP route registered in the Rust server.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    pub framework: Framework,
    /// Upper-case method.
    pub method: String,
    pub path: Spanned<String>,
    /// The handler function's name (last path segment), spanned where the route names it.
    pub handler: Spanned<String>,
}

/// Which request part a handler's input type is deserialized from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Extractor {
    Json,
    Form,
    Query,
}

impl Extractor {
    pub fn name(self) -> &'static str {
        match self {
            Extractor::Json => "Json",
            Extractor::Form => "Form",
            Extractor::Query => "Query",
        }
    }
}

/// A Rust request handler and the typed input it deserializes.
#[derive(Clone, Debug, PartialEq)]
pub struct Handler {
    pub name: Spanned<String>,
    /// `Json<T>` / `Form<T>` / `Query<T>` parameters: the extractor and `T`'s name.
    pub inputs: Vec<(Extractor, Spanned<String>)>,
}

/// A page tool's request followed to the server: the routes it matched, and their handlers.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpLink {
    pub request: HttpRequest,
    /// Every route the request matched (more than one is ambiguous), with its handler
    /// when the handler function was found.
    pub routes: Vec<(Route, Option<Handler>)>,
}

/// One published declaration of a tool.
#[derive(Clone, Debug)]
pub struct ToolDecl {
    pub name: String,
    pub name_span: Span,
    pub origin: Origin,
    pub description: Option<Text>,
    pub annotations: Annotations,
    pub schema: Option<SchemaFacts>,
    /// Requests the tool makes when run (page tools only).
    pub requests: Vec<HttpRequest>,
}

/// Everything known about one tool, gathered from every source by name.
#[derive(Clone, Debug)]
pub struct Contract {
    pub name: String,
    pub decls: Vec<ToolDecl>,
    /// The declarations' requests followed to Rust routes and handlers.
    pub http: Vec<HttpLink>,
    /// What each declaration's prose claims; filled by the description extractor after linking.
    pub claims: Vec<DeclClaims>,
    /// The Rust code behind the tool, when linked.
    pub rust: Option<RustInput>,
    /// Names tried while linking the Rust side (for L001), and rival candidates (L003).
    pub link_notes: LinkNotes,
}

/// How linking went for one tool, so coverage rules can explain themselves.
#[derive(Clone, Debug, Default)]
pub struct LinkNotes {
    pub tried: Vec<String>,
    /// Other types that matched as well as the chosen one.
    pub rivals: Vec<Spanned<String>>,
    /// A configured `input` that names no type of the tree.
    pub missing_config: Option<String>,
}

impl Contract {
    /// Each declaration with the claims read from its descriptions.
    pub fn claimed(&self) -> impl Iterator<Item = (&ToolDecl, &[Claim])> {
        self.claims
            .iter()
            .filter_map(|c| self.decls.get(c.decl).map(|d| (d, c.claims.as_slice())))
    }

    /// The first published schema: manifests before schema files, then by location.
    pub fn schema(&self) -> Option<&SchemaFacts> {
        self.decls.iter().find_map(|d| d.schema.as_ref())
    }

    pub fn description(&self) -> Option<&Text> {
        self.decls.iter().find_map(|d| d.description.as_ref())
    }

    /// The schema the code is held to: for rmcp/rust-mcp-sdk tools the one derived from the
    /// Rust type (that is what the server publishes), else the first published one.
    pub fn published(&self) -> Option<(&ToolDecl, &SchemaFacts)> {
        let rust = self.decls.iter().find(|d| d.origin == Origin::Rust);
        rust.into_iter()
            .chain(self.decls.iter())
            .find_map(|d| d.schema.as_ref().map(|s| (d, s)))
    }
}

impl SchemaNode {
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

/// Everything the rules look at: the linked contracts and what could not be read.
#[derive(Debug, Default)]
pub struct Project {
    pub sources: crate::source::SourceMap,
    pub contracts: Vec<Contract>,
    pub unreadable: Vec<crate::extract::Unreadable>,
    /// Page values that cannot be known statically.
    pub not_static: Vec<NotStatic>,
    /// Routes registered in the Rust server, and its request handlers.
    pub routes: Vec<Route>,
    pub handlers: Vec<Handler>,
    pub rust: RustCrate,
    /// Keys written twice in one object of a manifest or schema.
    pub duplicate_keys: Vec<DuplicateKey>,
    /// The Cargo packages linted, with the MCP SDK each depends on (for L004).
    pub packages: Vec<Package>,
}

/// A Cargo package of the run and what says it serves MCP tools.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    pub name: String,
    /// The package's directory (its `Cargo.toml`'s), as walked.
    pub dir: std::path::PathBuf,
    /// Its `Cargo.toml`, the whole file.
    pub manifest: Span,
    /// The MCP SDK dependency, spanned at its key in `Cargo.toml`.
    pub sdk: Option<Spanned<String>>,
}

/// A key repeated in one JSON object: `first` is the earlier occurrence, `repeated` the later
/// one (the one contractlint, serde_json and JavaScript read).
#[derive(Clone, Debug, PartialEq)]
pub struct DuplicateKey {
    pub key: String,
    pub first: Span,
    pub repeated: Span,
}

impl Project {
    /// Add another group's project, whose files were numbered after this one's.
    pub fn append(&mut self, other: Project) {
        let offset = self.rust.fns.len();
        self.sources.append(other.sources);
        self.unreadable.extend(other.unreadable);
        self.duplicate_keys.extend(other.duplicate_keys);
        self.packages.extend(other.packages);
        self.not_static.extend(other.not_static);
        self.routes.extend(other.routes);
        self.handlers.extend(other.handlers);
        self.rust.types.extend(other.rust.types);
        self.rust.fns.extend(other.rust.fns);
        // Lookups must see the appended facts.
        self.rust.index = Default::default();
        self.rust.has_sources |= other.rust.has_sources;
        self.contracts
            .extend(other.contracts.into_iter().map(|mut c| {
                if let Some(r) = &mut c.rust {
                    r.shift_fns(offset);
                }
                c
            }));
    }

    /// Whether this part of the tool exists in a page but is only known at run time, so its
    /// absence from the facts is not an absence from the page.
    pub fn statically_unknown(&self, tool: &str, part: PagePart) -> bool {
        self.not_static
            .iter()
            .any(|n| n.part == part && n.tool.as_deref() == Some(tool))
    }

    /// Every published declaration that carries a schema, with its tool name.
    pub fn schemas(&self) -> impl Iterator<Item = (&ToolDecl, &SchemaFacts)> {
        self.contracts
            .iter()
            .flat_map(|c| c.decls.iter())
            .filter_map(|d| d.schema.as_ref().map(|s| (d, s)))
    }
}

/// What a description claims about a property or the tool, as read from its prose.
/// Claims are facts: the extractor records what the words say, rules compare.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    pub kind: ClaimKind,
    /// The exact words in the file.
    pub span: Span,
    pub subject: Subject,
}

/// What a claim is about.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Subject {
    /// The tool as a whole (side effects, missing description).
    Tool,
    /// A property: the path of its object (as in [`SchemaNode::objects`]) and its name.
    Property { object: String, name: String },
}

impl Subject {
    pub fn property(&self) -> Option<(&str, &str)> {
        match self {
            Subject::Property { object, name } => Some((object, name)),
            Subject::Tool => None,
        }
    }
}

/// One end of a range stated in prose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClaimBound {
    pub value: f64,
    pub exclusive: bool,
}

/// A unit of measure named in prose or in a property name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    Millimetre,
    Centimetre,
    Metre,
    Inch,
    Kilogram,
    Gram,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
    Character,
    Item,
    Percent,
}

/// What a unit measures: only units of one dimension can contradict each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    Length,
    Mass,
    Time,
    Text,
    Count,
    Ratio,
}

impl Unit {
    pub fn dimension(self) -> Dimension {
        match self {
            Unit::Millimetre | Unit::Centimetre | Unit::Metre | Unit::Inch => Dimension::Length,
            Unit::Kilogram | Unit::Gram => Dimension::Mass,
            Unit::Millisecond | Unit::Second | Unit::Minute | Unit::Hour | Unit::Day => {
                Dimension::Time
            }
            Unit::Character => Dimension::Text,
            Unit::Item => Dimension::Count,
            Unit::Percent => Dimension::Ratio,
        }
    }

    /// The size of the unit in its dimension's base (mm, g, ms); `None` for counts.
    pub fn factor(self) -> Option<f64> {
        Some(match self {
            Unit::Millimetre | Unit::Gram | Unit::Millisecond => 1.0,
            Unit::Centimetre => 10.0,
            Unit::Metre | Unit::Kilogram | Unit::Second => 1000.0,
            Unit::Inch => 25.4,
            Unit::Minute => 60_000.0,
            Unit::Hour => 3_600_000.0,
            Unit::Day => 86_400_000.0,
            Unit::Character | Unit::Item | Unit::Percent => return None,
        })
    }

    /// The unit as a reader says it: `millimetres`, `seconds`.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Millimetre => "millimetres",
            Unit::Centimetre => "centimetres",
            Unit::Metre => "metres",
            Unit::Inch => "inches",
            Unit::Kilogram => "kilograms",
            Unit::Gram => "grams",
            Unit::Millisecond => "milliseconds",
            Unit::Second => "seconds",
            Unit::Minute => "minutes",
            Unit::Hour => "hours",
            Unit::Day => "days",
            Unit::Character => "characters",
            Unit::Item => "items",
            Unit::Percent => "percent",
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Millimetre => "mm",
            Unit::Centimetre => "cm",
            Unit::Metre => "m",
            Unit::Inch => "in",
            Unit::Kilogram => "kg",
            Unit::Gram => "g",
            Unit::Millisecond => "ms",
            Unit::Second => "s",
            Unit::Minute => "min",
            Unit::Hour => "h",
            Unit::Day => "days",
            Unit::Character => "characters",
            Unit::Item => "items",
            Unit::Percent => "%",
        }
    }
}

/// What the prose says.
#[derive(Clone, Debug, PartialEq)]
pub enum ClaimKind {
    /// A bound or range: "from 1 through 5", "no more than 80 mm", "up to 200 characters".
    Range {
        min: Option<ClaimBound>,
        max: Option<ClaimBound>,
        unit: Option<Unit>,
    },
    /// "required", "must be provided".
    Required,
    /// "optional", "if omitted", "may be omitted".
    Optional,
    /// "defaults to 3", "default: false".
    Default(Value),
    /// "read-only", "does not modify", "nothing is changed".
    ReadOnly,
    /// A sentence led by a state-changing verb: "Adds", "Books", "Places an order".
    Writes(String),
    /// "integer", "whole number", "true or false".
    Type(JsonType),
    /// "one of: a, b, c".
    Values(Vec<String>),
    /// A unit the prose measures the property in ("in millimetres", "80 mm").
    Unit(Unit),
    /// A unit in the property's own name (`maxFoldedThicknessMm`); the span is the name.
    NameUnit(Unit),
    /// A parameter named as such: "the `partySize` parameter".
    Parameter(String),
}

/// The claims read from one declaration's descriptions; `decl` indexes [`Contract::decls`].
#[derive(Clone, Debug, PartialEq)]
pub struct DeclClaims {
    pub decl: usize,
    pub claims: Vec<Claim>,
}
