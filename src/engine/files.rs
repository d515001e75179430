//! A group's files into the source map, the page extractors, and the path questions the
//! run asks (the configuration's include/exclude globs, the directory `$ref`s may not leave).

use super::{Options, RunError};
use crate::config::Config;
use crate::contract::PageTool;
use crate::contract::Suppression;
use crate::contract::{Contract, Project, Unreadable};
use crate::discover::{Found, Kind};
use crate::extract::page::PageFacts;
use crate::extract::page_script::Package;
use crate::extract::{self, page_form, page_script};
use crate::source::{self, FileId, SourceFile, SourceMap, Span};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The group's files by the pass that reads them, registered in the source map in the
/// order they were found.
pub struct Read {
    pub json: Vec<(FileId, PathBuf)>,
    pub rust: Vec<FileId>,
    /// Pages (scripts, HTML) and any other kind, with their text.
    pub other: Vec<(FileId, Kind)>,
}

/// Register every file; pages are read here, Rust and JSON files by their own passes,
/// which keep only the texts that diagnostics may point into.
pub fn read(project: &mut Project, found: &[Found], max: u64) -> Read {
    let texts: Vec<_> = found
        .par_iter()
        .map(|f| {
            let own_pass = matches!(f.kind, Kind::Rust | Kind::Json);
            let text = (!own_pass).then(|| crate::source::read::read_text(&f.path, max));
            (f, text)
        })
        .collect();
    let mut out = Read {
        json: Vec::new(),
        rust: Vec::new(),
        other: Vec::new(),
    };
    project.rust.has_sources = found.iter().any(|f| f.kind == Kind::Rust);
    let unread: Arc<str> = Arc::from("");
    for (f, text) in texts {
        match text.unwrap_or_else(|| Ok(unread.clone())) {
            Ok(text) => {
                let id = project.sources.add(SourceFile::new(f.path.clone(), text));
                match f.kind {
                    Kind::Json => out.json.push((id, f.path.clone())),
                    Kind::Rust => out.rust.push(id),
                    kind => out.other.push((id, kind)),
                }
            }
            Err(e) => {
                let id = project.sources.add(SourceFile::new(f.path.clone(), e.text));
                project.unreadable.push(Unreadable {
                    span: Span::new(id, e.offset, e.offset),
                    message: e.message,
                });
            }
        }
    }
    out
}

/// Page tools (scripts, HTML), each file read by its own extractor in parallel, its
/// relative imports read from the group's scripts. Test files are not served pages: a
/// test that mocks `navigator.modelContext` is not a page reading it.
pub fn extract_pages(
    sources: &SourceMap,
    files: &[(FileId, Kind)],
    json: &[(FileId, PathBuf)],
    max: u64,
) -> PageFacts {
    let mut package = Package::new(files.iter().filter(|(_, k)| *k == Kind::Script).map(
        |&(id, _)| {
            let f = sources.get(id);
            (f.path.clone(), id, &*f.text)
        },
    ));
    // The path aliases (`@/lib/x`) of the TypeScript configurations, when a page may use
    // them; a configuration that cannot be read or parsed has none.
    if files.iter().any(|(_, k)| *k == Kind::Script) {
        for (id, path) in json {
            let name = path.file_name().and_then(|n| n.to_str());
            if !matches!(name, Some("tsconfig.json" | "jsconfig.json")) {
                continue;
            }
            let config = source::read::read_text(path, max)
                .ok()
                .and_then(|text| extract::json_tree::parse_jsonc(*id, &text).ok());
            if let (Some(config), Some(dir)) = (config, path.parent()) {
                package.add_config(dir, &config);
            }
        }
    }
    let imports_webmcp = importers(sources, files);
    let per_file: Vec<PageFacts> = files
        .par_iter()
        .filter(|&&(id, _)| !is_test_file(&sources.get(id).path))
        .map(|&(id, kind)| {
            let file = sources.get(id);
            let text = &file.text;
            match kind {
                Kind::Script if page_form::may_declare_tools(text) || imports_webmcp(text) => {
                    page_script::source_type(&file.path)
                        .map(|st| page_script::extract(id, &file.path, text, 0, st, &package))
                        .unwrap_or_default()
                }
                Kind::Html if page_form::may_declare_tools(text) => {
                    page_form::extract(id, &file.path, text, &package)
                }
                _ => PageFacts::default(),
            }
        })
        .collect();
    let mut pages = PageFacts::default();
    for p in per_file {
        pages.extend(p);
    }
    pages.settle();
    pages
}

