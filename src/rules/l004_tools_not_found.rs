use super::Rule;
use crate::contract::{NotStatic, PagePart, Project, Role, SdkPackage};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use std::path::Path;

/// L004: a package that depends on an MCP SDK, or whose pages use WebMCP, but in which no
/// tool was recognised. Nothing of it was checked, which a clean report must not hide.
pub struct ToolsNotFound;

/// What the page extractors read, for the message.
const PAGES_READ: &str = "tool objects passed to `registerTool`, `provideContext` or a WebMCP \
    hook, written there or as constants, arrays, objects and functions of the package's modules, \
    `<form toolname>`";

/// What the extractors recognise, for the message.
const LOOKED_FOR: &str = "rmcp `#[tool]` methods, rust-mcp-sdk `#[mcp_tool]` structs, \
    `Tool { .. }` values (or any struct with `name` and `input_schema`) and `Tool::new(..)`, \
    built directly or by a helper function of the crate, \
    `json!` tools, trait registries \
    (`impl .. for X` with `const NAME`), JSON manifests and WebMCP pages";

/// Per package: whether it declares tools, depends (through path dependencies,
/// transitively) on a package of the run that does, or is such a package's dependency: a
/// binary crate that runs a member's server, or a helper library of it, serves the tools
/// found there. A package without an MCP SDK linked into such a program beside the tools (a
/// hand-written router answering `tools/list` for a tools crate the same binary depends on)
/// serves them too; one with the SDK declares its own tools through it. Two servers that
/// share a library are not joined through it.
fn served(packages: &[SdkPackage], with_tools: &[&SdkPackage]) -> Vec<bool> {
    let n = packages.len();
    let index = |dir: &Path| packages.iter().position(|q| q.dir == dir);
    let mut deps: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, p) in packages.iter().enumerate() {
        for j in p.path_deps.iter().filter_map(|d| index(d)) {
            deps[i].push(j);
            users[j].push(i);
        }
    }
    let tools: Vec<bool> = packages.iter().map(|p| with_tools.contains(&p)).collect();
    let reach = |from: &[bool], edges: &[Vec<usize>]| {
        let mut seen = from.to_vec();
        let mut todo: Vec<usize> = (0..n).filter(|&i| from[i]).collect();
        while let Some(i) = todo.pop() {
            for &j in &edges[i] {
                if !seen[j] {
                    seen[j] = true;
                    todo.push(j);
                }
            }
        }
        seen
    };
    // The programs that run the tools (the tools' packages and every package above them),
    // and everything they link that has no SDK of its own.
    let running = reach(&tools, &users);
    let below = reach(&tools, &deps);
    let linked = reach(&running, &deps);
    (0..n)
        .map(|i| running[i] || below[i] || (linked[i] && packages[i].sdk.is_none()))
        .collect()
}

/// Whether a package that depends on an MCP SDK is a server, the claim behind "none of its
/// tools was checked": it programs against the SDK's server side and not its client side
/// (a client, or a proxy that relays other servers' tools, declares none of its own), or it
/// names neither side and builds a program. A library that uses only the SDK's model types
/// serves nothing by itself; the program that serves it is a package of its own.
fn serves_with_sdk(p: &SdkPackage) -> bool {
    let Role { server, client } = p.role;
    !client && (server || p.binary)
}

/// Whether a package without an SDK that answers a tools method serves tools of its own, the
/// claim behind "none of its tools was checked": not when it is a library other packages of
/// the run build on (a framework or transport dispatching to the tools its users register:
/// theirs, not its own), unless the method is answered in its program's own code (`src/main.rs`,
/// `src/bin/`) rather than in the library a demo binary sits beside.
fn answers_own_tools(project: &Project, p: &SdkPackage) -> bool {
    let built_on = project
        .packages
        .iter()
        .any(|q| q.dir != p.dir && q.path_deps.contains(&p.dir));
    let in_program = p.serves.is_some_and(|at| {
        let path = &project.sources.get(at.file).path;
        let src = p.dir.join("src");
        path == &src.join("main.rs") || path.starts_with(src.join("bin"))
    });
    !built_on || (p.binary && in_program)
}

/// Whether the run's packages take `p` only as a dev-dependency: it is built for their tests
/// (a test client, fixtures), never into a program that serves tools.
fn test_support(packages: &[SdkPackage], p: &SdkPackage) -> bool {
    packages.iter().any(|q| q.dev_path_deps.contains(&p.dir))
        && !packages.iter().any(|q| q.path_deps.contains(&p.dir))
}

