//! The first, byte-level phase over Rust sources: what each file may define, read without
//! parsing, in one pass over its bytes. The names are a superset of what syn finds (a name
//! in a comment, a string or a macro body counts too), so parsing every file that may
//! answer a lookup gives the answer parsing everything would.

use memchr::memmem::Finder;
use std::collections::HashMap;
use std::sync::LazyLock;

/// What one file may define.
#[derive(Debug, Default)]
pub struct FileScan {
    /// `#[tool`/`mcp_tool`: an SDK tool declaration (always parsed).
    pub declares_tools: bool,
    /// `route(` or an actix `#[post(`-style attribute: an HTTP route (always parsed, page
    /// tools are linked through them).
    pub declares_routes: bool,
    /// Names after `fn`.
    pub fns: Vec<String>,
    /// Names after `struct` and `enum`.
    pub types: Vec<String>,
    /// `[pub] const NAME: T = <number>;` lines.
    pub consts: Vec<(String, f64)>,
}

/// One SIMD substring search per word (memchr's memmem): faster here than a single
/// automaton over every byte (measured: the automaton was a fifth of a run's time).
static FINDERS: LazyLock<[Finder<'static>; 6]> =
    LazyLock::new(|| ["fn", "struct", "enum", "const", "#[", "mcp_tool"].map(Finder::new));

/// What may follow `#[` on a tool method or an actix route handler.
const ATTRIBUTES: &[&[u8]] = &[
    b"tool",
    b"get(",
    b"post(",
    b"put(",
    b"patch(",
    b"delete(",
    b"head(",
    b"options(",
];

fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The identifier after a keyword ending at `at`: whitespace first, then the name (raw
/// `r#name` kept as syn prints it).
fn name_after(text: &str, at: usize) -> Option<&str> {
    let b = text.as_bytes();
    let start = at
        + b[at..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    if start == at {
        return None;
    }
    let body = if b[start..].starts_with(b"r#") {
        start + 2
    } else {
        start
    };
    let end = body + b[body..].iter().take_while(|c| ident_byte(**c)).count();
    (end > body && !b[body].is_ascii_digit()).then(|| &text[start..end])
}

/// Scan one file's text.
pub fn scan(text: &str) -> FileScan {
    let b = text.as_bytes();
    let [fns, structs, enums, consts, attr, mcp_tool] = &*FINDERS;
    // Occurrences that start a word.
    let words = |f: &'static Finder<'static>| {
        f.find_iter(b)
            .filter(|&i| i == 0 || !ident_byte(b[i - 1]))
            .map(move |i| i + f.needle().len())
    };
    let names = |f| words(f).filter_map(|at| name_after(text, at).map(str::to_string));
    let (mut tool, mut route) = (mcp_tool.find(b).is_some(), false);
    for i in attr.find_iter(b) {
        let rest = &b[i + 2..];
        match ATTRIBUTES.iter().position(|a| rest.starts_with(a)) {
            Some(0) => tool = true,
            Some(_) => route = true,
            None => {}
        }
    }
    route |= memchr::memmem::find(b, b"route(").is_some();
    let mut out = FileScan {
        declares_tools: tool,
        declares_routes: route,
        fns: names(fns).collect(),
        types: names(structs).chain(names(enums)).collect(),
        consts: Vec::new(),
    };
    let mut last_line = None;
    for end in words(consts) {
        let start = memchr::memrchr(b'\n', &b[..end]).map_or(0, |i| i + 1);
        if last_line == Some(start) {
            continue;
        }
        last_line = Some(start);
        let stop = memchr::memchr(b'\n', &b[end..]).map_or(b.len(), |i| end + i);
        out.consts.extend(const_line(&text[start..stop]));
    }
    out
}

/// Merge the constants of every file: a name defined with different values in different
/// places is left out.
pub fn merge_consts<'a>(files: impl Iterator<Item = &'a [(String, f64)]>) -> HashMap<String, f64> {
    let mut out: HashMap<String, Option<f64>> = HashMap::new();
    for (name, value) in files.flatten() {
        out.entry(name.clone())
            .and_modify(|v| {
                if *v != Some(*value) {
                    *v = None;
                }
            })
            .or_insert(Some(*value));
    }
    out.into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
}

/// `[pub[(..)]] const NAME: TYPE = NUMBER;` on one line.
fn const_line(line: &str) -> Option<(String, f64)> {
    let mut rest = line.trim_start();
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r.trim_start();
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    let rest = rest.strip_prefix("const ")?;
    let (name, rest) = rest.split_once(':')?;
    let (_, value) = rest.split_once('=')?;
    let value = value.trim().strip_suffix(';')?.replace('_', "");
    let number: String = value
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
        .collect();
    let rest = &value[number.len()..];
    // `5`, `5u8`, `1.5f64`; not `5 * 2` or `u8::MAX`.
    if number.is_empty() || !rest.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((name.trim().to_string(), number.parse().ok()?))
}

/// Whether `word` occurs in `text` as a whole identifier.
pub fn has_word(text: &str, word: &str) -> bool {
    let b = text.as_bytes();
    memchr::memmem::find_iter(b, word.as_bytes()).any(|i| {
        let end = i + word.len();
        (i == 0 || !ident_byte(b[i - 1])) && (end == b.len() || !ident_byte(b[end]))
    })
}

/// Whether `text` may hold an `impl` block of type `ty`: the header (`impl` up to the
/// next `{`, after `for` when it has one) names it. `impl From<String> for Id` is not an
/// impl of `String`, so a call `String::from(..)` does not parse every such file.
pub fn may_impl(text: &str, ty: &str) -> bool {
    let b = text.as_bytes();
    memchr::memmem::find_iter(b, b"impl").any(|i| {
        let end = i + 4;
        if (i > 0 && ident_byte(b[i - 1])) || b.get(end).is_some_and(|c| ident_byte(*c)) {
            return false;
        }
        let stop = memchr::memchr(b'{', &b[end..]).map_or(b.len(), |j| end + j);
        let header = &text[end..stop];
        let self_ty = header.rsplit_once(" for ").map_or(header, |(_, t)| t);
        has_word(self_ty, ty)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_constants_and_tool_markers() {
        let s = scan(
            "pub(crate) const MAX: u8 = 5;\nconst fn one() -> u8 { 1 }\n\
             #[tool(name = \"x\")]\nasync fn  r#type(&self) {}\nstruct\tIn { a: u8 }\n\
             enum E {}\nfn(u8)\ndefn not_this() {}\nlet constant = 1;\n",
        );
        assert!(s.declares_tools && !s.declares_routes);
        assert!(scan("#[post(\"/x\")]\nasync fn f() {}").declares_routes);
        assert!(scan("Router::new().route(\"/x\", post(f))").declares_routes);
        assert_eq!(s.fns, ["one", "r#type"]);
        assert_eq!(s.types, ["In", "E"]);
        assert_eq!(s.consts, [("MAX".to_string(), 5.0)]);
        assert!(has_word("impl Foo for Bar {}", "Bar"));
        assert!(!has_word("impl Foo for Barn {}", "Bar"));
        assert!(may_impl("impl<T> Wrapper<T> where T: Clone {", "Wrapper"));
        assert!(may_impl("impl From<String> for Id {}\nimpl Id {}", "Id"));
        assert!(!may_impl("impl From<String> for Id {}", "String"));
    }
}
