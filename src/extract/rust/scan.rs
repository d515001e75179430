//! The first, byte-level phase over Rust sources: what each file may define, read without
//! parsing, in one pass over its bytes. The names are a superset of what syn finds (a name
//! in a comment, a string or a macro body counts too), so parsing every file that may
//! answer a lookup gives the answer parsing everything would.
//!
//! Names are kept as 64-bit hashes ([`key`]): a scan allocates nothing per name, and a
//! collision only makes one more file a candidate, which keeps the superset.

use crate::contract::Role;
use crate::extract::rust::routes::METHODS;
use memchr::memmem::Finder;
use std::collections::HashMap;
use std::hash::Hasher;
use std::sync::{Arc, LazyLock};

/// What one file may define.
#[derive(Debug, Default)]
pub struct FileScan {
    /// `#[tool`/`mcp_tool`: an SDK tool declaration (always parsed).
    pub declares_tools: bool,
    /// `route(` or an actix `#[post(`-style attribute: an HTTP route (always parsed, page
    /// tools are linked through them).
    pub declares_routes: bool,
    /// [`key`]s of the names after `fn`, and their [`norm_key`]s.
    pub fns: Vec<u64>,
    pub fns_norm: Vec<u64>,
    /// [`key`]s of the names after `struct` and `enum`, and their [`norm_key`]s.
    pub types: Vec<u64>,
    pub types_norm: Vec<u64>,
    /// [`key`]s of the words in `impl` headers' self types (after `for` when there is one).
    pub impl_words: Vec<u64>,
    /// Where the text writes the JSON-RPC method `"tools/call"` (else `"tools/list"`) as a
    /// string: a server that answers MCP itself (for L004 when no SDK is a dependency).
    pub serves: Option<std::ops::Range<usize>>,
    /// Where the text first reads a `"required"` key (`.get("required")`, `["required"]`):
    /// code that checks a call's arguments against a tool's published `required` list, as
    /// a server's dispatcher does for every tool before any handler runs.
    pub reads_required: Option<std::ops::Range<usize>>,
    /// Where a file that writes a `list_tools` (a server listing its tools by hand) assigns
    /// a `.description`: the listed descriptions may not be the declared ones.
    pub rewrites_descriptions: Option<std::ops::Range<usize>>,
    /// Where a file that writes a `list_tools` changes a tool's `input_schema` (assigns it or
    /// borrows it mutably): the listed schemas may not be the declared ones.
    pub rewrites_schemas: Option<std::ops::Range<usize>>,
    /// `[pub] const NAME: &str = "..";` (a plain or raw string literal, on any number of
    /// lines), by the name's [`key`].
    pub str_consts: Vec<(u64, String)>,
    /// The paths `include_str!("..")` names, as written: the engine reads those inside the
    /// project, so the text they include is a known value.
    pub includes: Vec<String>,
    /// `[pub] const NAME: T = <number>;` lines, by the name's [`key`].
    pub consts: Vec<(u64, f64)>,
    /// `[pub] const NAME: RangeInclusive<T> = A..=B;` lines (`Range` and `..` too), by the
    /// name's [`key`]: `NAME.contains(&x)` checks `x` against the range.
    pub range_consts: Vec<(u64, RangeConst)>,
    /// Which side of MCP the file programs against, by the SDK items it names.
    pub role: Role,
    /// Where the text declares an rmcp `#[tool_router]` impl with nothing in it (`impl
    /// Server {}`): the server says it has no tools yet, so none went unread.
    pub empty_router: Option<std::ops::Range<usize>>,
    /// `ServerHandler`: the file may implement rmcp's server trait, whose methods say which
    /// protocol versions the server speaks (always parsed).
    pub names_server_handler: bool,
    /// Size of the text in bytes.
    pub len: usize,
}

/// [`Role`] in four searches: each side's capitalised word (`RoleServer`, `ServerHandler`,
/// `ServerHandlerCore`) and its lowercase one (`serve_server`, `server_runtime`).
fn role(b: &[u8]) -> Role {
    let side = |word: &[u8], handler: &[u8], lower: &[u8], serve: &[u8], runtime: &[u8]| {
        memchr::memmem::find_iter(b, word)
            .any(|i| b[..i].ends_with(b"Role") || b[i..].starts_with(handler))
            || memchr::memmem::find_iter(b, lower)
                .any(|i| b[..i + lower.len()].ends_with(serve) || b[i..].starts_with(runtime))
    };
    Role {
        server: side(
            b"Server",
            b"ServerHandler",
            b"server",
            b"serve_server",
            b"server_runtime",
        ),
        client: side(
            b"Client",
            b"ClientHandler",
            b"client",
            b"serve_client",
            b"client_runtime",
        ),
    }
}

impl FileScan {
    /// Whether the file may hold an `impl` block of type `ty`: a header (`impl` up to the
    /// next `{`, after `for` when it has one) names it. `impl From<String> for Id` is not
    /// an impl of `String`, so a call `String::from(..)` does not parse every such file.
    /// `ty` as [`impl_key`] gives it.
    pub fn may_impl(&self, ty: Option<u64>) -> bool {
        ty.is_none_or(|k| self.impl_words.contains(&k))
    }
}

