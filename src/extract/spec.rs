//! What the MCP and WebMCP specifications check of a tool object beyond what its input schema
//! means: `x-mcp-header` annotations and where they sit, `execution.taskSupport`, whether an
//! `outputSchema` is published, the schema keywords outside the proposed WebMCP validation
//! subset, and for page tools the annotation keys as written. Read from the tool object's JSON tree, so manifests and page scripts give the same
//! facts.

use super::json_tree::JsonNode;
use crate::contract::{JsonKind, McpHeader, OutputRoot, SpecFacts, WEBMCP_SUBSET};
use crate::source::{Span, Spanned};

/// Schemas nested deeper than this are not walked for these facts (the schema reader reports
/// what it could not read).
const MAX_DEPTH: usize = 64;

/// Keywords whose value is one subschema.
const ONE: &[&str] = &[
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
];
/// Keywords whose value is a list of subschemas.
const LIST: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keywords whose value maps names to subschemas (`properties` is walked on its own).
const MAP: &[&str] = &[
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// The facts of an MCP tool object (a manifest entry, a `tools/list` item).
pub fn mcp_tool(tool: &JsonNode) -> Option<Box<SpecFacts>> {
    let mut facts = SpecFacts::default();
    if let Some(schema) = tool.get("inputSchema") {
        walk(schema, "", true, 0, &mut facts);
    }
    facts.task_support = tool
        .get("execution")
        .and_then(|e| e.get("taskSupport"))
        .map(|t| Spanned::new(t.as_str().unwrap_or("").to_string(), t.span));
    let output = tool.get("outputSchema");
    facts.output_schema = output.map(|o| o.span);
    facts.output_root = output.and_then(output_root);
    boxed(facts)
}

/// The root of an `outputSchema`, when it is not a schema object with `type: "object"`.
fn output_root(schema: &JsonNode) -> Option<Spanned<OutputRoot>> {
    let kind = match &schema.kind {
        JsonKind::Object(_) => None,
        JsonKind::Null => Some("null"),
        JsonKind::Bool(_) => Some("boolean"),
        JsonKind::Number(_) => Some("number"),
        JsonKind::String(_) => Some("string"),
        JsonKind::Array(_) => Some("array"),
    };
    if let Some(kind) = kind {
        return Some(Spanned::new(OutputRoot::NotObject(kind), schema.span));
    }
    match schema.get("type") {
        Some(t) if t.as_str() == Some("object") => None,
        // As written, compactly: `"array"`, `["object","null"]`.
        Some(t) => Some(Spanned::new(
            OutputRoot::OtherType(t.to_value().to_string()),
            t.span,
        )),
        None => Some(Spanned::new(
            OutputRoot::OtherType(String::new()),
            schema.span,
        )),
    }
}

/// The facts of an input schema written alone (a Rust `json!` given to `Tool::new`).
pub fn input_schema(schema: &JsonNode) -> Option<Box<SpecFacts>> {
    let mut facts = SpecFacts::default();
    walk(schema, "", true, 0, &mut facts);
    boxed(facts)
}

/// The facts of a WebMCP page tool: its lowered `inputSchema`, `annotations` and
/// `outputSchema` (Chrome reads one; the draft has none yet).
pub fn page_tool(
    schema: Option<&JsonNode>,
    annotations: Option<&JsonNode>,
    output: Option<Span>,
) -> SpecFacts {
    let mut facts = SpecFacts::default();
    if let Some(schema) = schema {
        walk(schema, "", true, 0, &mut facts);
    }
    if let Some(members) = annotations.and_then(JsonNode::members) {
        facts.annotation_keys = members
            .iter()
            .map(|m| Spanned::new(m.key.clone(), m.key_span))
            .collect();
    }
    facts.output_schema = output;
    facts
}

pub fn boxed(facts: SpecFacts) -> Option<Box<SpecFacts>> {
    (!facts.is_empty()).then(|| Box::new(facts))
}

/// One schema at `at`; `reachable` while every step from the root was a `properties` key.
fn walk(node: &JsonNode, at: &str, reachable: bool, depth: usize, facts: &mut SpecFacts) {
    let Some(members) = node.members() else {
        return;
    };
    if depth > MAX_DEPTH {
        return;
    }
    let join = |key: &str| {
        if at.is_empty() {
            key.to_string()
        } else {
            format!("{at}/{key}")
        }
    };
    for m in members {
        let allowed = match m.key.as_str() {
            "additionalProperties" => m.value.as_bool() == Some(false),
            // The root's is the schema facts' declared dialect: most published schemas carry
            // one, and keeping it twice would box these facts for every such tool.
            "$schema" => depth == 0,
            k => WEBMCP_SUBSET.contains(&k),
        };
        if !allowed {
            facts
                .schema_keywords
                .push(Spanned::new(m.key.clone(), m.key_span));
        }
        if m.key == "x-mcp-header" {
            facts.headers.push(McpHeader {
                value: m.value.as_str().map(str::to_string),
                span: m.value.span,
                at: if at.is_empty() {
                    "the schema root".into()
                } else {
                    at.to_string()
                },
                types: types(node),
                reachable: reachable && !at.is_empty(),
            });
        }
    }
    if let Some(props) = node.get("properties").and_then(JsonNode::members) {
        for p in props {
            let child = match (at.is_empty(), reachable) {
                (true, _) => p.key.clone(),
                (false, true) => format!("{at}.{}", p.key),
                (false, false) => format!("{at}/properties/{}", p.key),
            };
            walk(&p.value, &child, reachable, depth + 1, facts);
        }
    }
    for key in ONE {
        if let Some(v) = node.get(key) {
            walk(v, &join(key), false, depth + 1, facts);
        }
    }
    if let Some(items) = node.get("items") {
        match items.elements() {
            Some(list) => {
                for (i, v) in list.iter().enumerate() {
                    walk(v, &join(&format!("items/{i}")), false, depth + 1, facts);
                }
            }
            None => walk(items, &join("items"), false, depth + 1, facts),
        }
    }
    for key in LIST {
        for (i, v) in node
            .get(key)
            .and_then(JsonNode::elements)
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            walk(v, &join(&format!("{key}/{i}")), false, depth + 1, facts);
        }
    }
    for key in MAP {
        for p in node.get(key).and_then(JsonNode::members).unwrap_or(&[]) {
            walk(
                &p.value,
                &join(&format!("{key}/{}", p.key)),
                false,
                depth + 1,
                facts,
            );
        }
    }
}

