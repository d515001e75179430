//! How many tokens a Rust text holds, counted from its bytes before anything is allocated
//! for it. syn's tree of a file costs a few hundred bytes per token, so a file of a few
//! megabytes of dense tokens (`[0,0,0,…]`) takes gigabytes however it is scheduled
//! (issue 23); the size limit on files does not bound that, a limit on tokens does.
//!
//! The count is never below what proc-macro2's lexer makes of the same text: every
//! punctuation character is a token to both, a delimited group counts once at its opening,
//! a doc comment counts as the attribute it becomes (`#`, `!`, `[…]`, `doc`, `=`, the
//! text), and a lexeme this counter splits where the lexer does not (`1.5e-3`, `'a`) only
//! counts more. Over-counting refuses sooner; under-counting would let a crafted file past.

/// Tokens a file may hold before it is refused unread: ordinary Rust has one token per
/// four to six bytes, so this is three to five megabytes of it.
pub const MAX_TOKENS: usize = 800_000;

/// The tokens a doc comment becomes: `#`, `!` (inner only, counted always), the `[…]`
/// group, `doc`, `=` and the literal.
const DOC_COMMENT: usize = 6;

/// The byte offset of the lexeme that takes the count of `text`'s tokens past `cap`, or
/// `None` when the whole text stays within it.
pub fn past(text: &str, cap: usize) -> Option<usize> {
    let mut count = 0usize;
    lexemes(text.as_bytes()).find_map(|(start, tokens)| {
        count += tokens;
        (count > cap).then_some(start)
    })
}

/// Each lexeme's offset and the tokens it counts for.
fn lexemes(b: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= b.len() {
            return None;
        }
        let start = i;
        let (next, tokens) = lexeme(b, i);
        i = next.max(i + 1);
        Some((start, tokens))
    })
}

/// The end of the lexeme at `i` and the tokens it counts for.
fn lexeme(b: &[u8], i: usize) -> (usize, usize) {
    let c = b[i];
    let at = |k: usize| b.get(k).copied();
    match c {
        b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => (i + 1, 0),
        b'/' if at(i + 1) == Some(b'/') => {
            let end = b[i..]
                .iter()
                .position(|&x| x == b'\n')
                .map_or(b.len(), |n| i + n);
            let doc = matches!(at(i + 2), Some(b'!'))
                || (at(i + 2) == Some(b'/') && at(i + 3) != Some(b'/'));
            (end, if doc { DOC_COMMENT } else { 0 })
        }
        b'/' if at(i + 1) == Some(b'*') => {
            let doc = matches!(at(i + 2), Some(b'!'))
                || (at(i + 2) == Some(b'*') && !matches!(at(i + 3), Some(b'*' | b'/')));
            (block_comment_end(b, i), if doc { DOC_COMMENT } else { 0 })
        }
        b'"' => (quoted_end(b, i + 1, b'"'), 1),
        b'\'' => char_or_lifetime(b, i),
        b'r' | b'b' | b'c' => (raw_or_prefixed(b, i).unwrap_or_else(|| word_end(b, i)), 1),
        _ if word(c) => (word_end(b, i), 1),
        // Punctuation and opening delimiters: one token each; a closing delimiter ends the
        // group its opening counted.
        b')' | b']' | b'}' => (i + 1, 0),
        _ => (i + 1, 1),
    }
}

/// A byte of an identifier, keyword or number (non-ASCII letters included).
fn word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

fn word_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&x| !word(x))
        .map_or(b.len(), |n| i + n)
}

/// Past the `*/` that closes the (nested) block comment opening at `i`, or the end.
fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// Past the unescaped `close` from `i` on, or the end.
fn quoted_end(b: &[u8], mut i: usize, close: u8) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            x if x == close => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// `'x'`, `'\n'`, `'\u{..}'` are one literal; `'a` (a lifetime or label) is two tokens to
/// proc-macro2, the apostrophe and the name.
fn char_or_lifetime(b: &[u8], i: usize) -> (usize, usize) {
    match b.get(i + 1) {
        Some(b'\\') => (quoted_end(b, i + 1, b'\''), 1),
        Some(_) => {
            // One character, possibly several bytes, then the closing apostrophe.
            let width = std::str::from_utf8(&b[i + 1..(i + 5).min(b.len())])
                .or_else(|e| std::str::from_utf8(&b[i + 1..i + 1 + e.valid_up_to()]))
                .ok()
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8);
            if b.get(i + 1 + width) == Some(&b'\'') {
                (i + 2 + width, 1)
            } else {
                (i + 1, 2)
            }
        }
        None => (i + 1, 1),
    }
}

