//! The two sides of a `diff`: each a revision read from the git object store into a private
//! directory, the working tree, or a directory, linted as `check` lints, then given back the
//! names its files have in the tree (a revision's as `REV:path`), and its tools their package
//! relative to the side's root, so the judge matches tools between two copies of a tree.

use super::{Options, RunError, check};
use crate::config::Config;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::discover::revision;
use crate::judge::diff::Change;
use crate::outcome::Outcome;
use crate::source::{self, FileId, SourceFile, SourceMap};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One side of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// A revision of the repository holding the paths (`v1.2`, `HEAD~1`, a hash).
    Revision(String),
    /// The files as they are on disk under the paths.
    WorkTree,
    /// A directory, linted whole (`--dirs OLD NEW`).
    Dir(PathBuf),
}

/// A side, linted: its project, the root its packages are relative to, and the private
/// directory a revision was written into (removed when this is dropped).
pub struct Linted {
    pub outcome: Option<Outcome>,
    pub label: String,
    /// The revision's commit, for a revision.
    pub commit: Option<String>,
    /// What of a revision was not written (`REV:path`): links, submodules, files over the
    /// size limit or missing from the object store.
    pub skipped: Vec<String>,
    _dir: Option<tempfile::TempDir>,
}

impl Linted {
    pub fn project(&self) -> Option<&Project> {
        self.outcome.as_ref().map(|o| &o.project)
    }
}

/// Lint one side. `paths` are as given on the command line; `base_side` names the files of a
/// revision `REV:path`, so both versions of a file can be told apart in one report.
pub fn lint_side(
    side: &Side,
    paths: &[PathBuf],
    explicit_config: Option<&Path>,
    base_side: bool,
) -> Result<Linted, RunError> {
    let cwd = source::real_path(&std::env::current_dir().map_err(|e| RunError(e.to_string()))?)
        .map_err(|e| RunError(e.to_string()))?;
    match side {
        Side::Dir(dir) => {
            let root = source::real_path(&cwd.join(dir))
                .map_err(|e| RunError(format!("directory `{}`: {e}", dir.display())))?;
            let outcome = lint(std::slice::from_ref(&root), explicit_config, &root)?;
            Ok(Linted {
                outcome: Some(outcome),
                label: source::display_path(dir),
                commit: None,
                skipped: Vec::new(),
                _dir: None,
            })
        }
        Side::WorkTree => {
            let repo = repository(&cwd, paths)?;
            let root = repo.workdir.clone().unwrap_or_else(|| cwd.clone());
            let outcome = lint(paths, explicit_config, &root)?;
            Ok(Linted {
                outcome: Some(outcome),
                label: "the working tree".into(),
                commit: None,
                skipped: Vec::new(),
                _dir: None,
            })
        }
        Side::Revision(rev) => {
            let repo = repository(&cwd, paths)?;
            // In a bare repository the paths are the tree's, from its top.
            let workdir = repo.workdir.clone().unwrap_or_else(|| cwd.clone());
            let (dir, tree, written) = write_revision(&repo, rev, explicit_config)?;
            // An empty `.git` makes the tree a repository of its own for the walk, so the
            // revision's `.gitignore` files apply as they do in a checkout.
            std::fs::create_dir(tree.join(".git")).map_err(|e| RunError(e.to_string()))?;
            let inside: Vec<PathBuf> = paths
                .iter()
                .map(|p| {
                    let abs = source::normalize(&cwd.join(p));
                    abs.strip_prefix(&workdir)
                        .map(|rel| tree.join(rel))
                        .map_err(|_| {
                            RunError(format!(
                                "path `{}` is outside the repository at {}",
                                p.display(),
                                workdir.display()
                            ))
                        })
                })
                .collect::<Result<_, _>>()?;
            // A path the revision does not have holds no tool in it.
            let present: Vec<PathBuf> = inside.into_iter().filter(|p| p.exists()).collect();
            let mut outcome = match present.is_empty() {
                true => None,
                false => Some(lint(&present, explicit_config, &tree)?),
            };
            if let Some(o) = &mut outcome {
                rename_files(
                    &mut o.project.sources,
                    &tree,
                    &workdir,
                    base_side.then_some(rev),
                );
            }
            Ok(Linted {
                outcome,
                label: rev.clone(),
                commit: Some(written.commit),
                skipped: written
                    .skipped
                    .iter()
                    .map(|p| format!("{rev}:{p}"))
                    .collect(),
                _dir: Some(dir),
            })
        }
    }
}