impl Rule for ToolsNotFound {
    fn code(&self) -> &'static str {
        "L004"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        self.pages(project, out);
        let with_tools: Vec<&SdkPackage> = project
            .contracts
            .iter()
            .flat_map(|c| &c.decls)
            .filter_map(|d| {
                SdkPackage::owner(
                    &project.packages,
                    &project.sources.get(d.name_span.file).path,
                )
            })
            .collect();
        let served = served(&project.packages, &with_tools);
        for (p, served) in project.packages.iter().zip(served) {
            if served || test_support(&project.packages, p) {
                continue;
            }
            let (what, label) = match (&p.sdk, p.serves) {
                (Some(_), _) if !serves_with_sdk(p) || p.empty_router.is_some() => continue,
                (Some(sdk), _) => (
                    format!("depends on the MCP SDK `{}`", sdk.value),
                    Label::new(sdk.span, "an MCP SDK dependency"),
                ),
                (None, Some(at)) if answers_own_tools(project, p) => (
                    "answers MCP's `tools/list`/`tools/call` itself".to_string(),
                    Label::new(at, "an MCP tools method"),
                ),
                (None, _) => continue,
            };
            // Tool values found whose name only exists at run time (each also an E002).
            let unnamed: Vec<_> = unnamed(project)
                .filter(|n| {
                    let path = &project.sources.get(n.span.file).path;
                    SdkPackage::owner(&project.packages, path) == Some(p)
                })
                .collect();
            let said = said(unnamed.len());
            let d = Diagnostic::new(
                self.code(),
                format!(
                    "package `{}` {what}, but no tool was recognised in it, so none of its tools was checked (looked for {LOOKED_FOR}){said}",
                    p.name
                ),
                label,
            )
            .help("if the package declares tools in a way contractlint does not read, map each one in contractlint.toml with `[[tool]]` (name, schema, input, handler)");
            out.push(with_unnamed(d, &unnamed));
        }
    }
}

impl ToolsNotFound {
    /// A package (one linking group) whose page scripts use WebMCP, the model context or a
    /// WebMCP package, and in which no page tool was recognised: the tools of a manifest
    /// beside it (a server card) are not the ones its pages register.
    fn pages(&self, project: &Project, out: &mut Findings) {
        let Some(first) = project.page_uses.first() else {
            return;
        };
        // A package that installs the model context itself and registers nothing on it is
        // WebMCP's runtime (a polyfill, a bridge's shim): its tools are its users'. An app
        // that installs a fallback context and registers its tools there is no runtime.
        if !project.page_provides.is_empty() && !project.page_registers {
            return;
        }
        let decls = || project.contracts.iter().flat_map(|c| &c.decls);
        if decls().any(|d| d.origin.is_page()) {
            return;
        }
        let found = match decls().next() {
            None => "no tool was recognised in it, so none of its tools was checked",
            Some(_) => {
                "no tool its pages register was recognised (only tools declared elsewhere), so none of them was checked"
            }
        };
        let unnamed: Vec<_> = unnamed(project).collect();
        let d = Diagnostic::new(
            self.code(),
            format!(
                "this package uses WebMCP ({}), but {found} (looked for {PAGES_READ}){}",
                first.what,
                said(unnamed.len())
            ),
            Label::new(first.span, "WebMCP is used here"),
        )
        .help("register tools as objects the page writes (inline, or constants, arrays and functions of them in the package's modules), or map each one in contractlint.toml with `[[tool]]` (name, schema)");
        let d = project.page_uses[1..].iter().take(2).fold(d, |d, u| {
            d.related(Label::new(u.span, format!("{} is used here too", u.what)))
        });
        out.push(with_unnamed(d, &unnamed));
    }
}

/// Tool values found whose name only exists at run time (each also an E002).
fn unnamed(project: &Project) -> impl Iterator<Item = &NotStatic> {
    project
        .not_static
        .iter()
        .filter(|n| n.part == PagePart::Name && n.tool.is_none())
}

fn said(unnamed: usize) -> String {
    match unnamed {
        0 => String::new(),
        1 => "; a tool value here has a name known only at run time (E002)".to_string(),
        n => format!("; {n} tool values here have a name known only at run time (E002)"),
    }
}

/// The first few places, where a reader can see what was not read.
fn with_unnamed(d: Diagnostic, unnamed: &[&NotStatic]) -> Diagnostic {
    unnamed.iter().take(3).fold(d, |d, n| {
        d.related(Label::new(
            n.span,
            "a tool value whose name is known only at run time",
        ))
    })
}
