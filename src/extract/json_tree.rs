//! A span-preserving JSON tree. Built on `jsonc-parser` in strict JSON mode, then lowered
//! into an owned tree whose every node and key knows its byte range.

pub use crate::contract::{JsonError, JsonKind, JsonMember, JsonNode};
use crate::source::{FileId, Span};
use jsonc_parser::ast;

/// Deeper nesting than this is refused before parsing: the parser recurses, and no real
/// schema or manifest comes close.
pub const MAX_DEPTH: usize = 256;

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
