//! Words, numbers, code spans and punctuation of a description, each with its byte range
//! in the decoded text. Numbers that are not quantities (versions, dates, phone numbers,
//! `ISO 8601`, `UTF-8`) are marked [`Tok::Other`] here, so no phrase can use them.

/// One token of prose.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A word, lowercased; `orig` keeps the case for identifier matching.
    Word {
        lower: String,
        orig: String,
    },
    /// A quantity: `80`, `1,200`, `-5`, `2.5`. `year` marks a bare 4-digit 1800–2199.
    Num {
        value: f64,
        year: bool,
    },
    /// Text in backticks.
    Code(String),
    /// Text in double quotes.
    Quote(String),
    Punct(char),
    /// Anything that must not be read as a quantity.
    Other,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn word(&self) -> Option<&str> {
        match &self.tok {
            Tok::Word { lower, .. } => Some(lower),
            _ => None,
        }
    }

    pub fn is_punct(&self, c: char) -> bool {
        self.tok == Tok::Punct(c)
    }
}

/// Words after which a number names a standard, a version or a position, not a quantity.
const NOT_QUANTITY_AFTER: &[&str] = &[
    "iso", "rfc", "version", "v", "ecma", "ieee", "draft", "edition", "section", "chapter", "page",
    "step", "line", "port", "http", "status", "error", "code", "es", "ipv", "utf",
];

pub fn tokenize(text: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        let len = c.len_utf8();
        if c.is_whitespace() {
            i += len;
            continue;
        }
        let prev = text[..i].chars().next_back();
        if c == '`'
            && let Some(close) = text[i + 1..].find('`')
        {
            let end = i + 1 + close + 1;
            let inner = &text[i + 1..end - 1];
            // A quoted string in a code span (`"grid"`, `'asc'`) is that string: a value
            // compares without the quotes it was written with.
            let quoted = ['"', '\'']
                .iter()
                .find_map(|&q| inner.strip_prefix(q)?.strip_suffix(q))
                .filter(|v| !v.contains(['"', '\'']));
            let t = match quoted {
                Some(v) => Tok::Quote(v.to_string()),
                None => Tok::Code(inner.to_string()),
            };
            out.push(tok(t, i, end));
            i = end;
            continue;
        }
        // Quotes: "…", “…”, and '…' when it is not an apostrophe (`shopper's`, `users'`).
        let single = c == '\'' && prev.is_none_or(|p| !p.is_alphanumeric());
        if c == '"' || c == '\u{201c}' || single {
            let closer = match c {
                '"' => '"',
                '\'' => '\'',
                _ => '\u{201d}',
            };
            // Looked for within the 60 bytes a quote may span, so an unclosed quote costs
            // those, not the rest of the text.
            let window = &text[i + len..text.floor_char_boundary(i + len + 64)];
            if let Some(close) = window.find(closer)
                && close <= 60
                && !text[i + len..i + len + close].contains('\n')
                && (!single || !text[i + len + close + 1..].starts_with(char::is_alphanumeric))
            {
                let end = i + len + close + closer.len_utf8();
                let inner = &text[i + len..i + len + close];
                out.push(tok(Tok::Quote(inner.to_string()), i, end));
                i = end;
                continue;
            }
        }
        let signed = (c == '-' || c == '\u{2212}')
            && text[i + len..].starts_with(|d: char| d.is_ascii_digit())
            && prev.is_none_or(|p| p.is_whitespace() || matches!(p, '(' | '[' | ':' | ','));
        if c.is_ascii_digit() || signed {
            let (t, end) = number(text, i, if signed { len } else { 0 }, prev, &out);
            out.push(tok(t, i, end));
            i = end;
            continue;
        }
        // `0..60`, `1..=5` between numbers: a range written as code writes it, read like
        // `0–60`; its dots end no sentence.
        if c == '.'
            && prev.is_some_and(|p| p.is_ascii_digit())
            && let Some(rest) = text[i..].strip_prefix("..")
        {
            let eq = usize::from(rest.starts_with('='));
            if rest[eq..].starts_with(|d: char| d.is_ascii_digit() || d == '-') {
                let end = i + 2 + eq;
                out.push(tok(Tok::Punct('\u{2013}'), i, end));
                i = end;
                continue;
            }
        }
        // "e.g." and "i.e." are one word, not two sentence ends.
        if let Some(abbr) = ["e.g.", "i.e.", "E.g.", "I.e."]
            .into_iter()
            .find(|a| text[i..].starts_with(a))
        {
            let end = i + abbr.len();
            out.push(tok(
                Tok::Word {
                    lower: abbr.to_lowercase(),
                    orig: abbr.to_string(),
                },
                i,
                end,
            ));
            i = end;
            continue;
        }
        if c.is_alphabetic() {
            let mut end = i;
            for (j, ch) in text[i..].char_indices() {
                if ch.is_alphanumeric() || ch == '_' {
                    end = i + j + ch.len_utf8();
                } else if matches!(ch, '-' | '\'' | '\u{2019}')
                    && text[i + j + ch.len_utf8()..].starts_with(char::is_alphabetic)
                {
                    continue;
                } else {
                    break;
                }
            }
            let orig = &text[i..end];
            out.push(tok(
                Tok::Word {
                    lower: orig.to_lowercase(),
                    orig: orig.to_string(),
                },
                i,
                end,
            ));
            i = end;
            continue;
        }
        out.push(tok(Tok::Punct(c), i, i + len));
        i += len;
    }
    out
}

