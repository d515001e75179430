//! A span-preserving JSON tree: every node and key knows its byte range. JSON files, page
//! literals and `json!` macros are all lowered into it by their extractors, so the schema
//! reader sees one shape whatever the source.

use crate::source::Span;
use serde_json::Value;
use std::collections::HashMap;

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

/// Objects of at most this many keys are searched for a repeated key without a map.
const SCAN_KEYS: usize = 16;

/// One step from a node to a child: an object's key or an array's index.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The JSON pointer (RFC 6901) of the way `at`.
fn pointer(at: &[Step<'_>]) -> String {
    let mut out = String::new();
    for step in at {
        out.push('/');
        match step {
            Step::Key(k) => out.push_str(&k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
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
            // Most objects have a few keys: comparing each with those before it finds the
            // same first occurrence as a map, without building one per object (a map per
            // object was 1% of a 1,000-tool run, docs/performance.md, session 56).
            JsonKind::Object(members) if members.len() <= SCAN_KEYS => {
                for (i, m) in members.iter().enumerate() {
                    if let Some(first) = members[..i].iter().find(|f| f.key == m.key) {
                        out.push((first, m));
                    }
                    m.value.collect_duplicates(out);
                }
            }
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
        self.collect_unrepresentable(&mut Vec::new(), &mut out);
        out
    }

    /// `at` is the way from the root, spelt as a pointer only for a number found: spelling
    /// it at every member built a string per node of every schema, for numbers that are
    /// almost never there (1.5% of a 1,000-tool run, docs/performance.md, session 56).
    fn collect_unrepresentable<'a>(
        &'a self,
        at: &mut Vec<Step<'a>>,
        out: &mut Vec<(String, &'a JsonNode)>,
    ) {
        match &self.kind {
            JsonKind::Number(n) if serde_json::from_str::<serde_json::Number>(n).is_err() => {
                out.push((pointer(at), self));
            }
            JsonKind::Object(members) => {
                for m in members {
                    at.push(Step::Key(&m.key));
                    m.value.collect_unrepresentable(at, out);
                    at.pop();
                }
            }
            JsonKind::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    at.push(Step::Index(i));
                    item.collect_unrepresentable(at, out);
                    at.pop();
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

#[cfg(test)]
mod tests {
    use crate::extract::json_tree::parse;
    use crate::source::FileId;

    #[test]
    fn a_huge_number_is_found_at_its_pointer_with_keys_escaped() {
        let doc = parse(FileId(0), r#"{"a/b":{"c~d":[1,2,1e400]},"e":5}"#).unwrap();
        let found: Vec<String> = doc
            .unrepresentable_numbers()
            .into_iter()
            .map(|(at, _)| at)
            .collect();
        assert_eq!(found, ["/a~1b/c~0d/2"]);
    }

    #[test]
    fn a_repeated_key_is_paired_with_its_first_occurrence_in_small_and_large_objects() {
        for n in [3, super::SCAN_KEYS + 4] {
            let keys: Vec<String> = (0..n).map(|i| format!(r#""k{i}":{i}"#)).collect();
            let text = format!(r#"{{{},"k1":"again","k1":"and again"}}"#, keys.join(","));
            let doc = parse(FileId(0), &text).unwrap();
            // Which `"k1"` of the text a key's span starts at (its quote or its first letter).
            let nth = |at: usize| text[..=at].matches(r#""k1""#).count();
            let pairs: Vec<(usize, usize)> = doc
                .duplicate_keys()
                .into_iter()
                .map(|(first, again)| (nth(first.key_span.start()), nth(again.key_span.start())))
                .collect();
            assert_eq!(pairs, [(0, 1), (0, 2)], "{n} keys");
        }
    }
}
