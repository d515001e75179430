//! Suppression facts: `// contractlint: allow(CODE, ...) reason` comments in Rust and
//! `"x-contractlint-allow": ["CODE"]` on JSON Schema objects. This only finds them and the
//! byte range each one covers; the engine (`crate::engine::suppress`) decides what they silence.

use super::json_tree::{JsonKind, JsonNode};
use crate::contract::Suppression;
use crate::source::{SourceFile, Span, Spanned};
use syn::spanned::Spanned as _;
use syn::visit::Visit;

/// The JSON keyword that suppresses findings inside the object carrying it.
pub const JSON_KEYWORD: &str = "x-contractlint-allow";

const MARKER: &str = "contractlint:";

/// Suppressions in a JSON document: every object with an `x-contractlint-allow` member
/// holding a string or an array of strings covers its own span. JSON has no comments, so
/// the object's `$comment` is taken as the reason.
pub fn from_json(doc: &JsonNode, out: &mut Vec<Suppression>) {
    match &doc.kind {
        JsonKind::Object(members) => {
            for m in members {
                if m.key == JSON_KEYWORD {
                    let codes: Vec<Spanned<String>> = match &m.value.kind {
                        JsonKind::Array(items) => items.iter().filter_map(code).collect(),
                        _ => code(&m.value).into_iter().collect(),
                    };
                    if !codes.is_empty() {
                        out.push(Suppression {
                            codes,
                            scope: doc.span,
                            reason: doc.get("$comment").and_then(|c| c.as_str()).map(Into::into),
                        });
                    }
                }
                from_json(&m.value, out);
            }
        }
        JsonKind::Array(items) => items.iter().for_each(|i| from_json(i, out)),
        _ => {}
    }
}

fn code(node: &JsonNode) -> Option<Spanned<String>> {
    node.as_str()
        .map(|s| Spanned::new(s.trim().to_string(), node.span))
}

/// A directive found on one line, before its scope is known.
struct Directive {
    line: usize,
    /// Code precedes the comment on its line: it covers that line only.
    trailing: bool,
    codes: Vec<Spanned<String>>,
    reason: Option<String>,
}

/// Suppressions in a Rust file. A comment after code covers its line; a comment on a line
/// of its own covers the next code line and, when an item, field, variant, statement or
/// match arm starts there, everything up to that node's last line.
pub fn from_rust(file: &SourceFile, id: crate::source::FileId) -> Vec<Suppression> {
    let text = &*file.text;
    if memchr::memmem::find(text.as_bytes(), MARKER.as_bytes()).is_none() {
        return Vec::new();
    }
    let starts = file.line_starts();
    let line_text = |i: usize| {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        &text[starts[i]..end]
    };
    let directives: Vec<Directive> = (0..starts.len())
        .filter_map(|i| directive(line_text(i), starts[i], i, id))
        .collect();
    if directives.is_empty() {
        return Vec::new();
    }
    let extents = node_extents(text);
    directives
        .into_iter()
        .map(|d| {
            let (first, last) = if d.trailing {
                (d.line, d.line)
            } else {
                let target = (d.line + 1..starts.len())
                    .find(|&i| {
                        let t = line_text(i).trim();
                        !t.is_empty() && !t.starts_with("//")
                    })
                    .unwrap_or(d.line);
                let last = extents
                    .iter()
                    .filter(|(s, _)| *s == target)
                    .map(|(_, e)| *e)
                    .max()
                    .unwrap_or(target);
                (target, last)
            };
            let end = starts.get(last + 1).copied().unwrap_or(text.len());
            Suppression {
                codes: d.codes,
                scope: Span::new(id, starts[first], end),
                reason: d.reason,
            }
        })
        .collect()
}

/// Parse `// contractlint: allow(A, B) reason` on one line (`offset` is the line's start).
fn directive(
    line: &str,
    offset: usize,
    index: usize,
    id: crate::source::FileId,
) -> Option<Directive> {
    let at = line.find("//")?;
    let before = &line[..at];
    // A `//` inside a string literal is not a comment.
    if before.matches('"').count() % 2 == 1 {
        return None;
    }
    let comment = &line[at + 2..];
    // Doc comments (`///`, `//!`) are documentation, not directives.
    if comment.starts_with('/') || comment.starts_with('!') {
        return None;
    }
    let rest = comment.trim_start().strip_prefix(MARKER)?.trim_start();
    let args = rest.strip_prefix("allow(")?;
    let close = args.find(')')?;
    let list_offset = offset + at + 2 + (comment.len() - args.len());
    let mut codes = Vec::new();
    let mut pos = 0;
    for part in args[..close].split(',') {
        let trimmed = part.trim();
        if !trimmed.is_empty() {
            let start = list_offset + pos + (part.len() - part.trim_start().len());
            codes.push(Spanned::new(
                trimmed.to_string(),
                Span::new(id, start, start + trimmed.len()),
            ));
        }
        pos += part.len() + 1;
    }
    let reason = args[close + 1..]
        .trim()
        .trim_start_matches([':', '-', '—'])
        .trim();
    Some(Directive {
        line: index,
        trailing: !before.trim().is_empty(),
        codes,
        reason: (!reason.is_empty()).then(|| reason.to_string()),
    })
}

