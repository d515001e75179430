//! Parsing Rust source without trusting it. syn recurses once per nesting level, so a file
//! with an expression nested 10,000 deep would overflow the stack and abort the run. The
//! text is lexed first (proc-macro2's lexer keeps its own stack), its nesting is measured
//! without recursion and refused past [`MAX_DEPTH`], and syn then runs on a thread with a
//! stack sized for that depth. Every reader of Rust source goes through [`with_file`].

use super::token_count::MAX_TOKENS;
use proc_macro2::TokenStream;
use syn::buffer::Cursor;

/// Deeper nesting than this is refused before syn sees it; real code stays far below.
pub const MAX_DEPTH: usize = 256;

/// At most this many tokens between separators (`;`, `,`, the end of a block that ends an
/// item or statement), summed over the open groups. Every construct syn and the walkers
/// recurse on (closures, `return`, `*const`, `fn() ->`, `impl Fn() ->`, binary operators,
/// method chains, casts) spends at least one token per level, so this bounds the recursion
/// depth of any of them without naming them.
pub const MAX_SPAN: usize = 4096;

/// Stack for the parsing thread: syn needs tens of KiB per level in a debug build.
const STACK_BYTES: usize = 64 * 1024 * 1024;

/// Why a Rust file could not be parsed, and the byte offset where.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    pub message: String,
    pub offset: usize,
}

/// Parse `text` as a Rust file and hand the tree to `f`, on a thread with a large stack
/// (the tree is dropped there too: dropping it recurses as well).
pub fn with_file<R: Send>(
    text: &str,
    f: impl FnOnce(&syn::File) -> R + Send,
) -> Result<R, SyntaxError> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("rust-parse".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, || {
                let result = parse(text).map(|file| f(&file));
                // Offsets are taken; free proc-macro2's per-thread source map.
                proc_macro2::extra::invalidate_current_thread_spans();
                result
            })
            .map_err(|e| SyntaxError {
                message: format!("cannot start the parser: {e}"),
                offset: 0,
            })?
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// Lex, refuse nesting past [`MAX_DEPTH`], then parse. Call on a thread with a large stack
/// (as [`with_file`] does, or a parser pool built with one).
pub fn parse(text: &str) -> Result<syn::File, SyntaxError> {
    parse_with(text, &Offsets::new(text))
}

/// [`parse`], with the caller's line table of `text`.
pub fn parse_with(text: &str, offsets: &Offsets<'_>) -> Result<syn::File, SyntaxError> {
    // Counted from the bytes: lexing alone would already hold the tokens in memory.
    if let Some(offset) = super::token_count::past(text, MAX_TOKENS) {
        return Err(SyntaxError {
            message: format!("more than {MAX_TOKENS} tokens in one Rust file; not parsed"),
            offset,
        });
    }
    let tokens: TokenStream =
        without_shebang(text)
            .parse()
            .map_err(|e: proc_macro2::LexError| SyntaxError {
                message: format!("invalid Rust: {e}"),
                offset: e.span().byte_range().start,
            })?;
    // The nesting is measured on syn's own token buffer, before syn descends into it: the
    // buffer is walked by reference, where walking the token stream meant copying it.
    let deep = std::cell::Cell::new(None);
    let parsed = syn::parse::Parser::parse2(
        |input: syn::parse::ParseStream| {
            if let Some(offset) = too_deep(input.cursor(), offsets) {
                deep.set(Some(offset));
                return Err(input.error("nested too deep"));
            }
            input.parse::<syn::File>()
        },
        tokens,
    );
    if let Some((offset, why)) = deep.get() {
        return Err(SyntaxError {
            message: match why {
                Refused::Depth => format!("Rust nested deeper than {MAX_DEPTH} levels; not parsed"),
                Refused::Span => format!(
                    "a Rust expression, type or pattern of more than {MAX_SPAN} tokens nested or \
                     chained; not parsed"
                ),
            },
            offset,
        });
    }
    parsed.map_err(|e| SyntaxError {
        offset: e.span().byte_range().start,
        message: format!("invalid Rust: {e}"),
    })
}

