//! Text from the tree on its way to a terminal, a CI log or a report. Names, paths,
//! descriptions and messages are data an attacker may choose: a raw newline would start a
//! line of their own (a GitHub workflow command `::…`), an escape sequence would drive the
//! terminal (ANSI colours, OSC titles and links), and bidi controls would make the text
//! read differently from what it is (Trojan Source). Every renderer passes data through
//! here, so each of them shows such characters as `\u{…}` and never emits them.

use std::borrow::Cow;

/// Characters never emitted raw: C0 controls, DEL, C1 controls, the bidi embedding,
/// override and isolate controls, marks that reorder text, line/paragraph separators, and
/// characters that take no room: zero-width spaces and joiners, the word joiner and the
/// invisible operators, the byte-order mark, and Unicode tags (`addCart\u{200b}Line` is
/// another tool than `addCartLine` and must not look like it).
pub fn is_hazard(c: char) -> bool {
    matches!(c,
        '\0'..='\x1f' | '\x7f'..='\u{9f}'
        | '\u{061c}' | '\u{200b}'..='\u{200f}'
        | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}'
        | '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{e0000}'..='\u{e007f}')
}

/// `s` with every [hazard](is_hazard), newlines and tabs included, written `\u{…}`: one
/// line of inert text.
pub fn visible(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_hazard) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_hazard(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A source file's text for a snippet renderer that indexes it by byte and column: every
/// hazard replaced by one visible character of the same UTF-8 length (`?`, `¿`, `�`), so
/// spans and columns still fit. Tabs, line feeds and the CR of a CRLF stay.
pub fn same_width(s: &str) -> Cow<'_, str> {
    let keep =
        |c: char, next: Option<char>| c == '\t' || c == '\n' || (c == '\r' && next == Some('\n'));
    let mut chars = s.chars().peekable();
    let mut dirty = false;
    while let Some(c) = chars.next() {
        if is_hazard(c) && !keep(c, chars.peek().copied()) {
            dirty = true;
            break;
        }
    }
    if !dirty {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if is_hazard(c) && !keep(c, chars.peek().copied()) {
            out.push(match c.len_utf8() {
                1 => '?',
                2 => '¿',
                3 => '\u{fffd}',
                _ => '\u{1d54f}',
            });
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`visible`] text that begins a line: a leading `::` (after blanks) has its first colon
/// written `\u{3a}`, so only our own `--format github` annotations are workflow commands.
pub fn at_line_start(s: &str) -> Cow<'_, str> {
    let shown = visible(s);
    let blanks = shown.len() - shown.trim_start().len();
    if !shown[blanks..].starts_with("::") {
        return shown;
    }
    Cow::Owned(format!(
        "{}\\u{{3a}}{}",
        &shown[..blanks],
        &shown[blanks + 1..]
    ))
}

/// Text of several lines made safe for a log: each line [`at_line_start`] (line feeds kept).
pub fn log_lines(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&at_line_start(line.strip_suffix('\r').unwrap_or(line)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hazards_become_visible_and_plain_text_is_borrowed() {
        assert!(matches!(visible("addCartLine"), Cow::Borrowed(_)));
        assert_eq!(
            visible("a\n::error::x\x1b[31m\u{202e}b"),
            "a\\u{a}::error::x\\u{1b}[31m\\u{202e}b"
        );
        assert_eq!(
            same_width("a\x1bb\u{85}c\u{2066}d\r\n"),
            "a?b¿c\u{fffd}d\r\n"
        );
        assert_eq!(same_width("x\u{2066}").len(), "x\u{2066}".len());
        // A tag character is four bytes: so is what stands for it.
        assert_eq!(same_width("x\u{e0041}").len(), "x\u{e0041}".len());
        assert_eq!(
            visible("add\u{200b}Cart\u{feff}Line\u{e0041}\u{2060}"),
            "add\\u{200b}Cart\\u{feff}Line\\u{e0041}\\u{2060}"
        );
        assert_eq!(
            log_lines("ok\n  ::warning::x\n\x1b]0;t\x07"),
            "ok\n  \\u{3a}:warning::x\n\\u{1b}]0;t\\u{7}"
        );
    }
}
