//! contractlint: static checks that an agent tool's published JSON Schema, its description
//! and the Rust code behind it say the same thing.
//!
//! The pipeline runs one way: [`discover`] → [`extract`] → [`link`] → [`rules`] → [`report`].

pub mod baseline;
pub mod cases;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diagnostic;
pub mod discover;
pub mod extract;
pub mod group;
pub mod json_pass;
pub mod link;
pub mod on_demand;
pub mod report;
pub mod rules;
pub mod source;
pub mod suppress;

use config::{Config, Level};
use contract::Project;
use diagnostic::{Diagnostic, Severity};
use extract::Unreadable;
use rayon::prelude::*;
use source::{FileId, SourceFile, Span};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What to lint and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub config: Config,
    /// The configuration was named on the command line: it applies to every group instead
    /// of the closest `contractlint.toml`.
    pub config_explicit: bool,
    /// Only these rules (codes or names); empty means all.
    pub select: Vec<String>,
    pub ignore: Vec<String>,
    /// Which Rust files are parsed, and how far (`CONTRACTLINT_PARSE_ALL` on the command
    /// line).
    pub parse: Parse,
    /// Nothing after the rules reads the schemas as written (`check`, unlike `cases` and
    /// `report`): free them once the metaschema has validated them (on 10,000 JSON tools
    /// the peak heap falls by a sixth).
    pub drop_written_schemas: bool,
}

/// Which Rust files a run parses, and which function bodies it reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Parse {
    /// The files that can matter (the prefilter); bodies as linking asks for them.
    #[default]
    Needed,
    /// Every file; bodies as linking asks for them (the worst case the benchmark times;
    /// `CONTRACTLINT_PARSE_ALL=1`).
    All,
    /// Every file and every body up front: the reference the other two are tested
    /// against (`CONTRACTLINT_PARSE_ALL=whole`).
    AllWhole,
}

/// The result of a run: the linked project (for reports) and its sorted diagnostics.
pub struct Outcome {
    pub project: Project,
    pub diagnostics: Vec<Diagnostic>,
    /// Findings silenced by a suppression in the source (not in `diagnostics`).
    pub suppressed: Vec<suppress::Suppressed>,
    /// Files examined.
    pub files: usize,
}

/// A problem that stops the run (exit code 2), as opposed to a finding.
#[derive(Debug)]
pub struct RunError(pub String);

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Lint the paths in `opts`.
pub fn check(opts: &Options) -> Result<Outcome, RunError> {
    for p in &opts.paths {
        if !p.exists() {
            return Err(RunError(format!("path `{}` does not exist", p.display())));
        }
    }
    for key in opts.select.iter().chain(&opts.ignore) {
        if catalog::find(key).is_none() {
            return Err(RunError(format!(
                "unknown rule `{key}` (see `contractlint rules`)"
            )));
        }
    }
    let excluded = exclusion(&opts.config)?;
    // Overrides are checked before any file is read, so a bad one is exit 2 even in an
    // empty tree.
    Overrides::new(&opts.config)?;
    let (found, mut walk_errors) = discover::walk(&opts.paths, &|p| excluded(p));
    let mut groups = group::by_package(found);
    // Directories the walk could not read are reported even when no file was found.
    if groups.is_empty() && !walk_errors.is_empty() {
        groups.push((PathBuf::from("."), Vec::new()));
    }
    // Configurations first, in order (the first bad one is the error); each group's file
    // ids are known from its size, so the groups are then linted in parallel: a tree of
    // many crates no longer waits on each crate's slowest file in turn.
    let mut prepared = Vec::with_capacity(groups.len());
    let mut base = 0u32;
    for (dir, group) in groups {
        // Like Ruff, the closest configuration applies, unless one was given explicitly.
        let (config, group) = if opts.config_explicit {
            (opts.config.clone(), group)
        } else {
            let config = Config::load(None, &dir).map_err(RunError)?;
            Overrides::new(&config)?;
            let excluded = exclusion(&config)?;
            let group: Vec<_> = group.into_iter().filter(|f| !excluded(&f.path)).collect();
            (config, group)
        };
        let errors = std::mem::take(&mut walk_errors);
        let group_base = base;
        base += (group.len() + errors.len()) as u32;
        prepared.push((config, group, errors, group_base));
    }
    let files = prepared.iter().map(|(_, g, _, _)| g.len()).sum();
    let outcomes: Vec<Result<Outcome, RunError>> = prepared
        .into_par_iter()
        .map(|(config, group, errors, base)| {
            let group_opts = Options {
                config,
                ..opts.clone()
            };
            check_group(&group_opts, group, errors, base)
        })
        .collect();
    let mut merged: Option<Outcome> = None;
    for outcome in outcomes {
        let outcome = outcome?;
        merged = Some(match merged {
            None => outcome,
            Some(mut m) => {
                m.project.append(outcome.project);
                m.diagnostics.extend(outcome.diagnostics);
                m.suppressed.extend(outcome.suppressed);
                m
            }
        });
    }
    let mut outcome = merged.unwrap_or_else(|| Outcome {
        project: Project::default(),
        diagnostics: Vec::new(),
        suppressed: Vec::new(),
        files: 0,
    });
    outcome.files = files;
    sort(&outcome.project.sources, &mut outcome.diagnostics);
    Ok(outcome)
}

