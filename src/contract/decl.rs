//! Declarations and where they come from: one tool as one source declares it (manifest,
//! schema file, page, Rust), its annotations, and the HTTP side of page tools.

use super::*;
use crate::source::{Span, Spanned};
use std::path::PathBuf;

/// Where a tool declaration was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Origin {
    /// A JSON tool manifest or `tools/list` result.
    Manifest,
    /// A stand-alone JSON Schema file.
    SchemaFile,
    /// A WebMCP `registerTool(...)` / `provideContext({tools})` call in page JavaScript or TypeScript.
    PageScript,
    /// A WebMCP hook's zod schema (`useWebMCP({ inputSchema: { q: z.string() } })`), published
    /// as the hook's package converts it.
    PageZod,
    /// A WebMCP declarative `<form toolname>`: the browser derives the schema from the controls.
    PageForm,
    /// rmcp `#[tool]` or rust-mcp-sdk `#[mcp_tool]`: the schema is derived from the Rust type.
    Rust,
    /// A tool value built in Rust (`Tool { .. }`, `json!({"name", "inputSchema"})`, a trait's
    /// `fn input_schema()`) whose schema is written as JSON: held to the code like a manifest.
    RustValue,
}

impl Origin {
    pub fn name(self) -> &'static str {
        match self {
            Origin::Manifest => "tool manifest",
            Origin::SchemaFile => "schema file",
            Origin::PageScript => "page script",
            Origin::PageZod => "zod schema of a WebMCP hook",
            Origin::PageForm => "declarative form",
            Origin::Rust | Origin::RustValue => "Rust tool declaration",
        }
    }

    /// Declared in the server's own Rust: what it publishes, whoever wrote the schema.
    pub fn from_rust(self) -> bool {
        matches!(self, Origin::Rust | Origin::RustValue)
    }

    /// Declared by a page (script, hook or form): each page that registers it shows it.
    pub fn is_page(self) -> bool {
        matches!(
            self,
            Origin::PageScript | Origin::PageZod | Origin::PageForm
        )
    }

    /// The publishing API fixes the dialect: WebMCP cites JSON Schema 2020-12, and its proposed
    /// schema subset (webmcp PR #289) has no `$schema`, so a page cannot usefully declare one.
    pub fn dialect_fixed(self) -> bool {
        matches!(
            self,
            Origin::PageScript | Origin::PageZod | Origin::PageForm
        )
    }

    /// The schema is derived by the browser from markup, so keywords without an HTML
    /// counterpart (`additionalProperties`, `$schema`) cannot be written by the author; or
    /// converted from zod, where whether an object is closed depends on the zod version and
    /// the hook's conversion, so it is not known.
    pub fn schema_derived(self) -> bool {
        matches!(self, Origin::PageForm | Origin::PageZod)
    }
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

/// Whether a place in a schema (`inputSchema.properties.dir.description`) holds words for
/// people, not a rule on the value: built at run time, it leaves the rest of the schema known.
pub fn is_text_path(what: &str) -> bool {
    matches!(
        what.trim_matches('`').rsplit('.').next(),
        Some("description" | "title")
    )
}

impl NotStatic {
    /// The description of `property` (top level), built when the server runs.
    pub fn describes(&self, property: &str) -> bool {
        self.what
            .trim_matches('`')
            .ends_with(&format!("properties.{property}.description"))
    }
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
    /// What a page tool's code does with its input (page tools only).
    pub code: Option<Box<super::PageCode>>,
    /// What the specifications check beyond the schema's meaning; `None` when nothing.
    pub spec: Option<Box<SpecFacts>>,
    /// Its descriptions as read when it was made: the tool's, then each property's, object
    /// by object (as [`SchemaNode::objects`]); linking resolves them into claims, and empties
    /// this once it has.
    pub readings: Vec<Reading>,
}

/// The associated types that name a trait-registry tool's input (`type RequestArgs = ..`):
/// the extractor reads the impl's type by them, linking its methods' `Self::RequestArgs`
/// parameters.
pub const TRAIT_INPUT_TYPES: &[&str] = &[
    "Args",
    "RequestArgs",
    "Input",
    "Params",
    "Parameters",
    "Request",
    "Arguments",
];

/// A schema file that may be some tool's input; `names` are its stem and `title`.
pub struct SchemaCandidate {
    pub path: PathBuf,
    pub names: Vec<Spanned<String>>,
    /// Named `*.schema.json` / `*.input.json`: a tool schema by convention.
    pub conventional: bool,
    /// The declaration, to be renamed to the chosen name.
    pub decl: ToolDecl,
}