/// Whether a script may import a module of the package that uses WebMCP: it names one in a
/// path (`from "./useRegisterMCP"`, `from "@/lib/webmcp"` for its `index`), so a tool it hands
/// to a registering function of that module (`useRegisterMCP({ .. })`) is read at the call.
/// Only the cheap test: the import itself is resolved when the script is read.
fn importers<'s>(
    sources: &'s SourceMap,
    files: &[(FileId, Kind)],
) -> impl Fn(&str) -> bool + Sync + 's {
    let mut needles: Vec<String> = files
        .iter()
        .filter(|&&(id, k)| {
            k == Kind::Script && page_script::may_declare_tools(&sources.get(id).text)
        })
        .filter_map(|&(id, _)| {
            let path = &sources.get(id).path;
            let stem = path.file_stem()?.to_str()?;
            let name = match stem {
                "index" => path.parent()?.file_name()?.to_str()?,
                s => s,
            };
            Some(format!("/{name}"))
        })
        .collect();
    needles.sort();
    needles.dedup();
    move |text: &str| {
        needles
            .iter()
            .any(|n| memchr::memmem::find(text.as_bytes(), n.as_bytes()).is_some())
    }
}

/// A script the test runners read, not a page a browser is served: under a `__tests__`,
/// `tests`, `test`, `e2e` or `cypress` directory, or named `*.test.*`, `*.spec.*` or
/// `*.cy.*` (the conventions of Jest, Vitest, Playwright and Cypress).
fn is_test_file(path: &Path) -> bool {
    let dirs = path.parent().into_iter().flat_map(Path::components);
    let in_tests = dirs.into_iter().any(|c| {
        matches!(
            c.as_os_str().to_str(),
            Some("__tests__" | "tests" | "test" | "e2e" | "cypress")
        )
    });
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let mut parts = name.split('.').skip(1);
    in_tests || parts.any(|p| matches!(p, "test" | "spec" | "cy"))
}

/// Suppressions outside JSON files: in page tools' `inputSchema` literals (the same keyword
/// as a JSON Schema), then in every Rust file whose text was read.
pub fn suppressions(sources: &SourceMap, pages: &[PageTool]) -> Vec<Suppression> {
    let mut out = Vec::new();
    for schema in pages.iter().filter_map(|t| t.schema.as_ref()) {
        extract::suppress::from_json(schema, &mut out);
    }
    let rust: Vec<_> = sources
        .ids()
        .collect::<Vec<_>>()
        .into_par_iter()
        .filter(|&id| sources.get(id).path.extension().is_some_and(|e| e == "rs"))
        .flat_map_iter(|id| extract::suppress::from_rust(sources.get(id), id))
        .collect();
    out.extend(rust);
    out
}