/// The [`key`] a type is looked up by in `impl` headers ([`FileScan::may_impl`]); `None` for
/// a type no word names (`&str`, a path), which any file may implement.
pub fn impl_key(ty: &str) -> Option<u64> {
    let is_word = !ty.is_empty() && ty.bytes().all(ident_byte);
    is_word.then(|| key(ty))
}

/// The hash a name is indexed by.
pub fn key(name: &str) -> u64 {
    let mut h = fnv::FnvHasher::default();
    h.write(name.as_bytes());
    h.finish()
}

/// [`key`] of the name in [`crate::contract::norm`] form, without building the string for
/// ASCII names (FNV hashes byte by byte, so feeding bytes one at a time is the same hash).
pub fn norm_key(name: &str) -> u64 {
    if !name.is_ascii() {
        return key(&crate::contract::norm(name));
    }
    let mut h = fnv::FnvHasher::default();
    for b in name.bytes().filter(|b| *b != b'_' && *b != b'-') {
        h.write_u8(b.to_ascii_lowercase());
    }
    h.finish()
}

/// One SIMD substring search per word (memchr's memmem): faster here than a single
/// automaton over every byte (measured: the automaton was a fifth of a run's time).
static FINDERS: LazyLock<[Finder<'static>; 6]> =
    LazyLock::new(|| ["fn", "struct", "enum", "const", "#[", "impl"].map(Finder::new));

/// What may follow `#[` on a tool method (`#[tool(..)]`, `#[rmcp::tool(..)]`).
const TOOL_ATTRIBUTES: &[&[u8]] = &[b"tool", b"rmcp::tool"];

fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The identifier after a keyword ending at `at`: whitespace first, then the name (raw
/// `r#name` kept as syn prints it).
fn name_after(text: &str, at: usize) -> Option<&str> {
    let b = text.as_bytes();
    let start = b.len() - skip_space(&b[at..]).len();
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

/// Only whether the file declares SDK tools or HTTP routes (the files parsed whatever
/// linking asks): enough for a package that declares no tool anywhere else, where linking
/// asks for no name. Five searches over the bytes instead of [`scan`]'s eight more.
pub fn markers(text: &str) -> FileScan {
    let b = text.as_bytes();
    let (tool, route) = attributes(b);
    let words = tool_words(b);
    FileScan {
        declares_tools: tool || words.mcp_tool || builds_tools(b, &words),
        declares_routes: route || route_call(b),
        serves: words.serves,
        reads_required: reads_required(b),
        rewrites_descriptions: rewrites_descriptions(b),
        rewrites_schemas: rewrites_schemas(b),
        role: role(b),
        empty_router: empty_router(b),
        names_server_handler: memchr::memmem::find(b, b"ServerHandler").is_some(),
        len: text.len(),
        ..FileScan::default()
    }
}

/// What the lowercase word `tool` is part of, found in one search: most files hold none,
/// and every marker below contains it.
#[derive(Default)]
struct ToolWords {
    /// `mcp_tool`
    mcp_tool: bool,
    /// `call_tool` (a `tools/call` handler) or `tool_box!`
    dispatch: bool,
    /// `tools/call` or `tools/list`, quoted or not
    method: bool,
    /// Where the text writes `"tools/call"` (else `"tools/list"`) first, quotes included:
    /// a server that answers MCP itself (for L004 when no SDK is a dependency).
    serves: Option<std::ops::Range<usize>>,
}

fn tool_words(b: &[u8]) -> ToolWords {
    let mut w = ToolWords::default();
    let (mut call, mut list) = (None, None);
    for i in memchr::memmem::find_iter(b, b"tool") {
        let (before, after) = b.split_at(i);
        w.mcp_tool |= before.ends_with(b"mcp_");
        w.dispatch |= before.ends_with(b"call_") || after.starts_with(b"tool_box!");
        for (method, first) in [(&b"tools/call"[..], &mut call), (b"tools/list", &mut list)] {
            if after.starts_with(method) {
                w.method = true;
                let quoted = before.ends_with(b"\"") && after[method.len()..].starts_with(b"\"");
                if quoted
                    && first.is_none()
                    && answered(&before[..i - 1], &after[method.len() + 1..])
                {
                    *first = Some(i - 1..i + method.len() + 1);
                }
            }
        }
    }
    w.serves = call.or(list);
    w
}

/// Whether the text may build tools as values or dispatch calls to them (what
/// `tool_values` and trait registries read): a type whose name ends in `Tool` followed by
/// `{`, `::` or `for` (`Tool { .. }`, `Tool::new`, `impl McpTool for X`), a `json!` tool's
/// `"inputSchema"`, a tool-shaped struct's `input_schema` field, `tool_box!`, or a
/// `tools/call` handler (`call_tool`), or a dispatch on a tool's name.
pub fn may_build_tools(text: &str) -> bool {
    let b = text.as_bytes();
    builds_tools(b, &tool_words(b))
}

fn builds_tools(b: &[u8], words: &ToolWords) -> bool {
    let tool_type = || {
        memchr::memmem::find_iter(b, b"Tool").any(|i| {
            let rest = skip_space(&b[i + 4..]);
            let spaced = rest.len() < b.len() - i - 4;
            rest.starts_with(b"{")
                || rest.starts_with(b"::")
                || (spaced
                    && rest.starts_with(b"for")
                    && rest.get(3).is_some_and(|c| !ident_byte(*c)))
        })
    };
    words.dispatch
        || words.method
        || tool_type()
        || memchr::memmem::find(b, b"\"inputSchema\"").is_some()
        || memchr::memmem::find(b, b"input_schema").is_some()
        // A dispatcher is about tools (`tool_name`, `execute_tool`): crate sources that
        // match other names against strings are not parsed for it.
        || (memchr::memmem::find(b, b"tool").is_some() && dispatches_on_name(b))
        || calls_tool_helper(b)
}

/// Whether the text may build tools through a helper of another file: a `json!` and a call
/// of a function named for a tool (`make_tool(`, `tool_with_prompts (`).
fn calls_tool_helper(b: &[u8]) -> bool {
    memchr::memmem::find(b, b"json!").is_some()
        && memchr::memmem::find_iter(b, b"tool").any(|i| {
            let rest = &b[i + 4..];
            let end = rest
                .iter()
                .position(|&c| !ident_byte(c))
                .unwrap_or(rest.len());
            skip_space(&rest[end..]).starts_with(b"(")
        })
}

/// Whether the text may pick code by a name written as a string: a `match` on something
/// called a name or a tool whose first arm is a string (`match tool_name { "search" => .. }`,
/// `match tool { .. }`), or a
/// name compared with a string (`if name == "search"`) — a dispatcher, whatever its
/// function is called (`execute_tool`, `dispatch`, `run`).
fn dispatches_on_name(b: &[u8]) -> bool {
    let names = |s: &[u8]| {
        s.windows(4)
            .any(|w| w.eq_ignore_ascii_case(b"name") || w.eq_ignore_ascii_case(b"tool"))
    };
    let matched = memchr::memmem::find_iter(b, b"match").any(|i| {
        if i > 0 && ident_byte(b[i - 1]) {
            return false;
        }
        let rest = &b[i + 5..];
        if !rest.first().is_some_and(u8::is_ascii_whitespace) {
            return false;
        }
        let head = &rest[..rest.len().min(200)];
        let Some(open) = head.iter().position(|&c| matches!(c, b'{' | b';' | b'}')) else {
            return false;
        };
        head[open] == b'{'
            && names(&head[..open])
            && skip_space(&rest[open + 1..]).starts_with(b"\"")
    });
    // Within 60 bytes each side, on the comparison's line: a one-line file of `==` stays
    // linear.
    matched
        || memchr::memmem::find_iter(b, b"==").any(|i| {
            let window = &b[i.saturating_sub(60)..i];
            let before = window
                .iter()
                .rposition(|&c| c == b'\n')
                .map_or(window, |n| &window[n + 1..]);
            let ahead = &b[i + 2..(i + 62).min(b.len())];
            let after = ahead
                .iter()
                .position(|&c| c == b'\n')
                .map_or(ahead, |n| &ahead[..n]);
            let after = skip_space(after);
            (names(before) && after.starts_with(b"\""))
                || (before.trim_ascii_end().ends_with(b"\"") && names(after))
        })
}

/// Whether the text may register an HTTP route: what `routes` collects can only be
/// in such a file (a superset: comments and strings count too).
pub fn may_declare_routes(text: &str) -> bool {
    let b = text.as_bytes();
    route_call(b) || attributes(b).1
}

/// Whether an attribute may be an SDK tool marker, and whether one may be an actix route
/// (`#[post("/path")]`), whitespace allowed where syn allows it.
fn attributes(b: &[u8]) -> (bool, bool) {
    let (mut tool, mut route) = (false, false);
    let [.., attr, _] = &*FINDERS;
    for i in attr.find_iter(b) {
        let rest = skip_space(&b[i + 2..]);
        if TOOL_ATTRIBUTES.iter().any(|a| rest.starts_with(a)) {
            tool = true;
        } else if let Some(m) = METHODS.iter().find(|m| rest.starts_with(m.as_bytes())) {
            // actix `#[post("/path")]`
            route |= skip_space(&rest[m.len()..]).starts_with(b"(");
        }
        if tool && route {
            break;
        }
    }
    (tool, route)
}

/// The first `#[tool_router]` (or `#[rmcp::tool_router(..)]`) whose `impl` block holds
/// nothing but whitespace and line comments, from the attribute to the block's end.
fn empty_router(b: &[u8]) -> Option<std::ops::Range<usize>> {
    let [.., attr, _] = &*FINDERS;
    attr.find_iter(b).find_map(|at| {
        let rest = skip_space(&b[at + 2..]);
        let rest = rest.strip_prefix(b"rmcp::").unwrap_or(rest);
        let after = rest.strip_prefix(b"tool_router")?;
        if after.first().is_some_and(|c| ident_byte(*c)) {
            return None;
        }
        let close = b.len() - after.len() + memchr::memchr(b']', after)?;
        let header = skip_space(&b[close + 1..]);
        if !header.starts_with(b"impl") {
            return None;
        }
        let open = b.len() - header.len() + memchr::memchr(b'{', header)?;
        let mut inside = skip_space(&b[open + 1..]);
        while inside.starts_with(b"//") {
            let line = memchr::memchr(b'\n', inside).unwrap_or(inside.len());
            inside = skip_space(&inside[line..]);
        }
        inside
            .starts_with(b"}")
            .then(|| at..b.len() - inside.len() + 1)
    })
}

/// `route(`, or `route` and `(` with whitespace between: axum and actix `.route` calls.
fn route_call(b: &[u8]) -> bool {
    memchr::memmem::find_iter(b, b"route").any(|i| skip_space(&b[i + 5..]).starts_with(b"("))
}

/// Whether a quoted JSON-RPC method, between `before` and `after`, is one the code answers:
/// a `match` arm's pattern (`"tools/call" =>`, `"a" | "tools/list"`), a comparison with it
/// (`method == "tools/list"`) or the wire name of a request variant it deserializes
/// (`#[serde(rename = "tools/call")]`). A client sends it instead, as an argument
/// (`send_request("tools/call", ..)`) or a value (`"method": "tools/call"`).
fn answered(before: &[u8], after: &[u8]) -> bool {
    // Through a wrapping pattern: `Some("tools/list") =>`.
    let n = after
        .iter()
        .take_while(|c| c.is_ascii_whitespace() || **c == b')')
        .count();
    let after = &after[n..];
    let trim = |b: &[u8]| {
        b.len()
            - b.iter()
                .rev()
                .take_while(|c| c.is_ascii_whitespace())
                .count()
    };
    let mut before = &before[..trim(before)];
    if let Some(open) = before.strip_suffix(b"(") {
        let word = open.iter().rev().take_while(|c| ident_byte(**c)).count();
        before = &open[..open.len() - word];
        before = &before[..trim(before)];
    }
    after.starts_with(b"=>")
        || after.starts_with(b"|")
        || after.starts_with(b"==")
        || after.starts_with(b"!=")
        || before.ends_with(b"==")
        || before.ends_with(b"!=")
        || before.ends_with(b"|")
        || before
            .strip_suffix(b"=")
            .is_some_and(|name| name[..trim(name)].ends_with(b"rename"))
}

/// The first `"required"` read as a key of a tool's input schema: after `get(` or `[`,
/// before `)` or `]`, with `input_schema` or `inputSchema` just before (`tool.input_schema
/// .get("required")`). A schema written in the code (`"required": [..]` in `json!`) is not a
/// read, and neither is a configuration schema's list.
fn reads_required(b: &[u8]) -> Option<std::ops::Range<usize>> {
    memchr::memmem::find_iter(b, b"\"required\"")
        .find(|&i| {
            let before = b[..i].trim_ascii_end();
            let after = skip_space(&b[i + 10..]);
            let key = (before.ends_with(b"get(") && after.starts_with(b")"))
                || (before.ends_with(b"[") && after.starts_with(b"]"));
            let near = &b[i.saturating_sub(120)..i];
            key && [&b"input_schema"[..], b"inputSchema"]
                .iter()
                .any(|w| memchr::memmem::find(near, w).is_some())
        })
        .map(|i| i..i + 10)
}

/// The first `.description =` (an assignment, not `==`) of a file that has a `fn
/// list_tools`: a server whose own listing rewrites what its tools declare
/// (`tool.description = Some(extra)`).
fn rewrites_descriptions(b: &[u8]) -> Option<std::ops::Range<usize>> {
    memchr::memmem::find(b, b"fn list_tools")?;
    memchr::memmem::find_iter(b, b".description")
        .find(|&i| {
            let after = skip_space(&b[i + 12..]);
            after.starts_with(b"=") && !after.starts_with(b"==")
        })
        .map(|i| i + 1..i + 12)
}

/// The first `.input_schema` a file with a `fn list_tools` assigns (`tool.input_schema =
/// ..`) or borrows mutably (`&mut tool.input_schema`, `Arc::make_mut(&mut t.input_schema)`):
/// a server whose own listing rewrites the schemas its tools declare (drops `$schema`,
/// collapses `anyOf` with `null`), which the linter cannot replay.
fn rewrites_schemas(b: &[u8]) -> Option<std::ops::Range<usize>> {
    const FIELD: &[u8] = b".input_schema";
    memchr::memmem::find(b, b"fn list_tools")?;
    memchr::memmem::find_iter(b, FIELD)
        .find(|&i| {
            let end = i + FIELD.len();
            if b.get(end).is_some_and(|c| ident_byte(*c)) {
                return false;
            }
            let after = skip_space(&b[end..]);
            let assigned = after.starts_with(b"=") && !after.starts_with(b"==");
            // The place the field belongs to: `tool`, `self.tools[i]` is not followed.
            let start = b[..i]
                .iter()
                .rposition(|c| !(ident_byte(*c) || *c == b'.'))
                .map_or(0, |p| p + 1);
            let borrowed = b[..start].trim_ascii_end().ends_with(b"&mut");
            assigned || borrowed
        })
        .map(|i| i + 1..i + FIELD.len())
}

fn skip_space(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    &b[n..]
}

/// Scan one file's text: its [`markers`], the names it may define and its constants.
pub fn scan(text: &str) -> FileScan {
    let b = text.as_bytes();
    let [fns, structs, enums, _, _, impls] = &*FINDERS;
    let names = |f| words(b, f).filter_map(|at| name_after(text, at));
    let mut out = markers_and_consts(text);
    for name in names(fns) {
        out.fns.push(key(name));
        out.fns_norm.push(norm_key(name));
    }
    for name in names(structs).chain(names(enums)) {
        out.types.push(key(name));
        out.types_norm.push(norm_key(name));
    }
    // An `impl` inside the header of the one before (`impl Fn() -> impl Fn() ..`) adds none
    // of its words again; skipping it keeps the scan linear.
    let mut covered = 0;
    for end in words(b, impls).filter(|&end| b.get(end).is_none_or(|c| !ident_byte(*c))) {
        if end < covered {
            continue;
        }
        let stop = memchr::memchr(b'{', &b[end..]).map_or(b.len(), |j| end + j);
        covered = stop;
        let header = &text[end..stop];
        let self_ty = header.rsplit_once(" for ").map_or(header, |(_, t)| t);
        out.impl_words.extend(
            self_ty
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || !c.is_ascii()))
                .filter(|w| !w.is_empty())
                .map(key),
        );
    }
    out
}

/// The [`markers`] and the constants of a file, without the names: when every file is
/// parsed, no lookup asks which files may define a name.
pub fn markers_and_consts(text: &str) -> FileScan {
    let b = text.as_bytes();
    let mut out = markers(text);
    let [_, _, _, consts, ..] = &*FINDERS;
    let mut last_line = None;
    for end in words(b, consts) {
        let start = memchr::memrchr(b'\n', &b[..end]).map_or(0, |i| i + 1);
        if last_line == Some(start) {
            continue;
        }
        last_line = Some(start);
        let stop = memchr::memchr(b'\n', &b[end..]).map_or(b.len(), |i| end + i);
        out.consts.extend(const_line(&text[start..stop]));
        out.range_consts.extend(range_line(&text[start..stop]));
        out.str_consts.extend(str_const(text, start));
    }
    for at in memchr::memmem::find_iter(b, b"include_str!(") {
        let rest = text[at + "include_str!(".len()..].trim_start();
        if let Some(len) = literal_len(rest.as_bytes())
            && let Ok(lit) = syn::parse_str::<syn::LitStr>(&rest[..len])
            && !out.includes.contains(&lit.value())
        {
            out.includes.push(lit.value());
        }
    }
    out
}

/// `[pub[(..)]] const NAME: &['static ]str = <string literal>;` starting at `start`: the
/// literal may be raw and span lines; anything else (`concat!`, a call) is not read here.
fn str_const(text: &str, start: usize) -> Option<(u64, String)> {
    let mut rest = text[start..].trim_start();
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r.trim_start();
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    let rest = rest.strip_prefix("const ")?;
    let (name, rest) = rest.split_once(':')?;
    let rest = rest.trim_start().strip_prefix('&')?.trim_start();
    let rest = rest.strip_prefix("'static").unwrap_or(rest).trim_start();
    let rest = rest
        .strip_prefix("str")?
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let len = literal_len(rest.as_bytes())?;
    rest[len..].trim_start().starts_with(';').then_some(())?;
    let lit: syn::LitStr = syn::parse_str(&rest[..len]).ok()?;
    Some((key(name.trim()), lit.value()))
}

/// The length of the string literal (`".."` with escapes, or `r#".."#`) `b` starts with.
fn literal_len(b: &[u8]) -> Option<usize> {
    match b.first()? {
        b'"' => {
            let mut i = 1;
            while i < b.len() {
                match b[i] {
                    b'\\' => i += 2,
                    b'"' => return Some(i + 1),
                    _ => i += 1,
                }
            }
            None
        }
        b'r' => {
            let hashes = b[1..].iter().take_while(|c| **c == b'#').count();
            (b.get(1 + hashes) == Some(&b'"')).then_some(())?;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = 2 + hashes;
            let end = memchr::memmem::find(&b[body..], &close)?;
            Some(body + end + close.len())
        }
        _ => None,
    }
}

/// Where the occurrences of `f`'s word that start a word end.
fn words<'a>(b: &'a [u8], f: &'a Finder<'static>) -> impl Iterator<Item = usize> + 'a {
    f.find_iter(b)
        .filter(|&i| i == 0 || !ident_byte(b[i - 1]))
        .map(move |i| i + f.needle().len())
}