/// The `type` names a schema declares, as written.
fn types(node: &JsonNode) -> Vec<String> {
    match node.get("type") {
        Some(t) => match t.elements() {
            Some(list) => list
                .iter()
                .filter_map(JsonNode::as_str)
                .map(str::to_string)
                .collect(),
            None => t.as_str().map(str::to_string).into_iter().collect(),
        },
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::FileId;

    #[test]
    fn an_output_schema_root_other_than_an_object_schema_is_kept_as_written() {
        let root = |output: &str| {
            let text = format!(
                r#"{{"name": "q", "inputSchema": {{"type": "object"}}, "outputSchema": {output}}}"#
            );
            let tool = super::super::json_tree::parse(FileId(0), &text).unwrap();
            mcp_tool(&tool)
                .and_then(|f| f.output_root.clone())
                .map(|r| r.value)
        };
        assert_eq!(root(r#"{"type": "object", "properties": {}}"#), None);
        assert_eq!(
            root(r#"{"type": "array", "items": {}}"#),
            Some(OutputRoot::OtherType("\"array\"".into()))
        );
        assert_eq!(
            root(r#"{"type": ["object", "null"]}"#),
            Some(OutputRoot::OtherType("[\"object\",\"null\"]".into()))
        );
        assert_eq!(
            root(r#"{"properties": {}}"#),
            Some(OutputRoot::OtherType(String::new()))
        );
        assert_eq!(root("null"), Some(OutputRoot::NotObject("null")));
        assert_eq!(root("true"), Some(OutputRoot::NotObject("boolean")));
    }

    #[test]
    fn headers_know_their_path_type_and_whether_properties_alone_reach_them() {
        let tool = super::super::json_tree::parse(
            FileId(0),
            r#"{"name": "q", "execution": {"taskSupport": "optional"}, "outputSchema": {},
                "inputSchema": {"type": "object", "x-mcp-header": "Root", "properties": {
                  "scope": {"type": "object", "properties": {"project": {"type": "string", "x-mcp-header": "Project"}}},
                  "tags": {"type": "array", "items": {"type": "string", "x-mcp-header": "Tag"}},
                  "n": {"type": ["number", "null"], "x-mcp-header": 5}},
                "$defs": {"d": {"type": "string", "x-mcp-header": "Def"}}}}"#,
        )
        .unwrap();
        let facts = mcp_tool(&tool).unwrap();
        let seen: Vec<_> = facts
            .headers
            .iter()
            .map(|h| {
                (
                    h.at.as_str(),
                    h.value.as_deref(),
                    h.types.join("|"),
                    h.reachable,
                )
            })
            .collect();
        assert_eq!(
            seen,
            vec![
                ("the schema root", Some("Root"), "object".into(), false),
                ("scope.project", Some("Project"), "string".into(), true),
                ("tags/items", Some("Tag"), "string".into(), false),
                ("n", None, "number|null".into(), true),
                ("$defs/d", Some("Def"), "string".into(), false),
            ]
        );
        assert_eq!(facts.task_support.as_ref().unwrap().value, "optional");
        assert!(facts.output_schema.is_some());
        // The keywords outside the proposed WebMCP subset, wherever a subschema sits.
        let keywords: Vec<_> = facts
            .schema_keywords
            .iter()
            .map(|k| k.value.as_str())
            .collect();
        assert_eq!(
            keywords,
            [
                "x-mcp-header",
                "$defs",
                "x-mcp-header",
                "x-mcp-header",
                "x-mcp-header",
                "x-mcp-header"
            ]
        );
    }

    #[test]
    fn only_keywords_outside_the_webmcp_subset_are_kept() {
        let tool = super::super::json_tree::parse(
            FileId(0),
            r#"{"name": "q", "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object", "additionalProperties": false, "properties": {
                  "tags": {"type": "array", "title": "Tags", "minItems": 1, "items": {"type": "string", "maxLength": 20}},
                  "meta": {"type": "object", "additionalProperties": {"type": "string"}},
                  "open": {"type": "object", "additionalProperties": true}}}}"#,
        )
        .unwrap();
        let facts = mcp_tool(&tool).unwrap();
        let keywords: Vec<_> = facts
            .schema_keywords
            .iter()
            .map(|k| k.value.as_str())
            .collect();
        assert_eq!(
            keywords,
            // The root's `$schema` is the schema facts' declared dialect, not repeated here.
            [
                "title",
                "minItems",
                "additionalProperties",
                "additionalProperties"
            ]
        );
    }

    #[test]
    fn a_plain_tool_carries_no_facts() {
        let tool = super::super::json_tree::parse(
            FileId(0),
            r#"{"name": "q", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}"#,
        )
        .unwrap();
        assert!(mcp_tool(&tool).is_none());
    }
}
