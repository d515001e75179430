//! The project: the linked contracts (one per tool), what could not be read, and the
//! lookups rules make over them.

use super::*;
use crate::source::{Span, Spanned};

/// Everything known about one tool, gathered from every source by name.
#[derive(Clone, Debug)]
pub struct Contract {
    pub name: String,
    /// The directory of the package (linking group) that declares it, set by the engine:
    /// with the name, the tool's identity.
    pub package: std::path::PathBuf,
    pub decls: Vec<ToolDecl>,
    /// The declarations' requests followed to Rust routes and handlers.
    pub http: Vec<HttpLink>,
    /// What each declaration's prose claims: its readings resolved to properties by linking.
    pub claims: Vec<DeclClaims>,
    /// The Rust code behind the tool, when linked (boxed: most tools of a large manifest
    /// have none, and it is most of a contract).
    pub rust: Option<Box<RustInput>>,
    /// Names tried while linking the Rust side (for L001), and rival candidates (L003).
    pub link_notes: LinkNotes,
}

/// How linking went for one tool, so coverage rules can explain themselves.
#[derive(Clone, Debug, Default)]
pub struct LinkNotes {
    pub tried: Tried,
    /// Other types that matched as well as the chosen one.
    pub rivals: Vec<Spanned<String>>,
    /// A configured `input` that names no type of the tree.
    pub missing_config: Option<String>,
}

/// What linking looked for by name: kept as how to spell it, and spelled only when said
/// (L001, `--explain-links`); a manifest of 77,000 tools held 46 MB of these names.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Tried {
    #[default]
    Nothing,
    /// The names a `[[tool]]` mapping gives.
    Configured(Vec<String>),
    /// The naming conventions for the tool's name; `validate_on` the type found, whose
    /// `validate` method was looked for in place of a `validate_` function.
    Conventions { validate_on: Option<String> },
}

impl Tried {
    pub fn is_empty(&self) -> bool {
        match self {
            Tried::Nothing => true,
            Tried::Configured(names) => names.is_empty(),
            Tried::Conventions { .. } => false,
        }
    }

    /// The items looked for, in the order linking looked: `type BookTableArgs`, ….
    pub fn names(&self, tool: &str) -> Vec<String> {
        use super::names::{SUFFIXES, pascal, snake};
        match self {
            Tried::Nothing => Vec::new(),
            Tried::Configured(names) => names.clone(),
            Tried::Conventions { validate_on } => {
                let mut out: Vec<String> = SUFFIXES
                    .iter()
                    .map(|s| format!("type {}{}", pascal(tool), pascal(s)))
                    .collect();
                out.push(format!("fn validate_{}", snake(tool)));
                if let Some(t) = validate_on {
                    out.push(format!("fn {t}::validate"));
                }
                out.push(format!("fn {}", snake(tool)));
                out.push(format!("fn handle_{}", snake(tool)));
                out
            }
        }
    }
}

impl Contract {
    /// Each declaration with the claims read from its descriptions.
    pub fn claimed(&self) -> impl Iterator<Item = (&ToolDecl, &[Claim])> {
        self.claims
            .iter()
            .filter_map(|c| self.decls.get(c.decl).map(|d| (d, c.claims.as_slice())))
    }

    /// The first published schema: manifests before schema files, then by location.
    pub fn schema(&self) -> Option<&SchemaFacts> {
        self.decls.iter().find_map(|d| d.schema.as_ref())
    }

    pub fn description(&self) -> Option<&Text> {
        self.decls.iter().find_map(|d| d.description.as_ref())
    }

    /// The schema the code is held to: for rmcp/rust-mcp-sdk tools the one derived from the
    /// Rust type (that is what the server publishes), else the first published one.
    pub fn published(&self) -> Option<(&ToolDecl, &SchemaFacts)> {
        let rust = self.decls.iter().find(|d| d.origin.from_rust());
        rust.into_iter()
            .chain(self.decls.iter())
            .find_map(|d| d.schema.as_ref().map(|s| (d, s)))
    }
}

