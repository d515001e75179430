//! A tool declared by a WebMCP page (script or form), as the page extractors hand it on: its
//! input schema already lowered into the span-preserving [`JsonNode`] tree, so the JSON
//! Schema reader turns it into the same facts as a JSON file, with spans in the page.

use super::{Annotations, Check, CmpOp, CodeFactKind, HttpRequest, JsonNode, Origin, SpecFacts};
use crate::source::{Span, Spanned};
use serde_json::Value;

/// One tool declared by a page.
#[derive(Clone, Debug)]
pub struct PageTool {
    pub origin: Origin,
    pub name: Spanned<String>,
    pub description: Option<Spanned<String>>,
    pub annotations: Annotations,
    /// The `inputSchema` (or the form's derived schema) as a JSON tree.
    pub schema: Option<JsonNode>,
    pub requests: Vec<HttpRequest>,
    pub spec: SpecFacts,
    /// What its `execute` (or a hook's handler) does with the input, when it was read.
    pub code: Option<PageCode>,
}

/// What a page tool's code does with its input, read through oxc's semantic model: the
/// properties it reads, defaults and closed value sets, as the Rust side's [`Check`]s
/// (`KeyRead`, `Default`, `OneOf`), so the R rules compare pages as they compare servers.
#[derive(Clone, Debug, PartialEq)]
pub struct PageCode {
    /// The function that receives the input.
    pub function: Span,
    pub checks: Vec<Check>,
    /// Every use of the input is a read of a property named in the code: a property with
    /// no `KeyRead` is never read. False when the input is passed on whole, spread, read by
    /// a computed key or through `arguments`.
    pub complete: bool,
    /// Where a failed `fetch` is answered with an empty value (`catch { return [] }`,
    /// `.catch(() => [])`), and how, as B003 says it.
    pub swallows: Vec<Spanned<String>>,
    /// The model context itself invokes the function (`registerTool`'s `execute`), so how it
    /// settles is what WebMCP's execute steps hand the agent; a hook's package runs its
    /// handler and may answer a throw its own way.
    pub model_context: bool,
    /// Where the function turns a call away by throwing (or returning `Promise.reject(..)`)
    /// under a test the input decides.
    pub rejects: Vec<Rejection>,
}

/// A call turned away by a rejection the input decides: `if (!product) throw new Error(..)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejection {
    /// The `throw` (or `return Promise.reject(..)`).
    pub span: Span,
    /// The message written in it, when it is text (`new Error("Out of stock")`), template
    /// holes shown as `…`.
    pub message: Option<String>,
    /// The test around it that reads the input (a property, or a local computed from it).
    pub test: Span,
    /// The call of the callback that reaches it, when it is in a function the callback calls.
    pub via: Option<Span>,
    /// What the input must be for the call to reach it, as far as the test was read.
    pub when: Condition,
    /// A value the test reads that the page does not resolve (an import it cannot follow, a
    /// parameter a caller fills with what only the run knows, what an unknown call returns):
    /// whether a call the schema admits reaches the rejection is then not known.
    pub unresolved: Option<Span>,
}

/// A test of the input, as far as it was read: a formula over tests of single properties (the
/// empty name for the whole input), so a rule can ask whether any call the published schema
/// admits makes it hold.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    Any(Vec<Condition>),
    All(Vec<Condition>),
    Not(Box<Condition>),
    Test(ValueTest),
    /// Anything else: a value the input does not decide alone, a call, a lookup.
    Unknown,
}

/// A test of one property's value, as the code reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueTest {
    pub property: String,
    /// What `??` (absent or null) or a destructuring default (absent) puts in its place.
    pub fill: Option<Fill>,
    /// The value is converted with `Number(..)` before the test.
    pub numbered: bool,
    /// The value is `.trim()`med before the test: a string's leading and trailing white space
    /// dropped.
    pub trimmed: bool,
    pub is: Is,
}

/// The value put in place of an absent property: `v ?? 4`, `{ n = 4 }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fill {
    pub value: Value,
    /// `??` replaces `null` too; a destructuring default only `undefined`.
    pub null: bool,
}

/// What is tested of the value.
#[derive(Clone, Debug, PartialEq)]
pub enum Is {
    /// `v OP n`: JavaScript compares as numbers.
    Compare { op: CmpOp, value: f64 },
    /// `v.length OP n`.
    Length { op: CmpOp, value: f64 },
    /// `typeof v === ".."` (the `typeof` name), or `Array.isArray(v)` (`array`).
    Type(String),
    /// `v === literal`.
    Equal(Value),
    /// `[..].includes(v)` of literals.
    In(Vec<Value>),
    /// `Number.isInteger(v)`.
    Integer,
    /// `v.startsWith("..")` of a literal string.
    Starts(String),
    /// `v.endsWith("..")` of a literal string.
    Ends(String),
    /// `v.includes("..")` of a literal string.
    Contains(String),
    /// `v` as a condition: JavaScript's truthiness.
    Truthy,
}

impl PageCode {
    pub fn checks_on<'a>(&'a self, property: &'a str) -> impl Iterator<Item = &'a Check> + 'a {
        self.checks.iter().filter(move |c| c.property == property)
    }

    pub fn reads(&self, property: &str) -> bool {
        self.checks_on(property)
            .any(|c| c.kind == CodeFactKind::KeyRead)
    }
}

/// Where a page uses WebMCP (the model context, or an import of a WebMCP package): a
/// package that does and yields no tool is reported (L004), never passed as clean.
#[derive(Clone, Debug, PartialEq)]
pub struct WebMcpUse {
    /// What is used, as the message names it: "`navigator.modelContext`".
    pub what: String,
    pub span: crate::source::Span,
}