/// The value of a range constant: each end a number or the name of a numeric constant,
/// and whether the upper end is included.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeConst {
    pub start: Option<End>,
    pub end: Option<End>,
    pub closed: bool,
}

/// One end of a [`RangeConst`] as written.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    Number(f64),
    Const(String),
}

/// Constants of a tree by the [`key`] of their name: numbers and strings.
#[derive(Debug, Default)]
pub struct Consts {
    numbers: HashMap<u64, f64, fnv::FnvBuildHasher>,
    strings: HashMap<u64, String, fnv::FnvBuildHasher>,
    ranges: HashMap<u64, RangeConst, fnv::FnvBuildHasher>,
    /// The text `include_str!(path)` in a file yields, by that file and the path as written.
    included: std::collections::HashMap<(crate::source::FileId, String), Arc<str>>,
}

impl Consts {
    /// What `include_str!(path)` written in `file` includes, when the engine read it.
    pub fn included(&self, file: crate::source::FileId, path: &str) -> Option<&str> {
        self.included.get(&(file, path.to_string())).map(|t| &**t)
    }

    /// Record the text `include_str!(path)` in `file` includes.
    pub fn include(&mut self, file: crate::source::FileId, path: String, text: Arc<str>) {
        self.included.insert((file, path), text);
    }