/// Lint one linking group (a Cargo package or workspace, see [`group`]); its files get ids
/// from `base` on. `walk_errors` (reported as E001) go with the first group.
fn check_group(
    opts: &Options,
    found: Vec<discover::Found>,
    walk_errors: Vec<discover::WalkError>,
    base: u32,
) -> Result<Outcome, RunError> {
    let files = found.len();
    let max = opts.config.max_file_size();
    // Rust and JSON files are read by their own passes, which keep only the texts that
    // diagnostics may point into.
    let texts: Vec<_> = found
        .par_iter()
        .map(|f| {
            let own_pass = matches!(f.kind, discover::Kind::Rust | discover::Kind::Json);
            let text = (!own_pass).then(|| extract::read_text(&f.path, max));
            (f, text)
        })
        .collect();

    let mut project = Project {
        sources: source::SourceMap::with_base(base),
        ..Project::default()
    };
    for e in walk_errors {
        let id = project.sources.add(SourceFile::new(e.path, Arc::from("")));
        project.unreadable.push(Unreadable {
            span: Span::new(id, 0, 0),
            message: e.message,
        });
    }
    let mut json_files: Vec<(FileId, PathBuf)> = Vec::new();
    let mut other_files: Vec<(FileId, discover::Kind)> = Vec::new();
    let mut rust_files: Vec<FileId> = Vec::new();
    project.rust.has_sources = found.iter().any(|f| f.kind == discover::Kind::Rust);
    let unread: Arc<str> = Arc::from("");
    for (f, text) in texts {
        match text.unwrap_or_else(|| Ok(unread.clone())) {
            Ok(text) => {
                let id = project.sources.add(SourceFile::new(f.path.clone(), text));
                match f.kind {
                    discover::Kind::Json => json_files.push((id, f.path.clone())),
                    discover::Kind::Rust => rust_files.push(id),
                    kind => other_files.push((id, kind)),
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

    let pages = extract_pages(&project.sources, &other_files);
    project.unreadable.extend(pages.unreadable);
    project.not_static = pages.not_static;
    let cwd = std::env::current_dir().map_err(|e| RunError(e.to_string()))?;
    let root = project_root(&cwd, opts);
    let json = json_pass::extract(
        &json_files,
        &pages.tools,
        json_pass::Paths {
            cwd: &cwd,
            root: &root,
            max_bytes: max,
        },
    );
    for (id, text) in json.texts {
        project.sources.set_text(id, text);
    }
    project.unreadable.extend(json.unreadable);
    project.duplicate_keys = json.duplicate_keys;
    let mut suppressions = json.suppressions;
    let (mut decls, mut candidates) = (json.decls, json.candidates);
    if opts.drop_written_schemas {
        let schemas = decls
            .iter_mut()
            .chain(candidates.iter_mut().map(|c| &mut c.decl));
        for schema in schemas.filter_map(|d| d.schema.as_mut()) {
            schema.value = serde_json::Value::Null;
        }
    }
    let tools_elsewhere =
        json.declares_tools || !pages.tools.is_empty() || !opts.config.tools.is_empty();
    // Routes come from the same parse as the Rust facts, and are needed to link page tools.
    let rust_pass =
        on_demand::RustPass::start(&mut project, rust_files, opts.parse, tools_elsewhere, max)?;
    let mut config = opts.config.clone();
    config.base = absolute(&cwd, &config.base);
    project.contracts = link::link(
        &config,
        decls,
        candidates,
        link::Server {
            routes: &project.routes,
            handlers: &project.handlers,
        },
    );

    rust_pass.finish(&mut project, &config)?;

    // Claims read from descriptions: an extraction step over every declaration, whatever
    // its source, so descriptions from Rust or JS declarations are read the same way.
    let sources = &project.sources;
    project.contracts.par_iter_mut().for_each(|contract| {
        contract.claims = contract
            .decls
            .iter()
            .enumerate()
            .map(|(i, d)| extract::description::decl_claims(sources, d, i))
            .collect();
    });

    // A page's `inputSchema` object literal takes the same keyword as a JSON Schema.
    for schema in pages.tools.iter().filter_map(|t| t.schema.as_ref()) {
        extract::suppress::from_json(schema, &mut suppressions);
    }
    let rust: Vec<_> = project
        .sources
        .ids()
        .collect::<Vec<_>>()
        .into_par_iter()
        .filter(|&id| {
            let f = project.sources.get(id);
            f.path.extension().is_some_and(|e| e == "rs")
        })
        .flat_map_iter(|id| extract::suppress::from_rust(project.sources.get(id), id))
        .collect();
    suppressions.extend(rust);
    let (diagnostics, suppressed) = run_rules(&project, opts, &config, &suppressions)?;
    Ok(Outcome {
        project,
        diagnostics,
        suppressed,
        files,
    })
}

/// Page tools (scripts, HTML), each file read by its own extractor in parallel.
fn extract_pages(
    sources: &source::SourceMap,
    files: &[(FileId, discover::Kind)],
) -> extract::page::PageFacts {
    use extract::{page::PageFacts, page_form, page_script};
    let per_file: Vec<PageFacts> = files
        .par_iter()
        .map(|&(id, kind)| {
            let file = sources.get(id);
            let text = &file.text;
            match kind {
                discover::Kind::Script if page_script::may_declare_tools(text) => {
                    page_script::source_type(&file.path)
                        .map(|st| page_script::extract(id, text, 0, st))
                        .unwrap_or_default()
                }
                discover::Kind::Html if page_form::may_declare_tools(text) => {
                    page_form::extract(id, text)
                }
                _ => PageFacts::default(),
            }
        })
        .collect();
    let mut pages = PageFacts::default();
    for p in per_file {
        pages.extend(p);
    }
    pages
}

/// The directory `$ref`s may not leave: the config file's directory, else the first path
/// (or its directory when it is a file).
fn project_root(cwd: &Path, opts: &Options) -> PathBuf {
    let base = match (&opts.config.path, opts.paths.first()) {
        (Some(_), _) => opts.config.base.clone(),
        (None, Some(p)) if p.is_file() => p.parent().map(Path::to_path_buf).unwrap_or_default(),
        (None, Some(p)) => p.clone(),
        (None, None) => PathBuf::new(),
    };
    extract::schema::normalize(&absolute(cwd, &base))
}

fn absolute(root: &Path, p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        root.join(p)
    }
}

fn glob_set(what: &str, patterns: &[String]) -> Result<globset::GlobSet, RunError> {
    let mut builder = globset::GlobSetBuilder::new();
    for pattern in patterns {
        let glob = globset::Glob::new(pattern)
            .map_err(|e| RunError(format!("config `{what}`: bad glob `{pattern}`: {e}")))?;
        builder.add(glob);
    }
    builder.build().map_err(|e| RunError(e.to_string()))
}

/// `p` canonicalized, and relative to `base` (already canonical) when inside it.
fn relative_to(base: &Path, p: &Path) -> PathBuf {
    let abs = canonical(p);
    abs.strip_prefix(base)
        .map_or(abs.clone(), Path::to_path_buf)
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// A predicate for the config's `include` and `exclude` globs, matched relative to the
/// config's directory: a file is skipped when `include` is given and does not match it, or
/// when `exclude` matches it.
fn exclusion(config: &Config) -> Result<impl Fn(&Path) -> bool + Sync + use<>, RunError> {
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

/// The level configured for a rule in `rules`, if any.
fn configured(rules: &std::collections::BTreeMap<String, Level>, code: &str) -> Option<Level> {
    let info = catalog::find(code);
    rules
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(code) || info.is_some_and(|i| &i.name == *k))
        .map(|(_, l)| *l)
}

/// The level configured for a rule, else its catalog default.
fn level(config: &Config, code: &str) -> Level {
    configured(&config.rules, code)
        .unwrap_or_else(|| Level::On(catalog::find(code).map_or(Severity::Error, |i| i.severity)))
}

/// Per-path overrides compiled once: (files, rule levels).
struct Overrides(Vec<(globset::GlobSet, config::Override)>);

impl Overrides {
    fn new(config: &Config) -> Result<Overrides, RunError> {
        config
            .overrides
            .iter()
            .map(|o| Ok((glob_set("overrides.files", &o.files)?, o.clone())))
            .collect::<Result<_, _>>()
            .map(Overrides)
    }

    /// Whether some override can turn `code` on, so the rule must run even when off globally.
    fn may_enable(&self, code: &str) -> bool {
        self.0
            .iter()
            .any(|(_, o)| matches!(configured(&o.rules, code), Some(Level::On(_))))
    }

    /// The level of `code` for a finding in `rel` (relative to the config's directory).
    fn level(&self, rel: &Path, code: &str, global: Level) -> Level {
        self.0
            .iter()
            .rev()
            .filter(|(set, _)| set.is_match(rel))
            .find_map(|(_, o)| configured(&o.rules, code))
            .unwrap_or(global)
    }
}

fn matches(keys: &[String], code: &str) -> bool {
    keys.iter()
        .any(|k| catalog::find(k).is_some_and(|r| r.code == code))
}

/// Run the selected rules and apply suppressions; `config` is the options' config with an
/// absolute `base`.
fn run_rules(
    project: &Project,
    opts: &Options,
    config: &Config,
    suppressions: &[extract::suppress::Suppression],
) -> Result<(Vec<Diagnostic>, Vec<suppress::Suppressed>), RunError> {
    let overrides = Overrides::new(config)?;
    let base = canonical(&config.base);
    let active = |code: &str| {
        (opts.select.is_empty() || matches(&opts.select, code))
            && !matches(&opts.ignore, code)
            && (level(config, code) != Level::Off || overrides.may_enable(code))
    };
    // Set each finding's severity; drop those its file's override turns off.
    let settle = |d: &mut Diagnostic| {
        let global = level(config, d.code);
        let level = if overrides.0.is_empty() {
            global
        } else {
            let path = &project.sources.get(d.primary.span.file).path;
            overrides.level(&relative_to(&base, path), d.code, global)
        };
        match level {
            Level::On(severity) => {
                d.severity = severity;
                true
            }
            Level::Off => false,
        }
    };
    let mut all: Vec<Diagnostic> = rules::all()
        .par_iter()
        .filter(|r| active(r.code()))
        .flat_map_iter(|rule| {
            let mut out = Vec::new();
            rule.check(project, &mut out);
            out.retain_mut(settle);
            out
        })
        .collect();
    let same = |a: &Diagnostic, b: &Diagnostic| {
        a.code == b.code && a.primary.span == b.primary.span && a.message == b.message
    };
    let suppress::Applied {
        mut suppressed,
        mut unused,
    } = suppress::apply(suppressions, &mut all, &active);
    if active(suppress::UNUSED) {
        unused.retain_mut(settle);
        all.extend(unused);
    }
    sort(&project.sources, &mut all);
    // A schema shared through `$ref` must not repeat one finding per referring tool.
    all.dedup_by(|a, b| same(a, b));
    let all = rules::systemic::group(project, config, all);
    suppressed.sort_by_key(|s| s.diagnostic.primary.span);
    suppressed.dedup_by(|a, b| same(&a.diagnostic, &b.diagnostic));
    Ok((all, suppressed))
}

/// Deterministic order: file, line, column, code, then message.
pub fn sort(sources: &source::SourceMap, diags: &mut [Diagnostic]) {
    diags.sort_by_cached_key(|d| {
        let f = sources.get(d.primary.span.file);
        (
            f.display.clone(),
            f.position(d.primary.span.start),
            d.code,
            d.message.clone(),
        )
    });
}
