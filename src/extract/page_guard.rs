//! Bounds on what the page parsers recurse on, checked on the text before they see it. oxc's
//! parser and our visitors recurse once per nested expression, html5gum's tokenizer once per
//! attribute of a tag, and a stack overflow aborts the whole run, so such input is refused
//! (E001 at the offending byte) instead.
//!
//! The script bound is the Rust one ([`super::rust::parse::MAX_SPAN`]): every construct the
//! parser recurses on (arrow functions, calls, member chains, unary and binary operators,
//! ternaries, `new`, template literals, statements without braces) spends at least one token
//! per level, so tokens since the last `;` or `,`, summed over the open brackets, bound the
//! recursion depth without naming the constructs. The scan is lexical: strings, comments,
//! template text and regular expressions are told apart as a JavaScript lexer does; where
//! it cannot know (a `/` after `)` or `}`), the characters of what it takes for a regular
//! expression still count, so a wrong guess refuses more, never less, on that line.

/// Brackets nested deeper than this are refused.
pub const MAX_NESTING: usize = 1_000;
/// Tokens nested or chained (see the module text) beyond this are refused.
pub const MAX_SPAN: usize = 4_096;
/// Attributes of one tag beyond this are refused.
pub const MAX_ATTRIBUTES: usize = 1_000;

/// Where and why a page text is not parsed.
#[derive(Debug, PartialEq)]
pub struct Refused {
    pub offset: usize,
    pub message: String,
}

#[derive(Default)]
struct Group {
    /// Tokens since this group's last `;` or `,`.
    since: usize,
    /// `${ .. }` inside a template literal: its `}` resumes the template text.
    template: bool,
    /// The parentheses of `if`/`while`/`for`/`with`: a `/` after them starts a regex.
    condition: bool,
}

/// Words after which a `/` starts a regular expression, not a division.
const BEFORE_REGEX: &[&[u8]] = &[
    b"return",
    b"typeof",
    b"instanceof",
    b"in",
    b"of",
    b"new",
    b"delete",
    b"void",
    b"throw",
    b"case",
    b"do",
    b"else",
    b"yield",
    b"await",
];

/// The first byte of a script past [`MAX_NESTING`] or [`MAX_SPAN`].
pub fn script(text: &str) -> Option<Refused> {
    let b = text.as_bytes();
    let mut stack = vec![Group::default()];
    let (mut total, mut i) = (0usize, 0usize);
    // A `/` here starts a regular expression (after an operator, `(`, a keyword, the start).
    let mut regex_ok = true;
    let mut condition_next = false;
    let refuse = |offset: usize, nested: bool| Refused {
        offset,
        message: if nested {
            format!("brackets nested more than {MAX_NESTING} deep; not parsed")
        } else {
            format!(
                "a script expression or statement of more than {MAX_SPAN} tokens nested or \
                 chained; not parsed"
            )
        },
    };
    while i < b.len() {
        let c = b[i];
        let mut counted = 1;
        let mut next_regex_ok = true;
        let mut next_condition = false;
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |n| i + 2 + n + 2);
                continue;
            }
            b'/' if regex_ok => {
                let start = i;
                i = regex_end(b, i + 1);
                counted = i - start;
                next_regex_ok = false;
            }
            b'\'' | b'"' => {
                i = string_end(b, i + 1, c);
                next_regex_ok = false;
            }
            b'`' => {
                let (end, opened) = template_text(b, i + 1);
                i = end;
                if opened {
                    // Like a bracket: counts in the enclosing group, then opens one.
                    stack.last_mut().expect("the top group stays").since += 1;
                    total += 1;
                    counted = 0;
                    stack.push(Group {
                        template: true,
                        ..Group::default()
                    });
                    if stack.len() > MAX_NESTING + 1 {
                        return Some(refuse(i - 1, true));
                    }
                } else {
                    next_regex_ok = false;
                }
            }
            b'}' if stack.last().is_some_and(|g| g.template) => {
                total -= stack.pop().map_or(0, |g| g.since);
                let (end, opened) = template_text(b, i + 1);
                i = end;
                counted = 0;
                if opened {
                    stack.push(Group {
                        template: true,
                        ..Group::default()
                    });
                } else {
                    next_regex_ok = false;
                }
            }
            b'(' | b'[' | b'{' => {
                i += 1;
                // The bracket counts in the enclosing group, before the new one opens.
                stack.last_mut().expect("the top group stays").since += 1;
                total += 1;
                counted = 0;
                stack.push(Group {
                    condition: c == b'(' && condition_next,
                    ..Group::default()
                });
                if stack.len() > MAX_NESTING + 1 {
                    return Some(refuse(i - 1, true));
                }
            }
            b')' | b']' | b'}' => {
                i += 1;
                counted = 0;
                if stack.len() > 1 {
                    let g = stack.pop().expect("more than one group");
                    total -= g.since;
                    next_regex_ok = c == b'}' || (c == b')' && g.condition);
                } else {
                    next_regex_ok = c != b')';
                }
            }
            b';' | b',' => {
                i += 1;
                counted = 0;
                let g = stack.last_mut().expect("the top group stays");
                total -= g.since;
                g.since = 0;
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 => {
                let start = i;
                while i < b.len()
                    && (b[i].is_ascii_alphanumeric()
                        || b[i] == b'_'
                        || b[i] == b'$'
                        || b[i] >= 0x80)
                {
                    i += 1;
                }
                let word = &b[start..i];
                next_regex_ok = BEFORE_REGEX.contains(&word);
                next_condition = matches!(word, b"if" | b"while" | b"for" | b"with");
            }
            _ => i += 1,
        }
        regex_ok = next_regex_ok;
        condition_next = next_condition;
        stack.last_mut().expect("the top group stays").since += counted;
        total += counted;
        if total > MAX_SPAN {
            return Some(refuse(
                i.saturating_sub(1).min(b.len().saturating_sub(1)),
                false,
            ));
        }
    }
    None
}