/// Write `rev` into a private directory: in memory where the system keeps one (creating a
/// file on a busy disk took 1.6 ms against 0.06 ms in memory, most of a diff of a small
/// server), else, or when memory is full, in the system's temporary directory.
fn write_revision(
    repo: &revision::Repository,
    rev: &str,
    explicit_config: Option<&Path>,
) -> Result<(tempfile::TempDir, PathBuf, revision::Materialised), RunError> {
    let memory = [
        std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from),
        Some("/dev/shm".into()),
    ];
    let places = memory
        .into_iter()
        .flatten()
        .filter(|p| p.is_dir())
        .map(Some)
        .chain([None]);
    let mut last = None;
    for place in places {
        let mut builder = tempfile::Builder::new();
        builder.prefix("contractlint-diff-");
        let made = match &place {
            Some(p) => builder.tempdir_in(p),
            None => builder.tempdir(),
        };
        let dir = match made {
            Ok(d) => d,
            Err(_) if place.is_some() => continue,
            Err(e) => return Err(RunError(format!("cannot make a private directory: {e}"))),
        };
        let tree = source::real_path(dir.path()).map_err(|e| RunError(e.to_string()))?;
        let max = explicit_config
            .map(|c| Config::load(Some(c), &tree))
            .transpose()
            .map_err(RunError)?
            .map_or(crate::config::DEFAULT_MAX_FILE_SIZE, |c| {
                c.max_file_size(None)
            });
        match super::timings::time("diff: write revision", || repo.materialise(rev, &tree, max)) {
            Ok(written) => return Ok((dir, tree, written)),
            Err(e) => last = Some(e),
        }
    }
    Err(RunError(last.unwrap_or_default()))
}

fn repository(cwd: &Path, paths: &[PathBuf]) -> Result<revision::Repository, RunError> {
    let first = paths
        .first()
        .map_or_else(|| cwd.to_path_buf(), |p| cwd.join(p));
    let start = first
        .ancestors()
        .find(|p| p.is_dir())
        .unwrap_or(cwd)
        .to_path_buf();
    revision::open(&start).map_err(RunError)
}

/// Lint `paths` as `check` does, the packages then relative to `root`.
fn lint(paths: &[PathBuf], explicit: Option<&Path>, root: &Path) -> Result<Outcome, RunError> {
    let opts = Options {
        paths: paths.to_vec(),
        config: super::load_config(explicit, paths)?,
        config_explicit: explicit.is_some(),
        // The judge compares what the rules linked; it reads no schema as written.
        drop_written_schemas: true,
        per_tool: true,
        ..Default::default()
    };
    let mut outcome = check(&opts)?;
    for c in &mut outcome.project.contracts {
        c.package = c
            .package
            .strip_prefix(root)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| c.package.clone());
    }
    Ok(outcome)
}

/// Show the files of a revision written under `tree` by their place in the working tree
/// (`rev` given: as `REV:path` from the repository's top, git's own notation).
fn rename_files(sources: &mut SourceMap, tree: &Path, workdir: &Path, rev: Option<&str>) {
    for id in sources.ids().collect::<Vec<_>>() {
        let path = sources.get(id).path.clone();
        let Ok(rel) = path.strip_prefix(tree) else {
            continue;
        };
        let shown = match rev {
            Some(rev) => format!("{rev}:{}", source::display_path(rel)),
            None => source::display_path(&workdir.join(rel)),
        };
        sources.set_display(id, shown);
    }
}

/// Drop every change a suppression of the head covers (`// contractlint: allow(X003) reason`
/// where the change is reported, as for `check`'s findings); returns how many.
pub fn suppress(changes: &mut Vec<Change>, head: &Project) -> usize {
    let before = changes.len();
    changes.retain(|c| {
        let Some(at) = c.new.as_ref().map(|l| l.span) else {
            return true;
        };
        !head.suppressions.iter().any(|s| {
            s.scope.file == at.file
                && (s.scope.start()..s.scope.end()).contains(&at.start())
                && s.codes
                    .iter()
                    .any(|k| crate::catalog::find(&k.value).is_some_and(|r| r.code == c.code))
        })
    });
    before - changes.len()
}

/// The changes as findings over one source map holding the files either side points into.
pub fn findings(
    changes: Vec<Change>,
    base: Option<&Project>,
    head: Option<&Project>,
) -> (SourceMap, Vec<Diagnostic>) {
    let mut map = SourceMap::default();
    let mut seen: HashMap<(bool, FileId), FileId> = HashMap::new();
    let mut remap = |label: Label, from_head: bool, map: &mut SourceMap| {
        let Some(project) = (if from_head { head } else { base }) else {
            return label;
        };
        let id = *seen.entry((from_head, label.span.file)).or_insert_with(|| {
            let f = project.sources.get(label.span.file);
            let mut copy = SourceFile::new(f.path.clone(), f.text.clone());
            copy.display = f.display.clone();
            map.add(copy)
        });
        Label {
            span: source::Span::new(id, label.span.start(), label.span.end()),
            message: label.message,
        }
    };
    let mut out = Vec::with_capacity(changes.len());
    for c in changes {
        let severity =
            crate::catalog::find(c.code).map_or(crate::diagnostic::Severity::Info, |r| r.severity);
        let new = c.new.map(|l| remap(l, true, &mut map));
        let old = c.old.map(|l| remap(l, false, &mut map));
        let (primary, related) = match (new, old) {
            (Some(n), o) => (n, o),
            (None, Some(o)) => (o, None),
            (None, None) => continue,
        };
        let mut d = Diagnostic::new(c.code, c.message, primary);
        d.severity = severity;
        d.tool = Some(c.tool);
        d.property = c.property;
        d.package = Some(c.package);
        d.related.extend(related);
        out.push(d);
    }
    (map, out)
}
