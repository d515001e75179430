//! Map offsets in a decoded string literal back to the bytes of the file it was written
//! in, so a claim found in `"no more than 80\u00a0mm"` points at the exact characters.
//! One decoder per literal syntax (JSON, Rust, JavaScript); all produce the same [`TextMap`].

use crate::source::{SourceMap, Span};

/// How a literal is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralKind {
    /// A JSON string: `"…"` with `\" \\ \/ \b \f \n \r \t \uXXXX` (surrogate pairs joined).
    Json,
    /// A Rust string: `"…"` with `\n \r \t \0 \\ \' \" \xHH \u{…}` and line continuations,
    /// or a raw string `r#"…"#` with none.
    Rust,
    /// A JavaScript string: `'…'`, `"…"` or a template without substitutions.
    Js,
}

impl LiteralKind {
    /// The literal syntax of a file, from its extension.
    pub fn for_path(path: &std::path::Path) -> Option<LiteralKind> {
        match path.extension()?.to_str()? {
            "json" => Some(LiteralKind::Json),
            "rs" => Some(LiteralKind::Rust),
            "js" | "mjs" | "cjs" | "ts" | "mts" | "cts" | "jsx" | "tsx" => Some(LiteralKind::Js),
            _ => None,
        }
    }
}

/// Decoded byte offsets → file byte ranges, one entry per decoded character.
#[derive(Clone, Debug)]
pub struct TextMap {
    /// The literal as a whole: the fallback when the text could not be mapped.
    whole: Span,
    /// (decoded start, file start, file end) per decoded character, in order.
    chars: CharMap,
}

impl TextMap {
    /// A map that sends every range to the whole literal (text not statically decodable).
    pub fn whole(span: Span) -> TextMap {
        TextMap {
            whole: span,
            chars: Vec::new(),
        }
    }

    /// The map for `decoded`, written as the literal at `span`. Falls back to the whole
    /// literal when the file's bytes do not decode to exactly `decoded` (a doc comment, a
    /// `concat!`, text assembled at run time).
    pub fn for_text(sources: &SourceMap, span: Span, decoded: &str) -> TextMap {
        let file = sources.get(span.file);
        let Some(kind) = LiteralKind::for_path(&file.path) else {
            return TextMap::whole(span);
        };
        let raw = sources.text(span);
        let chars = match decode(kind, raw) {
            Some((text, chars)) if text == decoded => Some(chars),
            _ if kind == LiteralKind::Rust => align_comment(raw, decoded),
            _ => None,
        };
        match chars {
            Some(chars) => TextMap {
                whole: span,
                chars: chars
                    .into_iter()
                    .map(|(d, s, e)| (d, span.start() + s, span.start() + e))
                    .collect(),
            },
            None => TextMap::whole(span),
        }
    }

    /// The file span of the decoded byte range `start..end`.
    pub fn span(&self, start: usize, end: usize) -> Span {
        let at = |offset: usize| {
            let i = self.chars.partition_point(|c| c.0 <= offset);
            i.checked_sub(1).map(|i| self.chars[i])
        };
        match (at(start), at(end.saturating_sub(1).max(start))) {
            (Some(a), Some(b)) if !self.chars.is_empty() => {
                Span::new(self.whole.file, a.1, b.2.max(a.1))
            }
            _ => self.whole,
        }
    }
}

/// (decoded start, raw start, raw end) of each decoded character.
pub type CharMap = Vec<(usize, usize, usize)>;

/// Decode a literal; each decoded char comes with its raw byte range inside `raw`.
pub fn decode(kind: LiteralKind, raw: &str) -> Option<(String, CharMap)> {
    let mut out = Decoded::default();
    match kind {
        LiteralKind::Json => escaped(raw.strip_prefix('"')?.strip_suffix('"')?, 1, kind, &mut out)?,
        LiteralKind::Rust => {
            if let Some(rest) = raw.strip_prefix('r') {
                let hashes = rest.len() - rest.trim_start_matches('#').len();
                let body = rest[hashes..]
                    .strip_prefix('"')?
                    .strip_suffix(&rest[..hashes])?
                    .strip_suffix('"')?;
                for (i, c) in body.char_indices() {
                    out.push(c, 2 + hashes + i, 2 + hashes + i + c.len_utf8());
                }
            } else {
                escaped(raw.strip_prefix('"')?.strip_suffix('"')?, 1, kind, &mut out)?;
            }
        }
        LiteralKind::Js => {
            let q = raw.chars().next()?;
            if !matches!(q, '"' | '\'' | '`') || raw.len() < 2 || !raw.ends_with(q) {
                return None;
            }
            let body = &raw[1..raw.len() - 1];
            if q == '`' && body.contains("${") {
                return None;
            }
            escaped(body, 1, kind, &mut out)?;
        }
    }
    Some((out.text, out.chars))
}

/// Align the text of a doc comment (`///`, `//!`, `/** … */` lines, however they were
/// joined) with its source: every decoded character must be found in order, and only
/// whitespace and comment markers may be skipped between them.
pub fn align_comment(raw: &str, decoded: &str) -> Option<CharMap> {
    let mut chars = Vec::new();
    let mut rest = raw.char_indices().peekable();
    for (d, c) in decoded.char_indices() {
        loop {
            let &(i, r) = rest.peek()?;
            rest.next();
            if r == c || (c.is_whitespace() && r.is_whitespace()) {
                chars.push((d, i, i + r.len_utf8()));
                break;
            }
            if !(r.is_whitespace() || matches!(r, '/' | '*' | '!')) {
                return None;
            }
        }
    }
    Some(chars)
}