/// Past the closing quote (or at the line's end: a string never spans lines unescaped).
fn string_end(b: &[u8], mut i: usize, quote: u8) -> usize {
    while i < b.len() && b[i] != quote && b[i] != b'\n' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(b.len())
}

/// Past a regular expression's closing `/` and flags (or at the line's end).
fn regex_end(b: &[u8], mut i: usize) -> usize {
    let mut class = false;
    while i < b.len() && b[i] != b'\n' {
        match b[i] {
            b'\\' => i += 1,
            b'[' => class = true,
            b']' => class = false,
            b'/' if !class => {
                i += 1;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return i;
            }
            _ => {}
        }
        i += 1;
    }
    i.min(b.len())
}

/// Template text from `i`: past its closing backtick (`false`) or past a `${` (`true`).
fn template_text(b: &[u8], mut i: usize) -> (usize, bool) {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'`' => return (i + 1, false),
            b'$' if b.get(i + 1) == Some(&b'{') => return (i + 2, true),
            _ => i += 1,
        }
    }
    (b.len(), false)
}

/// The first attribute of a tag past [`MAX_ATTRIBUTES`]. Tags are found as html5gum finds
/// them; the text of `<script>`, `<style>` and the other raw-text elements is skipped to
/// the first `</name` (where html5gum may read on, seeing no more tags than here), and
/// comments are not skipped (their tags count too): both err towards refusing.
pub fn tags(text: &str) -> Option<Refused> {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(n) = memchr::memchr(b'<', &b[i..]) {
        i += n + 1;
        let start_tag = b.get(i) != Some(&b'/');
        let name_at = if start_tag { i } else { i + 1 };
        if !b.get(name_at).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let mut j = name_at;
        while j < b.len() && !matches!(b[j], b' ' | b'\t' | b'\n' | b'\r' | 0x0c | b'/' | b'>') {
            j += 1;
        }
        let name = b[name_at..j].to_ascii_lowercase();
        let (mut attributes, mut value_next) = (0usize, false);
        while j < b.len() && b[j] != b'>' {
            match b[j] {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0c | b'/' => j += 1,
                b'=' => {
                    value_next = true;
                    j += 1;
                }
                q @ (b'"' | b'\'') if value_next => {
                    j = memchr::memchr(q, &b[j + 1..]).map_or(b.len(), |n| j + 1 + n + 1);
                    value_next = false;
                }
                _ => {
                    let start = j;
                    while j < b.len()
                        && !matches!(b[j], b' ' | b'\t' | b'\n' | b'\r' | 0x0c | b'>' | b'=')
                    {
                        j += 1;
                    }
                    if !std::mem::take(&mut value_next) {
                        attributes += 1;
                        if attributes > MAX_ATTRIBUTES {
                            return Some(Refused {
                                offset: start,
                                message: format!(
                                    "a tag with more than {MAX_ATTRIBUTES} attributes; not parsed"
                                ),
                            });
                        }
                    }
                }
            }
        }
        i = j.min(b.len());
        let raw = matches!(
            name.as_slice(),
            b"script"
                | b"style"
                | b"textarea"
                | b"title"
                | b"xmp"
                | b"iframe"
                | b"noembed"
                | b"noframes"
        );
        if raw && start_tag {
            let mut close = b"</".to_vec();
            close.extend_from_slice(&name);
            i = find_ascii_ci(&b[i..], &close).map_or(b.len(), |n| i + n);
        }
    }
    None
}

/// `needle` (lower case) in `hay`, ASCII case-insensitively.
fn find_ascii_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_scripts_pass() {
        let long_string = format!(
            "const s = '{}'; const t = `{}`;",
            "a b ".repeat(5_000),
            "(".repeat(5_000)
        );
        assert_eq!(script(&long_string), None);
        let regex = format!(
            "if (x) /{}/.test(y); const z = a / b / c;",
            "[(]".repeat(100)
        );
        assert_eq!(script(&regex), None);
        let statements = "x = f(a, b) + 1;\n".repeat(10_000);
        assert_eq!(script(&statements), None);
    }

    #[test]
    fn nesting_without_brackets_is_refused() {
        let arrows = format!("const f = {}1;", "() => ".repeat(2_000));
        let r = script(&arrows).expect("refused");
        assert!(r.message.contains("tokens"), "{r:?}");
        let nested = format!("{}1{}", "[".repeat(1_001), "]".repeat(1_001));
        assert!(script(&nested).expect("refused").message.contains("nested"));
        let templates = format!("{}1{}", "`${".repeat(2_000), "}`".repeat(2_000));
        assert!(script(&templates).is_some());
    }

    #[test]
    fn tags_with_too_many_attributes_are_refused() {
        let many = |n: usize| {
            let attrs: String = (0..n).map(|i| format!(" a{i}=\"v>\"")).collect();
            format!("<form toolname=\"t\"{attrs}></form>")
        };
        assert_eq!(tags(&many(999)), None);
        let r = tags(&many(1_000)).expect("refused");
        assert!(r.message.contains("attributes"), "{r:?}");
        let in_script = format!("<script>{}</script><p>", "if (a <b) c; ".repeat(2_000));
        assert_eq!(tags(&in_script), None);
    }
}
