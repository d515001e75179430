//! Tool declarations in JSON, recognised by shape: a tool object (`name` + `inputSchema`),
//! an array of them, a `tools/list` result (also inside a JSON-RPC response), or a
//! stand-alone JSON Schema file.

use super::json_tree::{self as json, JsonError, JsonNode};
use super::schema::{JsonDocs, read_schema};
use crate::contract::{Annotations, Origin, ToolDecl};
use crate::source::{FileId, Spanned};

/// What a JSON document is, judged by its content.
pub enum Shape<'a> {
    /// Tool objects declared in the document.
    Tools(Vec<&'a JsonNode>),
    /// A JSON Schema document.
    Schema,
    /// Anything else (package.json, fixtures, data): not ours.
    Other,
}

fn is_tool(n: &JsonNode) -> bool {
    n.get("name").and_then(JsonNode::as_str).is_some() && n.get("inputSchema").is_some()
}

pub fn shape(doc: &JsonNode) -> Shape<'_> {
    if is_tool(doc) {
        return Shape::Tools(vec![doc]);
    }
    let list = doc
        .get("tools")
        .or_else(|| doc.get("result").and_then(|r| r.get("tools")))
        .and_then(JsonNode::elements)
        .or_else(|| doc.elements());
    if let Some(items) = list {
        let tools: Vec<&JsonNode> = items.iter().filter(|i| is_tool(i)).collect();
        if !tools.is_empty() {
            return Shape::Tools(tools);
        }
    }
    let looks_like_schema = doc.get("$schema").is_some_and(names_a_dialect)
        || (doc.get("properties").is_some_and(JsonNode::is_object) && doc.get("type").is_some())
        || (doc.get("$schema").is_some() && SCHEMA_KEYWORDS.iter().any(|k| doc.get(k).is_some()));
    if looks_like_schema {
        Shape::Schema
    } else {
        Shape::Other
    }
}

/// Keywords only a schema has at its root: with them, any `$schema` makes a document one.
const SCHEMA_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "$defs",
    "definitions",
    "items",
    "allOf",
    "anyOf",
    "oneOf",
    "$ref",
    "enum",
    "const",
];

/// A `$schema` that names a JSON Schema metaschema (json-schema.org), not the schema an
/// instance document follows (`tsconfig.json`, `biome.json` and many editor settings name
/// theirs on schemastore.org: they are data, not schemas).
fn names_a_dialect(n: &JsonNode) -> bool {
    n.as_str().is_some_and(|s| s.contains("json-schema.org/"))
}

/// Whether a JSON file that could not be read or parsed (empty, truncated, not UTF-8, too
/// large) is a contract, so that its problem is an error (E001): its name says it is a schema
/// (`*.schema.json`, `*.input.json`), or what could be read of it has a contract's keys
/// (`inputSchema`, a metaschema in `$schema`, a root `properties` with `type`). Other files
/// (editor settings, lockfiles, data, deliberately broken test input) are not ours: they are
/// skipped, counted and listed, never an error. `text` is what could be read (may be empty).
pub fn unreadable_is_contract(path: &std::path::Path, text: &str) -> bool {
    named_as_contract(path) || marked(&CONTRACT_MARKS.map(|m| text.contains(m)))
}

/// [`unreadable_is_contract`] for a file too large to read, from which of
/// [`CONTRACT_MARKS`] a scan of the whole file found; `None` (too large even to scan) may be
/// a contract, so it is one: padding before `tools` hid a manifest from a scan of its head.
pub fn oversize_is_contract(path: &std::path::Path, found: Option<[bool; 4]>) -> bool {
    named_as_contract(path) || found.is_none_or(|f| marked(&f))
}

/// The strings whose presence makes an unreadable file a contract (see [`marked`]).
pub const CONTRACT_MARKS: [&str; 4] = [
    "\"inputSchema\"",
    "json-schema.org/",
    "\"properties\"",
    "\"type\"",
];

fn marked(found: &[bool; 4]) -> bool {
    found[0] || found[1] || (found[2] && found[3])
}

fn named_as_contract(path: &std::path::Path) -> bool {
    let name = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
    [".schema.json", ".input.json"]
        .iter()
        .any(|suffix| name.len() > suffix.len() && name.ends_with(suffix))
}