/// Everything the rules look at: the linked contracts and what could not be read.
#[derive(Debug, Default)]
pub struct Project {
    pub sources: crate::source::SourceMap,
    pub contracts: Vec<Contract>,
    pub unreadable: Vec<Unreadable>,
    /// Files that could not be read or parsed and are no contract (an editor's empty
    /// settings, a lockfile, a deliberately broken test input): not E001, but counted in the
    /// summary and listed with `-v`, so nothing is skipped without a word.
    pub skipped: Vec<Unreadable>,
    /// Page values that cannot be known statically.
    pub not_static: Vec<NotStatic>,
    /// Uses of WebMCP API the current draft no longer has.
    pub page_api: Vec<PageApiUse>,
    /// Routes registered in the Rust server, and its request handlers.
    pub routes: Vec<Route>,
    pub handlers: Vec<Handler>,
    pub rust: RustCrate,
    /// Keys written twice in one object of a manifest or schema.
    pub duplicate_keys: Vec<DuplicateKey>,
    /// The Cargo packages linted, with the MCP SDK each depends on (for L004).
    pub packages: Vec<SdkPackage>,
    /// Where page scripts use WebMCP, the first use in each script (for L004).
    pub page_uses: Vec<WebMcpUse>,
    /// Where the package's scripts install a model context of their own (a polyfill, a
    /// bridge's shim).
    pub page_provides: Vec<Span>,
    /// The package's scripts register tools somewhere (`registerTool`, `provideContext`, a
    /// tool hook), readable or not.
    pub page_registers: bool,
    /// The suppressions written in the sources, kept after the rules for `diff`'s changes.
    pub suppressions: Vec<Suppression>,
    /// The client profiles the published schemas are checked against (P012), sorted.
    pub profiles: Vec<Profile>,
}

/// A Cargo package of the run and what says it serves MCP tools.
#[derive(Clone, Debug, PartialEq)]
pub struct SdkPackage {
    pub name: String,
    /// The package's directory (its `Cargo.toml`'s), as walked.
    pub dir: std::path::PathBuf,
    /// Its `Cargo.toml`, the whole file.
    pub manifest: Span,
    /// The MCP SDK dependency, spanned at its key in `Cargo.toml`.
    pub sdk: Option<Spanned<String>>,
    /// The directories of its path dependencies (crates of the same tree), normalised.
    pub path_deps: Vec<std::path::PathBuf>,
    /// The same for its dev-dependencies: crates of the tree only its tests build on.
    pub dev_path_deps: Vec<std::path::PathBuf>,
    /// Without an SDK: where its Rust answers `tools/list` or `tools/call` itself.
    pub serves: Option<Span>,
    /// Where its program code reads a schema's `required` list (see `scan::reads_required`):
    /// a call missing a required property may be turned away there, before any handler.
    pub checks_required: Option<Span>,
    /// Where its program code's own `list_tools` rewrites a tool's description (see
    /// `scan::rewrites_descriptions`): the served text may not be the declared one.
    pub rewrites_descriptions: Option<Span>,
    /// Where its program code's own `list_tools` rewrites a tool's input schema (see
    /// `scan::rewrites_schemas`): the served schema may not be the declared one.
    pub rewrites_schemas: Option<Span>,
    /// The side of MCP its library and binaries program against (tests, benches and
    /// examples aside): a client or a proxy of other servers declares no tools of its own.
    pub role: Role,
    /// Whether it builds a program (`src/main.rs`, `src/bin/`, a `[[bin]]` target).
    pub binary: bool,
    /// Where its program code declares an rmcp tool router with no tool in it: a server
    /// with no tools yet, which has none to leave unchecked.
    pub empty_router: Option<Span>,
    /// The roots its manifest declares for its library and binaries outside `src/` (`[lib]`
    /// and `[[bin]]` `path`), normalised: with `src/`, the only code Cargo builds into them.
    pub program_roots: Vec<std::path::PathBuf>,
}

impl SdkPackage {
    /// The package of `packages` whose directory holds `file` most closely.
    pub fn owner<'p>(packages: &'p [SdkPackage], file: &std::path::Path) -> Option<&'p SdkPackage> {
        packages
            .iter()
            .filter(|p| file.starts_with(&p.dir))
            .max_by_key(|p| p.dir.components().count())
    }
}