    pub fn number(&self, name: &str) -> Option<f64> {
        self.numbers.get(&key(name)).copied()
    }

    pub fn string(&self, name: &str) -> Option<&str> {
        self.strings.get(&key(name)).map(String::as_str)
    }

    pub fn range(&self, name: &str) -> Option<&RangeConst> {
        self.ranges.get(&key(name))
    }
}

/// Merge the constants of every file: a name defined with different values in different
/// places is left out (never guessed between).
pub fn merge_consts<'a>(files: impl Iterator<Item = &'a FileScan>) -> Consts {
    fn merge<V: PartialEq + Clone>(
        entries: impl Iterator<Item = (u64, V)>,
    ) -> HashMap<u64, V, fnv::FnvBuildHasher> {
        let mut out: HashMap<u64, Option<V>, fnv::FnvBuildHasher> = HashMap::default();
        for (name, value) in entries {
            out.entry(name)
                .and_modify(|v| {
                    if v.as_ref() != Some(&value) {
                        *v = None;
                    }
                })
                .or_insert(Some(value));
        }
        out.into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect()
    }
    let files: Vec<&FileScan> = files.collect();
    Consts {
        numbers: merge(files.iter().flat_map(|f| f.consts.iter().copied())),
        strings: merge(files.iter().flat_map(|f| f.str_consts.iter().cloned())),
        ranges: merge(files.iter().flat_map(|f| f.range_consts.iter().cloned())),
        included: Default::default(),
    }
}