/// The end of a raw string (`r"…"`, `r#"…"#`, `br`, `cr`) or a prefixed string or byte
/// (`b"…"`, `c"…"`, `b'x'`) starting at `i`; `None` when the letter starts an identifier.
fn raw_or_prefixed(b: &[u8], i: usize) -> Option<usize> {
    let mut k = i;
    if matches!(b[k], b'b' | b'c') {
        k += 1;
        match b.get(k) {
            Some(b'"') => return Some(quoted_end(b, k + 1, b'"')),
            Some(b'\'') if b[i] == b'b' => return Some(quoted_end(b, k + 1, b'\'')),
            Some(b'r') => {}
            _ => return None,
        }
    }
    // At the `r`: hashes, then the quote.
    k += 1;
    let hashes = b[k..].iter().take_while(|&&x| x == b'#').count();
    if b.get(k + hashes) != Some(&b'"') {
        return None;
    }
    let mut j = k + hashes + 1;
    while j < b.len() {
        if b[j] == b'"'
            && b[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&x| x == b'#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::{TokenStream, TokenTree};

    /// What proc-macro2 makes of `text`, doc comments included (as attributes).
    fn lexed(text: &str) -> Option<usize> {
        // Without recursion: some fixtures nest deeper than a test thread's stack.
        let mut stack = vec![text.parse::<TokenStream>().ok()?];
        let mut n = 0;
        while let Some(ts) = stack.pop() {
            for t in ts {
                n += 1;
                if let TokenTree::Group(g) = t {
                    stack.push(g.stream());
                }
            }
        }
        Some(n)
    }

    fn counted(text: &str) -> usize {
        lexemes(text.as_bytes()).map(|(_, n)| n).sum()
    }

    #[test]
    fn never_below_the_lexer_on_each_kind_of_lexeme() {
        for text in [
            "fn f<'a>(x: &'a str) -> u8 { 'outer: loop { break 'outer; } b'x' as u8 }",
            r####"let s = r#"a "quoted" \ word"#; let t = br##"x"##; let u = c"nul";"####,
            "/// outer doc\n//! inner doc\n/** block doc */ /*! inner */ /* /* nested */ */ // plain\nstruct A;",
            "let c = ['\\'', '\\n', '\\u{1F600}', 'é', '😀']; let f = 1.5e-3f32 + 0x_ff_u8 as f32;",
            "let s = \"escaped \\\" quote\"; m!{ a => b, (c) [d] }",
            "x.y::<Vec<u8>>()?.z += !-*&&a || b >>= 2 ..= 3;",
            "let é = ünï + r#type + 'label;",
        ] {
            let lexed = lexed(text).expect(text);
            assert!(
                counted(text) >= lexed,
                "{text}: {} < {lexed}",
                counted(text)
            );
        }
    }

    #[test]
    fn close_to_the_lexer_on_real_sources() {
        // Every Rust source of this crate and its fixtures: never below, and not so far
        // above that a file far under the limit is refused.
        let mut files = Vec::new();
        for dir in ["src", "testdata", "tests"] {
            let walk = ignore::WalkBuilder::new(env!("CARGO_MANIFEST_DIR").to_string() + "/" + dir)
                .build();
            for e in walk.flatten() {
                if e.path().extension().is_some_and(|x| x == "rs") {
                    files.push(e.into_path());
                }
            }
        }
        assert!(files.len() > 100);
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let Some(lexed) = lexed(&text) else { continue };
            let n = counted(&text);
            assert!(n >= lexed, "{}: {n} < {lexed}", path.display());
            assert!(
                n <= lexed * 3 / 2 + 10,
                "{}: {n} against {lexed}",
                path.display()
            );
        }
    }

    #[test]
    fn the_offset_is_the_lexeme_past_the_cap() {
        let text = "[0,0,0]";
        assert_eq!(past(text, 7), None);
        // `[` 1, `0` 2, `,` 3, `0` 4, `,` 5, `0` 6, `,`… : the fourth token is the second 0.
        assert_eq!(past(text, 3), Some(3));
        assert_eq!(past("", 0), None);
    }
}
