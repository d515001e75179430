//! A span-preserving JSON tree. Built on `jsonc-parser` in strict JSON mode, then lowered
//! into an owned tree whose every node and key knows its byte range.

use crate::source::{FileId, Span};
use jsonc_parser::ast;
use serde_json::Value;
use std::collections::HashMap;

/// Deeper nesting than this is refused before parsing: the parser recurses, and no real
/// schema or manifest comes close.
pub const MAX_DEPTH: usize = 256;

#[derive(Clone, Debug)]
pub struct JsonNode {
    pub span: Span,
    pub kind: JsonKind,
}

#[derive(Clone, Debug)]
pub enum JsonKind {
    Null,
    Bool(bool),
    /// The number exactly as written, so `1e400` and `-0` survive.
    Number(String),
    String(String),
    Array(Vec<JsonNode>),
    Object(Vec<JsonMember>),
}

#[derive(Clone, Debug)]
pub struct JsonMember {
    pub key: String,
    pub key_span: Span,
    pub value: JsonNode,
}

/// Why a JSON text could not be read, and where.
#[derive(Clone, Debug)]
pub struct JsonError {
    pub message: String,
    pub span: Span,
}

/// Parse strict JSON (RFC 8259): what the clients that read a tool manifest accept.
pub fn parse(file: FileId, text: &str) -> Result<JsonNode, JsonError> {
    parse_with(file, text, false)
}

/// Parse JSON with comments and trailing commas (tsconfig.json, VS Code settings): only to
/// tell such a file's shape, for it is not JSON to a tool client.
pub fn parse_jsonc(file: FileId, text: &str) -> Result<JsonNode, JsonError> {
    parse_with(file, text, true)
}

fn parse_with(file: FileId, text: &str, jsonc: bool) -> Result<JsonNode, JsonError> {
    if let Some(at) = too_deep(text) {
        return Err(JsonError {
            message: format!("JSON nested deeper than {MAX_DEPTH} levels; not parsed"),
            span: Span::new(file, at, at + 1),
        });
    }
    if let Some((at, c)) = (!jsonc).then(|| not_rfc8259(text)).flatten() {
        let what = match c < ' ' {
            true => "a raw control character inside a string (it must be escaped)",
            false => "whitespace JSON does not allow",
        };
        return Err(JsonError {
            message: format!("invalid JSON: {what}, U+{:04X}", c as u32),
            span: Span::new(file, at, at + c.len_utf8()),
        });
    }
    // Every option named, none defaulted: the parser's defaults are JSON5-lenient (`NaN`,
    // `.5`, `'x'`), which no JSON client reads.
    let options = jsonc_parser::ParseOptions {
        allow_comments: jsonc,
        allow_loose_object_property_names: false,
        allow_trailing_commas: jsonc,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    };
    let collect = jsonc_parser::CollectOptions::default();
    match jsonc_parser::parse_to_ast(text, &collect, &options) {
        Ok(result) => match result.value {
            Some(value) => Ok(lower(file, value)),
            None => Err(JsonError {
                message: "empty file: expected a JSON value".into(),
                span: Span::new(file, 0, 0),
            }),
        },
        Err(e) => {
            let range = e.range();
            Err(JsonError {
                message: format!("invalid JSON: {}", e.kind()),
                span: Span::new(file, range.start, range.end.max(range.start)),
            })
        }
    }
}

/// The first character RFC 8259 rejects that the parser lets through: a control character
/// (U+0000 to U+001F) inside a string, or whitespace other than space, tab, line feed and
/// carriage return outside one (a leading U+00A0). Every other JSON parser refuses both.
fn not_rfc8259(text: &str) -> Option<(usize, char)> {
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match c {
                _ if c < ' ' => return Some((i, c)),
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if c.is_whitespace() && !matches!(c, ' ' | '\t' | '\n' | '\r') {
            return Some((i, c));
        }
    }
    None
}

/// Offset of the first bracket that exceeds [`MAX_DEPTH`], ignoring brackets in strings.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn lower(file: FileId, value: ast::Value) -> JsonNode {
    let span = |r: jsonc_parser::common::Range| Span::new(file, r.start, r.end);
    match value {
        ast::Value::NullKeyword(n) => JsonNode {
            span: span(n.range),
            kind: JsonKind::Null,
        },
        ast::Value::BooleanLit(b) => JsonNode {
            span: span(b.range),
            kind: JsonKind::Bool(b.value),
        },
        ast::Value::NumberLit(n) => JsonNode {
            span: span(n.range),
            kind: JsonKind::Number(n.value.to_string()),
        },
        ast::Value::StringLit(s) => JsonNode {
            span: span(s.range),
            kind: JsonKind::String(s.value.into_owned()),
        },
        ast::Value::Array(a) => JsonNode {
            span: span(a.range),
            kind: JsonKind::Array(a.elements.into_iter().map(|v| lower(file, v)).collect()),
        },
        ast::Value::Object(o) => JsonNode {
            span: span(o.range),
            kind: JsonKind::Object(
                o.properties
                    .into_iter()
                    .map(|p| {
                        let (key, key_range) = match p.name {
                            ast::ObjectPropName::String(s) => (s.value.into_owned(), s.range),
                            ast::ObjectPropName::Word(w) => (w.value.to_string(), w.range),
                        };
                        JsonMember {
                            key,
                            key_span: span(key_range),
                            value: lower(file, p.value),
                        }
                    })
                    .collect(),
            ),
        },
    }
}