/// `[pub[(..)]] const NAME: ..Range..<T> = A..=B;` on one line, each end a number, a
/// constant's name (its path's last segment) or absent.
fn range_line(line: &str) -> Option<(u64, RangeConst)> {
    let (name, ty, value) = const_parts(line)?;
    if !ty.contains("Range") {
        return None;
    }
    let (a, b, closed) = match value.split_once("..=") {
        Some((a, b)) => (a, b, true),
        None => {
            let (a, b) = value.split_once("..")?;
            (a, b, false)
        }
    };
    let end = |t: &str| -> Option<Option<End>> {
        let t = t.trim();
        if t.is_empty() {
            return Some(None);
        }
        if let Some(n) = const_number(t) {
            return Some(Some(End::Number(n)));
        }
        let last = t.rsplit("::").next()?;
        (!last.is_empty()
            && last.bytes().all(ident_byte)
            && !last.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| Some(End::Const(last.to_string())))
    };
    Some((
        key(name),
        RangeConst {
            start: end(a)?,
            end: end(b)?,
            closed,
        },
    ))
}

/// `[pub[(..)]] const NAME: TYPE = VALUE;` on one line, as (name, type, value).
fn const_parts(line: &str) -> Option<(&str, &str, &str)> {
    let mut rest = line.trim_start();
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r.trim_start();
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    let rest = rest.strip_prefix("const ")?;
    let (name, rest) = rest.split_once(':')?;
    let (ty, value) = rest.split_once('=')?;
    Some((name.trim(), ty, value.trim().strip_suffix(';')?))
}