/// A JSON file as the linter reads it. A file that is not strict JSON but is JSON with
/// comments (tsconfig.json, devcontainer.json) is `None` when it declares no tool or schema:
/// such files are common and not ours. When it does, the strict error stands, at the first
/// comment or trailing comma (`Comments are not allowed`): the clients that read the manifest
/// parse JSON.
pub fn parse(file: FileId, text: &str) -> Result<Option<JsonNode>, JsonError> {
    let strict = match json::parse(file, text) {
        Ok(doc) => return Ok(Some(doc)),
        Err(e) => e,
    };
    match json::parse_jsonc(file, text) {
        Ok(doc) if matches!(shape(&doc), Shape::Other) => Ok(None),
        Ok(_) => Err(strict),
        // Broken beyond comments: the error that remains is the one to fix.
        Err(e) => Err(e),
    }
}

/// One tool object of a manifest.
/// A manifest's `inputSchema` is a schema resource of its own: `#` in its `$ref`s means
/// the `inputSchema` object, not the manifest file.
pub fn tool_from_object<'d>(
    docs: &JsonDocs<'d>,
    file: FileId,
    tool: &'d JsonNode,
) -> Option<ToolDecl> {
    let name = tool.get("name")?;
    Some(ToolDecl {
        name: name.as_str()?.to_string(),
        name_span: name.span,
        origin: Origin::Manifest,
        description: text(tool.get("description")),
        annotations: annotations(tool.get("annotations")),
        schema: tool
            .get("inputSchema")
            .map(|s| read_schema(docs, file, s, s)),
        requests: Vec::new(),
        code: None,
        spec: super::spec::mcp_tool(tool).map(|mut spec| {
            if let Some(o) = tool.get("outputSchema") {
                let facts = read_schema(docs, file, o, o);
                spec.output_invalid = super::schema::output_invalid(o, &facts);
                spec.output = Some(facts.root);
            }
            spec
        }),
        readings: Vec::new(),
    })
}

/// A schema file declares a tool when its name (file stem without `.schema`/`.input`) or
/// `title` names one. The caller decides which names count.
pub fn schema_file_names(path: &std::path::Path, doc: &JsonNode) -> Vec<Spanned<String>> {
    let mut names = Vec::new();
    if let Some(stem) = path.file_name().and_then(|f| f.to_str()) {
        let stem = stem.strip_suffix(".json").unwrap_or(stem);
        let stem = stem
            .strip_suffix(".schema")
            .or_else(|| stem.strip_suffix(".input"))
            .unwrap_or(stem);
        names.push(Spanned::new(stem.to_string(), doc.span));
    }
    if let Some(t) = doc.get("title")
        && let Some(s) = t.as_str()
    {
        names.push(Spanned::new(s.to_string(), t.span));
    }
    names
}

/// The whole schema file as one tool's input.
pub fn tool_from_schema_file<'d>(
    docs: &JsonDocs<'d>,
    file: FileId,
    doc: &'d JsonNode,
    name: Spanned<String>,
) -> ToolDecl {
    ToolDecl {
        name: name.value,
        name_span: name.span,
        origin: Origin::SchemaFile,
        description: text(doc.get("description")),
        annotations: Annotations::default(),
        schema: Some(read_schema(docs, file, doc, doc)),
        requests: Vec::new(),
        code: None,
        spec: None,
        readings: Vec::new(),
    }
}

fn text(n: Option<&JsonNode>) -> Option<Spanned<String>> {
    n.and_then(|n| n.as_str().map(|s| Spanned::new(s.to_string(), n.span)))
}

/// MCP and WebMCP annotation flags; each API only ever sets its own.
pub fn annotations(n: Option<&JsonNode>) -> Annotations {
    let Some(n) = n else {
        return Annotations::default();
    };
    let flag = |k: &str| {
        n.get(k)
            .and_then(|v| v.as_bool().map(|b| Spanned::new(b, v.span)))
    };
    Annotations {
        read_only: flag("readOnlyHint"),
        destructive: flag("destructiveHint"),
        idempotent: flag("idempotentHint"),
        open_world: flag("openWorldHint"),
        untrusted_content: flag("untrustedContentHint"),
        consequential: flag("consequentialHint"),
        auto_submit: None,
    }
}
