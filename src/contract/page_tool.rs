//! A tool declared by a WebMCP page (script or form), as the page extractors hand it on: its
//! input schema already lowered into the span-preserving [`JsonNode`] tree, so the JSON
//! Schema reader turns it into the same facts as a JSON file, with spans in the page.

use super::{Annotations, HttpRequest, JsonNode, Origin, SpecFacts};
use crate::source::Spanned;

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
}

/// Where a page uses WebMCP (the model context, or an import of a WebMCP package): a
/// package that does and yields no tool is reported (L004), never passed as clean.
#[derive(Clone, Debug, PartialEq)]
pub struct WebMcpUse {
    /// What is used, as the message names it: "`navigator.modelContext`".
    pub what: String,
    pub span: crate::source::Span,
}