/// `text` with a first line such as `#!/usr/bin/env cargo-script` blanked, as rustc does
/// (`#![..]` there is an inner attribute, kept): same length, so offsets stay the same.
fn without_shebang(text: &str) -> std::borrow::Cow<'_, str> {
    match text.strip_prefix("#!") {
        Some(rest) if !rest.trim_start().starts_with('[') => {
            let end = text.find('\n').unwrap_or(text.len());
            std::borrow::Cow::Owned(format!("{}{}", " ".repeat(end), &text[end..]))
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

/// Calls `f` on each of `items` and, where it stands, on each item of the inline modules
/// they declare (`mod m { .. }`): the items a file defines at module level, in source order.
pub fn for_each_item<'a>(items: &'a [syn::Item], f: &mut impl FnMut(&'a syn::Item)) {
    for item in items {
        f(item);
        if let syn::Item::Mod(m) = item
            && let Some((_, inner)) = &m.content
        {
            for_each_item(inner, f);
        }
    }
}

/// Byte ranges of a parsed file's spans, read from their line and column. proc-macro2 keeps
/// character offsets and turns each into a byte offset through a per-file cache (a
/// B-tree lookup and insert per call): measured at a fifth of reading facts out of a file.
/// Here a column on an ASCII line is a byte count; other lines count characters.
pub struct Offsets<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
    /// The whole text is ASCII (most sources): no line needs looking at.
    ascii: bool,
}

impl<'t> Offsets<'t> {
    /// For spans of `text` as parsed by [`parse`].
    pub fn new(text: &'t str) -> Self {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
            .collect();
        Offsets {
            text,
            line_starts,
            ascii: text.is_ascii(),
        }
    }

    fn line<'a>(text: &'a str, starts: &[usize], i: usize) -> &'a str {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        &text[starts[i]..end]
    }

    /// The bytes a span covers (what `Span::byte_range` gives).
    /// The text a span covers, as written.
    pub fn text(&self, s: proc_macro2::Span) -> &'t str {
        self.text.get(self.range(s)).unwrap_or("")
    }

    pub fn range(&self, s: proc_macro2::Span) -> std::ops::Range<usize> {
        self.byte(s.start())..self.byte(s.end())
    }

    fn byte(&self, at: proc_macro2::LineColumn) -> usize {
        let i = at.line.saturating_sub(1);
        let Some(&start) = self.line_starts.get(i) else {
            return self.text.len();
        };
        let line = Self::line(self.text, &self.line_starts, i);
        start
            + if self.ascii || line.is_ascii() {
                at.column.min(line.len())
            } else {
                line.char_indices()
                    .nth(at.column)
                    .map_or(line.len(), |(b, _)| b)
            }
    }
}

/// Which limit a file passed.
#[derive(Clone, Copy)]
enum Refused {
    Depth,
    Span,
}