/// What the MCP and WebMCP specifications say about a declaration beyond its input schema's
/// meaning, read from the tool object as written. Boxed on [`ToolDecl`] and absent when there
/// is nothing to say, so a manifest of many plain tools carries no more than before.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpecFacts {
    /// Every `x-mcp-header` in the input schema.
    pub headers: Vec<McpHeader>,
    /// `execution.taskSupport`, at its value: core MCP up to 2025-11-25 only.
    pub task_support: Option<Spanned<String>>,
    /// The keys of `annotations` as written (page tools only: WebMCP's vocabulary is smaller).
    pub annotation_keys: Vec<Spanned<String>>,
    /// The keywords of the input schema outside the proposed WebMCP validation subset
    /// ([`super::WEBMCP_SUBSET`], `additionalProperties` other than `false`), at their keys; the
    /// root's `$schema` is not among them (it is [`super::SchemaFacts::declared_dialect`]).
    pub schema_keywords: Vec<Spanned<String>>,
    /// The `outputSchema` value.
    pub output_schema: Option<Span>,
    /// The root of an `outputSchema` written as JSON, when it is not a schema object with
    /// `type: "object"`: at the `type` value, else at the `outputSchema` value.
    pub output_root: Option<Spanned<OutputRoot>>,
    /// A page tool whose callback is a member `registerTool()` does not know (`handler`),
    /// with no `execute`: at that member's key. The object has no spread or computed key, so
    /// nothing else may supply `execute`.
    pub callback_misnamed: Option<Spanned<String>>,
    /// What a manifest's `outputSchema` says, read as an input schema is: `diff` compares what
    /// a client may rely on in the tool's structured result (a page's is not read).
    pub output: Option<SchemaNode>,
    /// Where an `outputSchema` written as JSON fails the metaschema of its dialect, found as
    /// an input schema's are (S002), with the dialects each failure holds in.
    pub output_invalid: Vec<OutputInvalid>,
}

impl SpecFacts {
    pub fn is_empty(&self) -> bool {
        *self == SpecFacts::default()
    }
}

/// What the root of an `outputSchema` is, when it is not a schema object whose `type` is
/// `"object"`: the `Tool` of MCP up to 2025-11-25 requires that root; 2026-07-28 allows any
/// JSON Schema (SEP-2106).
#[derive(Clone, Debug, PartialEq)]
pub enum OutputRoot {
    /// Not a JSON object at all: the JSON type it is (`null`, `array`, `string`, ...), which
    /// no revision's `Tool` allows.
    NotObject(&'static str),
    /// A schema object whose root `type` is other than `"object"`: the `type` as written
    /// (`"array"`, `["object","null"]`); empty when the root has no `type`.
    OtherType(String),
}

/// A place where an `outputSchema` fails a metaschema. Which dialect a client reads it in is
/// its `$schema`, else 2020-12 on a server speaking MCP 2025-11-25 or later; 2025-06-18 names
/// no default, so there an undeclared schema is invalid only where every dialect says so.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputInvalid {
    pub message: String,
    pub span: Span,
    /// Which dialects the failure holds in.
    pub holds: Holds,
}

/// The dialects an output schema's metaschema failure holds in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// The one its `$schema` declares.
    Declared,
    /// 2020-12, its default since MCP 2025-11-25, and every other bundled draft (04 to 2019-09).
    EveryDialect,
    /// 2020-12 only: a draft before it accepts the place.
    Default,
}

/// One `x-mcp-header` annotation of an input schema property.
#[derive(Clone, Debug, PartialEq)]
pub struct McpHeader {
    /// The header name part; `None` when the value is not a string.
    pub value: Option<String>,
    /// The annotation's value.
    pub span: Span,
    /// The property it annotates, as a path of names from the root (`region`, `a.b`), or the
    /// schema position when it is no property (`items`, `anyOf/0`).
    pub at: String,
    /// The annotated schema's `type` as written (names only); empty when it has none.
    pub types: Vec<String>,
    /// Reached from the root through `properties` keys alone.
    pub reachable: bool,
}

/// A use of the WebMCP API that the current draft no longer has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PageApi {
    /// `modelContext.provideContext(..)`: removed, one `registerTool` per tool replaces it.
    ProvideContext,
    /// `modelContext.clearContext()`: removed, aborting each registration's signal replaces it.
    ClearContext,
    /// `modelContext.unregisterTool(name)`: removed, aborting the registration's signal replaces it.
    UnregisterTool,
    /// `navigator.modelContext` in a script that never names `document.modelContext`.
    NavigatorModelContext,
}

/// Where a page script uses a [`PageApi`].
#[derive(Clone, Debug, PartialEq)]
pub struct PageApiUse {
    pub api: PageApi,
    pub span: Span,
}