impl JsonNode {
    pub fn members(&self) -> Option<&[JsonMember]> {
        match &self.kind {
            JsonKind::Object(m) => Some(m),
            _ => None,
        }
    }

    pub fn elements(&self) -> Option<&[JsonNode]> {
        match &self.kind {
            JsonKind::Array(e) => Some(e),
            _ => None,
        }
    }

    /// The member with this key; the last one wins, as in serde_json.
    pub fn member(&self, key: &str) -> Option<&JsonMember> {
        self.members()?.iter().rev().find(|m| m.key == key)
    }

    pub fn get(&self, key: &str) -> Option<&JsonNode> {
        self.member(key).map(|m| &m.value)
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            JsonKind::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.kind {
            JsonKind::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match &self.kind {
            JsonKind::Number(n) => n.parse::<f64>().ok().filter(|f| f.is_finite()),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self.kind, JsonKind::Object(_))
    }

    /// Follow an RFC 6901 JSON pointer (`/a/0/b`, `~0`/`~1` escapes).
    pub fn pointer(&self, pointer: &str) -> Option<&JsonNode> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut node = self;
        for raw in pointer.strip_prefix('/')?.split('/') {
            let token = raw.replace("~1", "/").replace("~0", "~");
            node = match &node.kind {
                JsonKind::Object(_) => node.get(&token)?,
                JsonKind::Array(items) => items.get(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// Every member whose key repeats an earlier key of the same object (keys compared after
    /// unescaping), each with the member it repeats. Parsers disagree on which one wins.
    pub fn duplicate_keys(&self) -> Vec<(&JsonMember, &JsonMember)> {
        let mut out = Vec::new();
        self.collect_duplicates(&mut out);
        out
    }

    fn collect_duplicates<'a>(&'a self, out: &mut Vec<(&'a JsonMember, &'a JsonMember)>) {
        match &self.kind {
            JsonKind::Object(members) => {
                let mut seen: HashMap<&str, &JsonMember> = HashMap::new();
                for m in members {
                    if let Some(first) = seen.get(m.key.as_str()) {
                        out.push((*first, m));
                    } else {
                        seen.insert(&m.key, m);
                    }
                    m.value.collect_duplicates(out);
                }
            }
            JsonKind::Array(items) => items.iter().for_each(|i| i.collect_duplicates(out)),
            _ => {}
        }
    }

    /// Every number a 64-bit float cannot hold (`1e400`), with its JSON pointer: JSON
    /// parsers read it as infinity, reject it or keep it exactly.
    pub fn unrepresentable_numbers(&self) -> Vec<(String, &JsonNode)> {
        let mut out = Vec::new();
        self.collect_unrepresentable(String::new(), &mut out);
        out
    }

    fn collect_unrepresentable<'a>(&'a self, at: String, out: &mut Vec<(String, &'a JsonNode)>) {
        match &self.kind {
            JsonKind::Number(n) if serde_json::from_str::<serde_json::Number>(n).is_err() => {
                out.push((at, self));
            }
            JsonKind::Object(members) => {
                for m in members {
                    let token = m.key.replace('~', "~0").replace('/', "~1");
                    m.value
                        .collect_unrepresentable(format!("{at}/{token}"), out);
                }
            }
            JsonKind::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    item.collect_unrepresentable(format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    /// The node as a `serde_json::Value`. Numbers serde_json cannot hold (`1e400`) become
    /// `null`; [`JsonNode::unrepresentable_numbers`] finds them to be reported.
    pub fn to_value(&self) -> Value {
        match &self.kind {
            JsonKind::Null => Value::Null,
            JsonKind::Bool(b) => Value::Bool(*b),
            JsonKind::Number(n) => serde_json::from_str::<serde_json::Number>(n)
                .map(Value::Number)
                .unwrap_or(Value::Null),
            JsonKind::String(s) => Value::String(s.clone()),
            JsonKind::Array(items) => Value::Array(items.iter().map(JsonNode::to_value).collect()),
            JsonKind::Object(members) => {
                let mut map = serde_json::Map::new();
                for m in members {
                    map.insert(m.key.clone(), m.value.to_value());
                }
                Value::Object(map)
            }
        }
    }
}
