//! contractlint: static checks that an agent tool's published JSON Schema, its description
//! and the Rust code behind it say the same thing.
//!
//! The pipeline runs one way: [`discover`] → [`extract`] → [`link`] → [`rules`] → [`report`].

pub mod catalog;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diagnostic;
pub mod discover;
pub mod extract;
pub mod link;
pub mod report;
pub mod rules;
pub mod source;

use config::{Config, Level};
use contract::Project;
use diagnostic::{Diagnostic, Severity};
use extract::json::{self, JsonNode};
use extract::{Unreadable, manifest, schema::JsonDocs};
use rayon::prelude::*;
use source::{FileId, SourceFile, Span};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What to lint and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub config: Config,
    /// Only these rules (codes or names); empty means all.
    pub select: Vec<String>,
    pub ignore: Vec<String>,
}

/// The result of a run: the linked project (for reports) and its sorted diagnostics.
pub struct Outcome {
    pub project: Project,
    pub diagnostics: Vec<Diagnostic>,
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
    let (found, walk_errors) = discover::walk(&opts.paths, &|p| excluded(p));
    let files = found.len();
    let max = opts.config.max_file_size();
    let texts: Vec<_> = found
        .par_iter()
        .map(|f| (f, extract::read_text(&f.path, max)))
        .collect();

    let mut project = Project::default();
    for e in walk_errors {
        let id = project.sources.add(SourceFile::new(e.path, Arc::from("")));
        project.unreadable.push(Unreadable {
            span: Span::new(id, 0, 0),
            message: e.message,
        });
    }
    let mut json_files: Vec<(FileId, PathBuf)> = Vec::new();
    for (f, text) in texts {
        match text {
            Ok(text) => {
                let id = project.sources.add(SourceFile::new(f.path.clone(), text));
                if f.kind == discover::Kind::Json {
                    json_files.push((id, f.path.clone()));
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

    let parsed: Vec<(FileId, PathBuf, Result<JsonNode, json::JsonError>)> = json_files
        .into_par_iter()
        .map(|(id, path)| {
            let r = json::parse(id, &project.sources.get(id).text);
            (id, path, r)
        })
        .collect();
    let mut docs_owned: Vec<(FileId, PathBuf, JsonNode)> = Vec::new();
    for (id, path, r) in parsed {
        match r {
            Ok(node) => docs_owned.push((id, path, node)),
            Err(e) => project.unreadable.push(Unreadable {
                span: e.span,
                message: e.message,
            }),
        }
    }
    let cwd = std::env::current_dir().map_err(|e| RunError(e.to_string()))?;
    let root = project_root(&cwd, opts);
    let docs = JsonDocs {
        root: &root,
        by_path: docs_owned
            .iter()
            .map(|(id, p, n)| (extract::schema::normalize(&absolute(&cwd, p)), (*id, n)))
            .collect(),
        paths: docs_owned
            .iter()
            .map(|(id, p, _)| (*id, absolute(&cwd, p)))
            .collect::<HashMap<_, _>>(),
    };
    let extracted: Vec<(Vec<contract::ToolDecl>, Option<link::SchemaCandidate>)> = docs_owned
        .par_iter()
        .map(|(id, path, doc)| match manifest::shape(doc) {
            manifest::Shape::Tools(tools) => (
                tools
                    .into_iter()
                    .filter_map(|t| manifest::tool_from_object(&docs, *id, t))
                    .collect(),
                None,
            ),
            manifest::Shape::Schema => {
                let names = manifest::schema_file_names(path, doc);
                let file_name = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
                let conventional =
                    file_name.ends_with(".schema.json") || file_name.ends_with(".input.json");
                let decl = manifest::tool_from_schema_file(&docs, *id, doc, names[0].clone());
                (
                    Vec::new(),
                    Some(link::SchemaCandidate {
                        path: absolute(&cwd, path),
                        names,
                        conventional,
                        decl,
                    }),
                )
            }
            manifest::Shape::Other => (Vec::new(), None),
        })
        .collect();
    let (decls, candidates): (Vec<_>, Vec<_>) = extracted.into_iter().unzip();
    project.duplicate_keys = docs_owned
        .iter()
        .filter(|(_, _, doc)| !matches!(manifest::shape(doc), manifest::Shape::Other))
        .flat_map(|(_, _, doc)| doc.duplicate_keys())
        .map(|(first, repeated)| contract::DuplicateKey {
            key: repeated.key.clone(),
            first: first.key_span,
            repeated: repeated.key_span,
        })
        .collect();
    let mut config = opts.config.clone();
    config.base = absolute(&cwd, &config.base);
    project.contracts = link::link(
        &config,
        decls.into_iter().flatten().collect(),
        candidates.into_iter().flatten().collect(),
    );

    let diagnostics = run_rules(&project, opts);
    Ok(Outcome {
        project,
        diagnostics,
        files,
    })
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

/// A predicate for the config's `exclude` globs, matched relative to the config's directory.
fn exclusion(config: &Config) -> Result<impl Fn(&Path) -> bool + use<>, RunError> {
    let mut builder = globset::GlobSetBuilder::new();
    for pattern in &config.exclude {
        let glob = globset::Glob::new(pattern)
            .map_err(|e| RunError(format!("config `exclude`: bad glob `{pattern}`: {e}")))?;
        builder.add(glob);
    }
    let set = builder.build().map_err(|e| RunError(e.to_string()))?;
    let base = std::fs::canonicalize(&config.base).unwrap_or_else(|_| config.base.clone());
    Ok(move |p: &Path| {
        let abs = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let rel = abs.strip_prefix(&base).unwrap_or(&abs);
        set.is_match(rel)
    })
}

/// The level configured for a rule, else its catalog default.
fn level(config: &Config, code: &str) -> Level {
    let info = catalog::find(code);
    config
        .rules
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(code) || info.is_some_and(|i| &i.name == *k))
        .map(|(_, l)| *l)
        .unwrap_or_else(|| Level::On(info.map_or(Severity::Error, |i| i.severity)))
}

fn matches(keys: &[String], code: &str) -> bool {
    keys.iter()
        .any(|k| catalog::find(k).is_some_and(|r| r.code == code))
}

fn run_rules(project: &Project, opts: &Options) -> Vec<Diagnostic> {
    let mut all: Vec<Diagnostic> = rules::all()
        .par_iter()
        .filter(|r| opts.select.is_empty() || matches(&opts.select, r.code()))
        .filter(|r| !matches(&opts.ignore, r.code()))
        .flat_map_iter(|rule| {
            let Level::On(severity) = level(&opts.config, rule.code()) else {
                return Vec::new();
            };
            let mut out = Vec::new();
            rule.check(project, &mut out);
            for d in &mut out {
                d.severity = severity;
            }
            out
        })
        .collect();
    sort(&project.sources, &mut all);
    // A schema shared through `$ref` must not repeat one finding per referring tool.
    all.dedup_by(|a, b| {
        a.code == b.code && a.primary.span == b.primary.span && a.message == b.message
    });
    all
}

/// Deterministic order: file, line, column, code, then message.
pub fn sort(sources: &source::SourceMap, diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| {
        let key = |d: &Diagnostic| {
            let f = sources.get(d.primary.span.file);
            (
                f.display.clone(),
                f.position(d.primary.span.start),
                d.code,
                d.message.clone(),
            )
        };
        key(a).cmp(&key(b))
    });
}