fn tok(tok: Tok, start: usize, end: usize) -> Token {
    Token { tok, start, end }
}

/// Read a number starting at `start` (after a sign of `sign` bytes).
fn number(
    text: &str,
    start: usize,
    sign: usize,
    prev: Option<char>,
    before: &[Token],
) -> (Tok, usize) {
    let b = text.as_bytes();
    let digits = |mut j: usize| {
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    let int_start = start + sign;
    let mut j = digits(int_start);
    let int_len = j - int_start;
    let mut grouped = false;
    // Thousands separators: exactly three digits after each comma.
    while b.get(j) == Some(&b',') && digits(j + 1) == j + 4 {
        j += 4;
        grouped = true;
    }
    let mut decimal = false;
    if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
        j = digits(j + 1);
        decimal = true;
    }
    let run_end = |mut k: usize| {
        while b
            .get(k)
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'/'))
            && (b[k] != b'.' || b.get(k + 1).is_some_and(u8::is_ascii_alphanumeric))
        {
            k += 1;
        }
        k
    };
    // `1.2.3`, `2026-10-16`, `555-0100`, `10/16`: not a quantity.
    let next_is_digit = |k: usize| b.get(k + 1).is_some_and(u8::is_ascii_digit);
    let dotted = b.get(j) == Some(&b'.') && next_is_digit(j);
    let joined = matches!(b.get(j), Some(b'-' | b'/')) && next_is_digit(j) && {
        // `555-0100`, `20-7946`, `1-2-3`, `10/16`: phone numbers, dates and codes; `1-100`
        // and `1-65535` are ranges, and so is `10-1000`: a limit of four digits or more
        // after a two-digit start is a round number, where a code's digits are not.
        let second = digits(j + 1) - (j + 1);
        let round = b[digits(j + 1) - 2..digits(j + 1)] == *b"00";
        b[j] == b'/'
            || int_len >= 3
            || (int_len >= 2 && second >= 4 && !round)
            || b[j + 1] == b'0'
            || matches!(b.get(digits(j + 1)), Some(b'-' | b'/'))
    };
    let after_letter = prev.is_some_and(|p| p.is_alphanumeric() || matches!(p, '+' | '#' | '_'))
        || (prev == Some('-')
            && text[..start - 1]
                .chars()
                .next_back()
                .is_some_and(char::is_alphabetic));
    let after_name = before.last().is_some_and(|t| {
        t.end + 1 >= start && t.word().is_some_and(|w| NOT_QUANTITY_AFTER.contains(&w))
    });
    let leading_zero = b[int_start] == b'0' && int_len > 1;
    if dotted || joined || after_letter || after_name || leading_zero {
        return (Tok::Other, run_end(j));
    }
    let raw: String = text[start..j]
        .chars()
        .filter(|c| *c != ',')
        .map(|c| if c == '\u{2212}' { '-' } else { c })
        .collect();
    match raw.parse::<f64>() {
        Ok(value) => {
            let year = !grouped
                && !decimal
                && sign == 0
                && int_len == 4
                && (1800.0..2200.0).contains(&value);
            (Tok::Num { value, year }, j)
        }
        Err(_) => (Tok::Other, j),
    }
}