/// A key repeated in one JSON object: `first` is the earlier occurrence, `repeated` the later
/// one (the one contractlint, serde_json and JavaScript read).
#[derive(Clone, Debug, PartialEq)]
pub struct DuplicateKey {
    pub key: String,
    pub first: Span,
    pub repeated: Span,
    /// On the first one recorded of a file: how many more the file holds, counted and not
    /// recorded (at most [`MAX_DUPLICATE_KEYS`] are).
    pub more: usize,
}

/// Duplicate keys recorded per file: a file of nothing but repeated keys made a finding
/// per 6 bytes (8.8 MB of them cost 1 GB). Ten times what a report shows of one rule in
/// one file, so a baseline or suppressions still leave a full page to show.
pub const MAX_DUPLICATE_KEYS: usize = 1_000;

impl Project {
    /// The tools counted by identity: the package, the name, and for a page tool the page
    /// (file) that registers it, so the same tool on two pages is two tools an agent is
    /// shown, while a tool declared in a manifest and in Rust is one.
    pub fn tool_count(&self) -> usize {
        self.contracts
            .iter()
            .map(|c| {
                let mut pages: Vec<_> = c
                    .decls
                    .iter()
                    .filter(|d| d.origin.is_page())
                    .map(|d| d.name_span.file)
                    .collect();
                pages.sort_unstable();
                pages.dedup();
                pages.len().max(1)
            })
            .sum()
    }

    /// Add another group's project, whose files were numbered after this one's.
    pub fn append(&mut self, other: Project) {
        let offset = self.rust.fns.len();
        self.sources.append(other.sources);
        self.unreadable.extend(other.unreadable);
        self.skipped.extend(other.skipped);
        self.duplicate_keys.extend(other.duplicate_keys);
        self.packages.extend(other.packages);
        self.page_uses.extend(other.page_uses);
        self.page_provides.extend(other.page_provides);
        self.page_registers |= other.page_registers;
        self.suppressions.extend(other.suppressions);
        self.not_static.extend(other.not_static);
        self.page_api.extend(other.page_api);
        self.routes.extend(other.routes);
        self.handlers.extend(other.handlers);
        self.rust.types.extend(other.rust.types);
        self.rust.structs.extend(other.rust.structs);
        self.rust.fns.extend(other.rust.fns);
        // Lookups must see the appended facts.
        self.rust.index = Default::default();
        self.rust.has_sources |= other.rust.has_sources;
        self.contracts
            .extend(other.contracts.into_iter().map(|mut c| {
                if let Some(r) = &mut c.rust {
                    r.shift_fns(offset);
                }
                c
            }));
    }

    /// Whether this part of the tool exists in a page but is only known at run time, so its
    /// absence from the facts is not an absence from the page.
    pub fn statically_unknown(&self, tool: &str, part: PagePart) -> bool {
        self.not_static
            .iter()
            .any(|n| n.part == part && n.tool.as_deref() == Some(tool))
    }

    /// Every published declaration that carries a schema, with its tool name.
    pub fn schemas(&self) -> impl Iterator<Item = (&ToolDecl, &SchemaFacts)> {
        self.contracts
            .iter()
            .flat_map(|c| c.decls.iter())
            .filter_map(|d| d.schema.as_ref().map(|s| (d, s)))
    }
}

/// A file (or part of one) that could not be read or parsed: reported as E001.
#[derive(Clone, Debug)]
pub struct Unreadable {
    pub span: Span,
    pub message: String,
}

/// The side of MCP a file's code takes, read from the names of the SDKs' role items
/// (rmcp's and rust-mcp-sdk's `ServerHandler`/`ClientHandler`, `RoleServer`/`RoleClient`,
/// `serve_server`/`serve_client`, `server_runtime`/`client_runtime`). A package that names
/// neither uses the SDK's model types only.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Role {
    pub server: bool,
    pub client: bool,
}

impl Role {
    pub fn or(self, other: Role) -> Role {
        Role {
            server: self.server || other.server,
            client: self.client || other.client,
        }
    }
}