/// Offset of the first token nested past [`MAX_DEPTH`] or [`MAX_SPAN`]. Nesting is what syn recurses on:
/// delimited groups, runs of punctuation (`!!!x`, `&&&x`), open angle brackets
/// (`Vec<Vec<…>>`) and `else if` chains, the last two counted within each group. A
/// lifetime is its apostrophe (punctuation) and its name.
///
/// A group whose text is too short to hold more than the room left is not looked into:
/// each level and each counted token inside it is at least one byte of that text besides
/// its two delimiters, so nothing inside can pass the limit (and the first token that does
/// is the same). Most groups are short, and stepping over a token through syn's cursor
/// copies it.
fn too_deep(top: Cursor<'_>, offsets: &Offsets<'_>) -> Option<(usize, Refused)> {
    /// Per group: where the walk is, and the `else`s and unclosed `<`s seen so far.
    struct Level<'c> {
        at: Cursor<'c>,
        elses: usize,
        angles: usize,
        /// Tokens since this group's last `;` or `,` (see [`MAX_SPAN`]).
        since: usize,
    }
    let level = |at| Level {
        at,
        elses: 0,
        angles: 0,
        since: 0,
    };
    let mut stack = vec![level(top)];
    let mut run = 0usize;
    // The sum of `since` over the open groups: how many tokens one expression, type or
    // pattern may have stacked up to here.
    let mut span_total = 0usize;
    loop {
        let depth = stack.len();
        let here = stack.last_mut()?;
        let c = here.at;
        if c.eof() {
            span_total -= here.since;
            stack.pop();
            continue;
        }
        let over =
            |run: usize, here: &Level<'_>| depth + run.max(here.elses).max(here.angles) > MAX_DEPTH;
        if over(run, here) {
            return Some((c.span().byte_range().start, Refused::Depth));
        }
        if span_total > MAX_SPAN {
            return Some((c.span().byte_range().start, Refused::Span));
        }
        if let Some((_, next)) = c.punct().filter(|(p, _)| matches!(p.as_char(), ';' | ',')) {
            span_total -= here.since;
            here.since = 0;
            run = 0;
            here.at = next;
            continue;
        }
        here.since += 1;
        span_total += 1;
        if let Some((inside, delimiter, span, after)) = c.any_group() {
            run = 0;
            here.at = after;
            // A block followed by what starts an item, statement or match arm ends one: a
            // file's items and a block's statements need no `;` between them.
            let ends = delimiter == proc_macro2::Delimiter::Brace
                && (after.eof()
                    || after.ident().is_some_and(|(i, _)| i != "as")
                    || after.literal().is_some()
                    || after.lifetime().is_some()
                    || after.punct().is_some_and(|(p, _)| p.as_char() == '#'));
            let bytes = offsets.range(span.join()).len();
            let look = depth + bytes > MAX_DEPTH || span_total + bytes > MAX_SPAN;
            if ends {
                span_total -= here.since;
                here.since = 0;
            }
            if look {
                stack.push(level(inside));
            }
        } else if let Some((p, next)) = c.punct() {
            run += 1;
            match p.as_char() {
                '<' => here.angles += 1,
                '>' => here.angles = here.angles.saturating_sub(1),
                _ => {}
            }
            here.at = next;
        } else if let Some((lifetime, next)) = c.lifetime() {
            run += 1;
            if over(run, here) {
                return Some((lifetime.ident.span().byte_range().start, Refused::Depth));
            }
            run = 0;
            if lifetime.ident == "else" {
                here.elses += 1;
            }
            here.at = next;
        } else if let Some((ident, next)) = c.ident() {
            run = 0;
            if ident == "else" {
                here.elses += 1;
            }
            here.at = next;
        } else if let Some((_, next)) = c.literal() {
            run = 0;
            here.at = next;
        } else {
            // A lone apostrophe, which the lexer never produces: punctuation.
            run += 1;
            here.at = c.token_tree()?.1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::TokenTree;

    #[test]
    fn a_shebang_line_is_no_syntax_error_and_an_inner_attribute_is_kept() {
        let script = "#!/usr/bin/env cargo-script\n//! docs\nfn main() {}\n";
        let items = with_file(script, |f| f.items.len()).unwrap();
        assert_eq!(items, 1);
        let attr = "#![allow(dead_code)]\nfn main() {}\n";
        assert_eq!(with_file(attr, |f| f.attrs.len()).unwrap(), 1);
        assert!(with_file("#!oops\nfn (", |_| ()).is_err());
    }

    fn outcome(text: &str) -> Result<usize, SyntaxError> {
        with_file(text, |f| f.items.len())
    }

    #[test]
    fn ordinary_code_parses() {
        assert_eq!(
            outcome("fn a() -> Vec<Vec<u8>> { if x { 1 } else if y { 2 } else { !!z } }"),
            Ok(1)
        );
    }

    #[test]
    fn each_kind_of_deep_nesting_is_refused_at_its_place() {
        let parens = format!("fn f() {{ {}1{} }}", "(".repeat(10_000), ")".repeat(10_000));
        let unary = format!("fn f() {{ {}x }}", "!".repeat(10_000));
        let generics = format!(
            "type T = {}u8{};",
            "Vec<".repeat(10_000),
            ">".repeat(10_000)
        );
        let chain = format!("fn f() {{ if a {{}} {} }}", "else if a {} ".repeat(10_000));
        for text in [parens, unary, generics, chain] {
            let e = outcome(&text).unwrap_err();
            assert_eq!(e.message, "Rust nested deeper than 256 levels; not parsed");
            assert!(e.offset > 0 && e.offset < text.len());
        }
    }

    #[test]
    fn nesting_just_under_the_limit_is_parsed() {
        let parens = format!("fn f() {{ {}1{} }}", "(".repeat(250), ")".repeat(250));
        assert_eq!(outcome(&parens), Ok(1));
    }

    #[test]
    fn the_limit_is_exact_among_short_groups_that_are_not_looked_into() {
        // Short groups before the deep one are skipped; the refusal is still at the first
        // token past the limit: parens and a run of `!` adding up to 257 levels.
        let short = "let _ = (a, [b], { c }, d(e)); ".repeat(50);
        for (levels, refused) in [(256, false), (257, true)] {
            let parens = 100;
            let text = format!(
                "fn f() {{ {short}{}{}x{} }}",
                "(".repeat(parens),
                "!".repeat(levels - parens - 2),
                ")".repeat(parens)
            );
            match outcome(&text) {
                Err(e) if refused => {
                    assert_eq!(e.message, "Rust nested deeper than 256 levels; not parsed");
                    assert_eq!(e.offset, text.find('x').unwrap(), "{levels}");
                }
                r => assert_eq!(r.is_err(), refused, "{levels}: {r:?}"),
            }
        }
    }

    #[test]
    fn offsets_agree_with_proc_macro2_on_every_token() {
        let text = "fn é() {\r\n    let s = \"ünï\"; // ü\n    x.y(1)\n}\n\nstruct A;";
        let tokens: TokenStream = text.parse().unwrap();
        let offsets = Offsets::new(text);
        let mut stack = vec![tokens];
        let mut seen = 0;
        while let Some(ts) = stack.pop() {
            for t in ts {
                assert_eq!(offsets.range(t.span()), t.span().byte_range(), "{t}");
                if let TokenTree::Group(g) = &t {
                    assert_eq!(offsets.range(g.span_open()), g.span_open().byte_range());
                    assert_eq!(offsets.range(g.span_close()), g.span_close().byte_range());
                    stack.push(g.stream());
                }
                seen += 1;
            }
        }
        assert!(seen > 15);
        proc_macro2::extra::invalidate_current_thread_spans();
    }

    #[test]
    fn syntax_errors_are_located() {
        let e = outcome("fn f( {").unwrap_err();
        assert!(e.message.starts_with("invalid Rust"), "{e:?}");
    }
}