/// Every path argument made absolute, normalised lexically (`a/./b/..`) and then against the
/// file system (symbolic links), so that packages and configurations are looked up from the
/// same directories however the path was spelled or wherever the run started. A path inside
/// another given path (or given twice) is dropped: its files are walked once; the order of
/// the rest is kept (the first path still chooses the configuration).
pub fn roots(cwd: &Path, paths: &[PathBuf]) -> Result<Vec<PathBuf>, RunError> {
    let mut real = Vec::with_capacity(paths.len());
    for p in paths {
        let lexical = source::normalize(&absolute(cwd, p));
        let canonical = source::real_path(&lexical).map_err(|e| {
            RunError(match e.kind() {
                std::io::ErrorKind::NotFound => format!("path `{}` does not exist", p.display()),
                _ => format!("cannot read path `{}`: {e}", p.display()),
            })
        })?;
        real.push(canonical);
    }
    let mut out: Vec<PathBuf> = Vec::with_capacity(real.len());
    for (i, p) in real.iter().enumerate() {
        let inside_other = real
            .iter()
            .enumerate()
            .any(|(j, q)| j != i && p.starts_with(q) && (p != q || j < i));
        if !inside_other {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// The deepest directory holding every path of `roots` (a file's directory for a file).
pub fn common_root(roots: &[PathBuf]) -> PathBuf {
    let dirs = roots.iter().map(|r| match r.is_file() {
        true => r.parent().unwrap_or(r),
        false => r.as_path(),
    });
    let mut common: Option<PathBuf> = None;
    for d in dirs {
        common = Some(match common {
            None => d.to_path_buf(),
            Some(c) => c
                .ancestors()
                .find(|a| d.starts_with(a))
                .map(Path::to_path_buf)
                .unwrap_or_default(),
        });
    }
    common.unwrap_or_default()
}

/// The given path (directory, or a file's directory) that holds `dir`: the identity of the
/// files outside any package found under it.
pub fn walked_root(roots: &[PathBuf], dir: &Path) -> PathBuf {
    roots
        .iter()
        .map(|r| match r.is_file() {
            true => r.parent().unwrap_or(r),
            false => r.as_path(),
        })
        .filter(|r| dir.starts_with(r))
        .max_by_key(|r| r.as_os_str().len())
        .unwrap_or(dir)
        .to_path_buf()
}

/// The directory `$ref`s may not leave: the config file's directory, else the first path
/// (or its directory when it is a file).
pub fn project_root(cwd: &Path, opts: &Options) -> PathBuf {
    let base = match (&opts.config.path, opts.paths.first()) {
        (Some(_), _) => opts.config.base.clone(),
        (None, Some(p)) if p.is_file() => p.parent().map(Path::to_path_buf).unwrap_or_default(),
        (None, Some(p)) => p.clone(),
        (None, None) => PathBuf::new(),
    };
    source::normalize(&absolute(cwd, &base))
}

pub fn absolute(root: &Path, p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        root.join(p)
    }
}

pub fn glob_set(what: &str, patterns: &[String]) -> Result<globset::GlobSet, RunError> {
    let mut builder = globset::GlobSetBuilder::new();
    for pattern in patterns {
        let glob = globset::Glob::new(pattern)
            .map_err(|e| RunError(format!("config `{what}`: bad glob `{pattern}`: {e}")))?;
        builder.add(glob);
    }
    builder.build().map_err(|e| RunError(e.to_string()))
}

/// `p` canonicalized, and relative to `base` (already canonical) when inside it.
pub fn relative_to(base: &Path, p: &Path) -> PathBuf {
    let abs = canonical(p);
    abs.strip_prefix(base)
        .map_or(abs.clone(), Path::to_path_buf)
}

pub fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// A predicate for the config's `include` and `exclude` globs, matched relative to the
/// config's directory: a file is skipped when `include` is given and does not match it, or
/// when `exclude` matches it.
pub fn exclusion(config: &Config) -> Result<impl Fn(&Path) -> bool + Sync + use<>, RunError> {
    let include = glob_set("include", &config.include)?;
    let exclude = glob_set("exclude", &config.exclude)?;
    let base = canonical(&config.base);
    let none = include.is_empty() && exclude.is_empty();
    Ok(move |p: &Path| {
        if none {
            return false;
        }
        let rel = relative_to(&base, p);
        (!include.is_empty() && !include.is_match(&rel)) || exclude.is_match(&rel)
    })
}

/// How a configuration error names the file it is in.
fn config_file(config: &Config) -> String {
    config
        .path
        .as_deref()
        .map_or_else(|| "contractlint.toml".into(), source::display_path)
}

/// Every `[[tool]]` `schema` names a file inside the configuration's directory: a mapping
/// to a file that is missing (a typo, a moved file) or outside the project linked nothing
/// and said nothing. A configuration error (exit 2), like an unknown key.
pub fn check_tool_schemas(config: &Config) -> Result<(), RunError> {
    let base = canonical(&config.base);
    let file = config_file(config);
    for t in &config.tools {
        let Some(schema) = &t.schema else { continue };
        let target = source::normalize(&base.join(schema));
        let problem = if !target.starts_with(&base) || schema.is_absolute() {
            "is outside the configuration's directory, which is never left"
        } else if !target.is_file() {
            "does not exist"
        } else {
            continue;
        };
        return Err(RunError(format!(
            "{file}: [[tool]] `{}`: schema `{}` {problem}",
            t.name,
            schema.display()
        )));
    }
    Ok(())
}

/// Every `[[tool]]` without a `schema` names a tool the package declares or Rust the tree
/// has (a Rust input with no published schema is L002): one that matches neither (a typo, a
/// renamed tool or type) maps nothing, and the run would look clean. A configuration error
/// (exit 2) at the entry's line.
pub fn check_tool_names(config: &Config, contracts: &[Contract]) -> Result<(), RunError> {
    for t in config.tools.iter().filter(|t| t.schema.is_none()) {
        let matched = contracts
            .iter()
            .any(|c| c.name == t.name && (!c.decls.is_empty() || c.rust.is_some()));
        if matched {
            continue;
        }
        let file = config_file(config);
        let line = config
            .path
            .as_deref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| name_line(&text, &t.name))
            .map_or_else(String::new, |n| format!(":{n}"));
        return Err(RunError(format!(
            "{file}{line}: [[tool]] `{}` matches nothing: no tool of the package has that name, the entry gives no `schema`, and no Rust it names was found",
            t.name
        )));
    }
    Ok(())
}

/// The line (from 1) of the `name = ".."` entry naming `name`.
fn name_line(text: &str, name: &str) -> Option<usize> {
    let quoted = toml::Value::String(name.to_string()).to_string();
    text.lines()
        .position(|l| {
            l.split_once('=')
                .is_some_and(|(k, v)| k.trim() == "name" && v.trim() == quoted)
        })
        .map(|i| i + 1)
}

/// The schema files the configuration's `[[tool]]` entries name, normalised as the JSON pass
/// spells paths.
pub fn named_schemas(cwd: &Path, config: &Config) -> std::collections::HashSet<PathBuf> {
    let base = absolute(cwd, &config.base);
    let tools = config.tools.iter().filter_map(|t| t.schema.as_ref());
    tools.map(|s| source::normalize(&base.join(s))).collect()
}

/// The packages' `Cargo.toml` files, for the MCP SDK each depends on: a package that uses
/// one and declares no recognised tool is reported (L004). A dependency inherited with
/// `workspace = true` is read from the enclosing workspace's `[workspace.dependencies]`, as
/// Cargo reads it. They take the ids the engine reserved for them, in order.
pub fn cargo_packages(project: &mut Project, manifests: &[PathBuf], max: u64) {
    let mut workspaces: HashMap<PathBuf, Option<toml::Table>> = HashMap::new();
    // A manifest that cannot be read (a link, a FIFO, too large) is E001 at its path: the
    // package is linted without it, never with one read from elsewhere.
    let mut unreadable = Vec::new();
    let texts: Vec<std::sync::Arc<str>> = manifests
        .iter()
        .enumerate()
        .map(|(i, p)| {
            crate::source::read::read_text(p, max).unwrap_or_else(|e| {
                unreadable.push((i, e.offset, e.message));
                e.text
            })
        })
        .collect();
    let first = project.sources.next_id();
    // The run's own packages by name: a dependency on one of them is a crate of the tree.
    let tree: HashMap<String, PathBuf> = manifests
        .iter()
        .zip(&texts)
        .filter_map(|(path, text)| {
            let name = extract::rust::cargo_toml::package_name(text)?;
            Some((name, path.parent()?.to_path_buf()))
        })
        .collect();
    for (path, text) in manifests.iter().zip(texts) {
        let workspace = path.ancestors().skip(1).find_map(|d| {
            let deps = workspaces.entry(d.to_path_buf()).or_insert_with(|| {
                let text = crate::source::read::read_text(&d.join("Cargo.toml"), max).ok()?;
                extract::rust::cargo_toml::workspace_dependencies(&text)
            });
            deps.clone().map(|t| (d.to_path_buf(), t))
        });
        let workspace = workspace.as_ref().map(|(d, t)| (d.as_path(), t));
        let id = FileId(project.sources.next_id());
        if let Some(p) = extract::rust::cargo_toml::package(id, path, &text, workspace, &tree) {
            project.packages.push(p);
        }
        project.sources.add(SourceFile::new(path.clone(), text));
    }
    for (i, offset, message) in unreadable {
        let id = FileId(first + i as u32);
        project.unreadable.push(Unreadable {
            span: Span::new(id, offset, offset),
            message,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::is_test_file;
    use std::path::Path;

    #[test]
    fn test_files_are_told_by_their_directory_or_name() {
        for p in [
            "app/src/__tests__/webmcp.ts",
            "app/tests/webmcp.spec.ts",
            "app/webmcp.test.js",
            "app/e2e/tools.ts",
            "app/cypress/e2e/tools.cy.ts",
        ] {
            assert!(is_test_file(Path::new(p)), "{p}");
        }
        for p in [
            "app/src/webmcp.ts",
            "app/src/testing-tools.ts",
            "app/src/contest.js",
        ] {
            assert!(!is_test_file(Path::new(p)), "{p}");
        }
    }
}