/// (first line, last line), 0-based, of every item, field, variant, statement and arm.
fn node_extents(text: &str) -> Vec<(usize, usize)> {
    struct Collect(Vec<(usize, usize)>);
    impl Collect {
        fn add(&mut self, span: proc_macro2::Span) {
            let (s, e) = (span.start().line, span.end().line);
            if s > 0 {
                self.0.push((s - 1, e.max(s) - 1));
            }
        }
    }
    impl<'ast> Visit<'ast> for Collect {
        fn visit_item(&mut self, i: &'ast syn::Item) {
            self.add(i.span());
            syn::visit::visit_item(self, i);
        }
        fn visit_impl_item(&mut self, i: &'ast syn::ImplItem) {
            self.add(i.span());
            syn::visit::visit_impl_item(self, i);
        }
        fn visit_trait_item(&mut self, i: &'ast syn::TraitItem) {
            self.add(i.span());
            syn::visit::visit_trait_item(self, i);
        }
        fn visit_field(&mut self, i: &'ast syn::Field) {
            self.add(i.span());
            syn::visit::visit_field(self, i);
        }
        fn visit_variant(&mut self, i: &'ast syn::Variant) {
            self.add(i.span());
            syn::visit::visit_variant(self, i);
        }
        fn visit_stmt(&mut self, i: &'ast syn::Stmt) {
            self.add(i.span());
            syn::visit::visit_stmt(self, i);
        }
        fn visit_arm(&mut self, i: &'ast syn::Arm) {
            self.add(i.span());
            syn::visit::visit_arm(self, i);
        }
    }
    // A file that does not parse (or nests too deep to parse safely) still has its
    // line-level suppressions.
    super::rust::parse::with_file(text, |file| {
        let mut c = Collect(Vec::new());
        c.visit_file(file);
        c.0
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::FileId;

    fn rust(text: &str) -> (SourceFile, Vec<Suppression>) {
        let f = SourceFile::new("src/cart.rs".into(), text.into());
        let s = from_rust(&f, FileId(0));
        (f, s)
    }

    fn lines(f: &SourceFile, s: &Suppression) -> (usize, usize) {
        (
            f.position(s.scope.start()).line,
            f.position(s.scope.end().saturating_sub(1)).line,
        )
    }

    #[test]
    fn trailing_comment_covers_its_line() {
        let (f, s) = rust(
            "fn a() {\n    let q = x.unwrap_or(1); // contractlint: allow(R001) legacy clients\n}\n",
        );
        assert_eq!(s.len(), 1);
        assert_eq!(lines(&f, &s[0]), (2, 2));
        assert_eq!(s[0].codes[0].value, "R001");
        assert_eq!(f.position(s[0].codes[0].span.start()).column, 52);
        assert_eq!(s[0].reason.as_deref(), Some("legacy clients"));
    }

    #[test]
    fn comment_above_an_item_covers_the_whole_item() {
        let (f, s) = rust(
            "// contractlint: allow(R001, silent-default)\n#[derive(Deserialize)]\nstruct Args {\n    quantity: u32,\n}\nfn other() {}\n",
        );
        assert_eq!(lines(&f, &s[0]), (2, 5));
        assert_eq!(s[0].codes.len(), 2);
        assert_eq!(s[0].codes[1].value, "silent-default");
        assert_eq!(s[0].reason, None);
    }

    #[test]
    fn strings_and_doc_comments_are_not_directives() {
        let (_, s) = rust(
            "/// contractlint: allow(R001)\nconst A: &str = \"// contractlint: allow(R001)\";\n",
        );
        assert!(s.is_empty());
    }

    #[test]
    fn json_keyword_covers_its_object() {
        let text = r#"{"type":"object","properties":{"a":{"type":"string"}},"x-contractlint-allow":["S003","S008"]}"#;
        let doc = crate::extract::json_tree::parse(FileId(0), text).unwrap();
        let mut out = Vec::new();
        from_json(&doc, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].scope, doc.span);
        assert_eq!(out[0].codes[1].value, "S008");
        assert_eq!(out[0].reason, None);
        assert_eq!(
            &text[out[0].codes[1].span.start()..out[0].codes[1].span.end()],
            "\"S008\""
        );
    }
}