#[derive(Default)]
struct Decoded {
    text: String,
    chars: CharMap,
}

impl Decoded {
    fn push(&mut self, c: char, start: usize, end: usize) {
        self.chars.push((self.text.len(), start, end));
        self.text.push(c);
    }
}

/// Decode backslash escapes in `body`, which starts at `base` inside the literal.
fn escaped(body: &str, base: usize, kind: LiteralKind, out: &mut Decoded) -> Option<()> {
    let b = body.as_bytes();
    let mut i = 0;
    while i < body.len() {
        let c = body[i..].chars().next()?;
        if c != '\\' {
            out.push(c, base + i, base + i + c.len_utf8());
            i += c.len_utf8();
            continue;
        }
        let start = i;
        let e = *b.get(i + 1)? as char;
        i += 2;
        let decoded = match e {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            '\\' => '\\',
            '"' => '"',
            '\'' if kind != LiteralKind::Json => '\'',
            '/' if kind == LiteralKind::Json => '/',
            'b' if kind != LiteralKind::Rust => '\u{8}',
            'f' if kind != LiteralKind::Rust => '\u{c}',
            'v' if kind == LiteralKind::Js => '\u{b}',
            '0' if kind != LiteralKind::Json && !b.get(i).is_some_and(u8::is_ascii_digit) => '\0',
            'x' if kind != LiteralKind::Json => {
                let v = u32::from_str_radix(body.get(i..i + 2)?, 16).ok()?;
                i += 2;
                char::from_u32(v)?
            }
            'u' if b.get(i) == Some(&b'{') && kind != LiteralKind::Json => {
                let close = body[i..].find('}')? + i;
                let v = u32::from_str_radix(&body[i + 1..close], 16).ok()?;
                i = close + 1;
                char::from_u32(v)?
            }
            'u' if kind != LiteralKind::Rust => {
                let hi = u32::from_str_radix(body.get(i..i + 4)?, 16).ok()?;
                i += 4;
                if (0xD800..0xDC00).contains(&hi) && body.get(i..i + 2) == Some("\\u") {
                    let lo = u32::from_str_radix(body.get(i + 2..i + 6)?, 16).ok()?;
                    if !(0xDC00..0xE000).contains(&lo) {
                        return None;
                    }
                    i += 6;
                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))?
                } else {
                    char::from_u32(hi)?
                }
            }
            '\n' | '\r' if kind != LiteralKind::Json => {
                // A line continuation: Rust also skips the next line's leading whitespace.
                if e == '\r' && b.get(i) == Some(&b'\n') {
                    i += 1;
                }
                if kind == LiteralKind::Rust {
                    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                }
                continue;
            }
            other if kind == LiteralKind::Js => {
                // JS keeps the character after an unknown escape.
                let c = body[start + 1..].chars().next()?;
                i = start + 1 + c.len_utf8();
                let _ = other;
                c
            }
            _ => return None,
        };
        out.push(decoded, base + start, base + i);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(kind: LiteralKind, raw: &str, decoded: &str) {
        let (text, chars) = decode(kind, raw).expect("decodes");
        assert_eq!(text, decoded);
        assert_eq!(chars.len(), decoded.chars().count());
    }

    #[test]
    fn json_escapes_map_to_their_raw_bytes() {
        let raw = r#""a\"b\n\u00e9\ud83d\ude00c""#;
        let (text, chars) = decode(LiteralKind::Json, raw).unwrap();
        assert_eq!(text, "a\"b\né😀c");
        // `"` comes from `\"` at raw 2..4; the emoji from the surrogate pair at 13..25.
        assert_eq!(chars[1], (1, 2, 4));
        assert_eq!(&raw[chars[5].1..chars[5].2], r"\ud83d\ude00");
        assert_eq!(&raw[chars[6].1..chars[6].2], "c");
    }

    #[test]
    fn doc_comments_align_across_their_markers() {
        let raw = "/// Thickness folded,\n    /// no more than 80 mm.";
        let decoded = "Thickness folded,\nno more than 80 mm.";
        let chars = align_comment(raw, decoded).unwrap();
        let at = decoded.find("no more").unwrap();
        let (_, start, _) = chars.iter().find(|c| c.0 == at).copied().unwrap();
        assert_eq!(&raw[start..start + 7], "no more");
        assert!(align_comment("#[doc = \"x\"]", "x").is_none());
    }

    #[test]
    fn rust_and_js_literals() {
        check(
            LiteralKind::Rust,
            r#""a\u{e9}\x41\
              b""#,
            "aéAb",
        );
        check(
            LiteralKind::Rust,
            r##"r#"no "escape" \n"#"##,
            r#"no "escape" \n"#,
        );
        check(LiteralKind::Js, r"'it\'s \u00e9'", "it's é");
        check(LiteralKind::Js, "`tmpl`", "tmpl");
        assert!(decode(LiteralKind::Js, "`a ${b}`").is_none());
        assert!(decode(LiteralKind::Json, r#""bad \q""#).is_none());
        assert!(decode(LiteralKind::Json, r#""\ud83d\u0041""#).is_none());
    }
}