/// `5`, `5u8`, `1_000`, `1.5f64`; not `5 * 2` or `u8::MAX`.
fn const_number(value: &str) -> Option<f64> {
    let value: std::borrow::Cow<str> = if value.contains('_') {
        value.replace('_', "").into()
    } else {
        value.into()
    };
    let digits = value
        .bytes()
        .take_while(|c| c.is_ascii_digit() || *c == b'.' || *c == b'-')
        .count();
    let (number, suffix) = value.split_at(digits);
    if number.is_empty() || !suffix.bytes().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    number.parse().ok()
}

/// `[pub[(..)]] const NAME: TYPE = NUMBER;` on one line. Called for every constant of
/// every file (`libc` alone has thousands), so it allocates only for `1_000`-style values.
fn const_line(line: &str) -> Option<(u64, f64)> {
    let (name, _, value) = const_parts(line)?;
    Some((key(name), const_number(value)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_constants_keep_their_ends_as_written() {
        let s = scan(
            "pub(super) const PORTS: RangeInclusive<u16> = MIN_PORT..=super::MAX_PORT;\n\
             const PAGE: std::ops::Range<usize> = 1..50;\nconst FROM: RangeFrom<u8> = 3..;\n\
             const NOT: &str = \"1..=5\";\nconst CALL: Range<u8> = lo()..5;\n",
        );
        let got: Vec<(u64, RangeConst)> = s.range_consts.clone();
        let c = |n: &str| End::Const(n.to_string());
        assert_eq!(
            got,
            [
                (
                    key("PORTS"),
                    RangeConst {
                        start: Some(c("MIN_PORT")),
                        end: Some(c("MAX_PORT")),
                        closed: true
                    }
                ),
                (
                    key("PAGE"),
                    RangeConst {
                        start: Some(End::Number(1.0)),
                        end: Some(End::Number(50.0)),
                        closed: false
                    }
                ),
                (
                    key("FROM"),
                    RangeConst {
                        start: Some(End::Number(3.0)),
                        end: None,
                        closed: false
                    }
                ),
            ]
        );
    }

    #[test]
    fn a_listing_that_changes_input_schemas_is_found() {
        let listing =
            "async fn list_tools(&self) -> R {\n    let mut r = self.0.list_tools().await?;\n";
        let found = |rest: &str| scan(&format!("{listing}{rest}")).rewrites_schemas.is_some();
        assert!(found(
            "for t in &mut r.tools { t.input_schema = Arc::new(m); }"
        ));
        assert!(found("let s = &mut tool.input_schema;"));
        assert!(found("portable(Arc::make_mut(&mut tool.input_schema));"));
        // Reading, comparing or building a schema is no rewrite.
        assert!(!found(
            "if t.input_schema == other.input_schema { keep(&t.input_schema) }"
        ));
        assert!(!found(
            "Tool { input_schema: Arc::new(m), ..t }; let x = &mut t.input_schemas;"
        ));
        assert!(
            scan("let s = &mut tool.input_schema;")
                .rewrites_schemas
                .is_none()
        );
    }

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
        assert!(scan("#[ post (\"/x\")]\nasync fn f() {}").declares_routes);
        assert!(scan("Router::new()\n    .route\n    (\"/x\", post(f))").declares_routes);
        assert!(!scan("#[get_size]\nstruct Router; // routes\nfn route_of() {}").declares_routes);
        assert!(scan("#[ tool(name = \"x\")]").declares_tools);
        assert_eq!(s.fns, [key("one"), key("r#type")]);
        assert_eq!(s.fns_norm, [key("one"), key("r#type")]);
        assert_eq!(s.types, [key("In"), key("E")]);
        assert_eq!(s.consts, [(key("MAX"), 5.0)]);
        assert_eq!(
            const_line("const BIG: u32 = 1_000u32;"),
            Some((key("BIG"), 1000.0))
        );
        assert_eq!(const_line("const TWO: u8 = 1 + 1;"), None);
        assert_eq!(s.len, 178);
        assert!(scan("impl Foo for Bar {}").may_impl(impl_key("Bar")));
        assert!(!scan("impl Foo for Barn {}").may_impl(impl_key("Bar")));
        assert!(scan("impl<T> Wrapper<T> where T: Clone {").may_impl(impl_key("Wrapper")));
        assert!(scan("impl From<String> for Id {}\nimpl Id {}").may_impl(impl_key("Id")));
        assert!(!scan("impl From<String> for Id {}").may_impl(impl_key("String")));
        assert!(!scan("fn implement() {} // impl Id").may_impl(impl_key("String")));
    }

    #[test]
    fn markers_flag_what_the_full_scan_flags_and_no_names() {
        for text in [
            "#[tool(name = \"x\")]\nasync fn f(&self) {}",
            "#[rmcp::tool(name = \"x\")]\nasync fn f(&self) {}",
            "#[mcp_tool(name = \"x\")]\nstruct T;",
            "#[post(\"/x\")]\nasync fn f() {}",
            "Router::new().route(\"/x\", post(f))",
            "#[derive(Deserialize)]\nstruct In { a: u8 }\nconst MAX: u8 = 5;",
        ] {
            let (m, s) = (markers(text), scan(text));
            assert_eq!(
                (m.declares_tools, m.declares_routes, m.len),
                (s.declares_tools, s.declares_routes, s.len),
                "{text}"
            );
            assert!(m.fns.is_empty() && m.types.is_empty() && m.consts.is_empty());
        }
    }

    #[test]
    fn the_role_is_read_from_the_sdks_role_items() {
        let server = Role {
            server: true,
            client: false,
        };
        let client = Role {
            server: false,
            client: true,
        };
        for (text, want) in [
            ("#[tool_handler]\nimpl ServerHandler for Shop {}", server),
            (
                "impl rmcp::handler::server::ServerHandlerCore for Shop {}",
                server,
            ),
            ("fn ctx(_: RequestContext<RoleServer>) {}", server),
            ("let s = serve_server(h, stdio()).await?;", server),
            ("let rt = server_runtime::create_server(d, t, h);", server),
            ("impl ClientHandler for Probe {}", client),
            (
                "let c = serve_client((), t).await?; let _: Peer<RoleClient>;",
                client,
            ),
            ("client_runtime::create_client(d, t, h)", client),
            ("use rmcp::model::{CallToolResult, Tool};", Role::default()),
            (
                "struct McpServer; struct HttpClient; fn serve_http() {}",
                Role::default(),
            ),
        ] {
            assert_eq!(markers(text).role, want, "{text}");
        }
    }

    #[test]
    fn an_empty_tool_router_is_read_as_no_tools_yet() {
        for (text, empty) in [
            ("#[tool_router]\nimpl Sandbox {}", true),
            (
                "#[rmcp::tool_router(router = r)]\nimpl Sandbox {\n    // later\n}",
                true,
            ),
            (
                "#[tool_router]\nimpl Sandbox {\n    #[tool]\n    fn run(&self) {}\n}",
                false,
            ),
            ("#[tool_routers]\nimpl Sandbox {}", false),
            ("#[tool_handler]\nimpl ServerHandler for Sandbox {}", false),
        ] {
            assert_eq!(markers(text).empty_router.is_some(), empty, "{text}");
        }
    }

    /// The markers as separate searches, each marker on its own: the one-pass search over
    /// `tool` must agree with it on every text.
    fn markers_one_search_each(text: &str) -> (bool, Option<std::ops::Range<usize>>, bool) {
        let b = text.as_bytes();
        let has = |m: &[u8]| memchr::memmem::find(b, m).is_some();
        let tool_type = memchr::memmem::find_iter(b, b"Tool").any(|i| {
            let rest = skip_space(&b[i + 4..]);
            let spaced = rest.len() < b.len() - i - 4;
            rest.starts_with(b"{")
                || rest.starts_with(b"::")
                || (spaced
                    && rest.starts_with(b"for")
                    && rest.get(3).is_some_and(|c| !ident_byte(*c)))
        });
        let builds = tool_type
            || [
                &b"\"inputSchema\""[..],
                b"input_schema",
                b"tool_box!",
                b"call_tool",
                b"tools/call",
                b"tools/list",
            ]
            .iter()
            .any(|m| has(m));
        let serves = [&b"\"tools/call\""[..], b"\"tools/list\""]
            .iter()
            .find_map(|m| {
                memchr::memmem::find_iter(b, m)
                    .find(|&i| answered(&b[..i], &b[i + m.len()..]))
                    .map(|i| i..i + m.len())
            });
        (
            attributes(b).0 || has(b"mcp_tool") || builds,
            serves,
            builds,
        )
    }

    #[test]
    fn one_search_for_tool_finds_what_a_search_per_marker_finds() {
        let parts = [
            "mcp_",
            "tool",
            "call_",
            "_box!",
            "tools/",
            "call",
            "list",
            "\"",
            "s",
            " ",
            "#[",
            "Tool",
            "{",
            "::",
            "for ",
            "rmcp::",
            "inputSchema",
            "x",
            "\n",
        ];
        // A fixed linear congruential sequence: the same texts on every run.
        let mut seed = 0x2545_f491_u64;
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..(seed % 9) {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                text.push_str(parts[(seed >> 33) as usize % parts.len()]);
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let m = markers(&text);
            assert_eq!(
                (m.declares_tools, m.serves, may_build_tools(&text)),
                markers_one_search_each(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn norm_keys_are_keys_of_the_normed_name() {
        for name in [
            "add_cart_line",
            "AddCartLine",
            "find-table",
            "Größe_x",
            "r#type",
        ] {
            assert_eq!(norm_key(name), key(&crate::contract::norm(name)), "{name}");
        }
    }

    #[test]
    fn string_constants_are_read_whole_and_only_when_literal() {
        let text = "pub const NAME: &str = \"export\";\n\
            pub(crate) const DESC: &'static str = r#\"Exports \"rows\";\nat most 5.\"#;\n\
            const ESC: &str = \"a \\\"b\\\" c\";\n\
            const JOINED: &str = concat!(\"a\", \"b\");\n\
            const OTHER: &str = NAME;\n";
        let s = scan(text);
        let got: Vec<(u64, &str)> = s.str_consts.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(
            got,
            [
                (key("NAME"), "export"),
                (key("DESC"), "Exports \"rows\";\nat most 5."),
                (key("ESC"), "a \"b\" c"),
            ]
        );
        let twice = [
            scan("const A: &str = \"x\";"),
            scan("const A: &str = \"y\";"),
        ];
        let merged = merge_consts(twice.iter());
        assert_eq!(merged.string("A"), None, "two values: neither is guessed");
        let once = [
            scan("const B: &str = \"x\";"),
            scan("const B: &str = \"x\";"),
        ];
        assert_eq!(merge_consts(once.iter()).string("B"), Some("x"));
    }
}
