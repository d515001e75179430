//! Walk the given paths (honouring `.gitignore` inside its repository, skipping VCS folders
//! and build output) and sort files by the extractor that may read them.

mod gitignore;
pub mod group;
pub mod revision;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Which extractor a file goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Json,
    Rust,
    /// JavaScript or TypeScript a page may register WebMCP tools from.
    Script,
    /// HTML: declarative tool forms and inline scripts.
    Html,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    pub path: PathBuf,
    pub kind: Kind,
}

/// Directories never worth reading: version control and build output. Other hidden
/// folders (`.well-known/`, `.mcp/`) are read like any other.
const SKIP_DIRS: &[&str] = &["target", "node_modules", ".git", ".hg", ".svn", ".jj"];

fn kind_of(path: &Path) -> Option<Kind> {
    // A name that is not UTF-8 is still a file to lint (it is shown lossily).
    let name = path.file_name()?.to_string_lossy();
    match path.extension()?.to_string_lossy().as_ref() {
        "json" => Some(Kind::Json),
        "rs" => Some(Kind::Rust),
        // Type declarations (`.d.ts`) hold no calls.
        "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx"
            if !name.ends_with(".d.ts")
                && !name.ends_with(".d.mts")
                && !name.ends_with(".d.cts") =>
        {
            Some(Kind::Script)
        }
        // Svelte, Vue and Astro components: markup with `<script>` blocks, read as a page.
        "html" | "htm" | "svelte" | "vue" | "astro" => Some(Kind::Html),
        _ => None,
    }
}

/// The files this run writes its report into: standard output when it is redirected to a
/// file (`check . --format json > out.json`: the shell has created it, empty, before the run)
/// and the `-o` target. They are never linted, so the report does not depend on whether an
/// earlier run's report lies in the tree.
#[derive(Clone, Debug, Default)]
pub struct Outputs(Vec<(u64, u64)>);

impl Outputs {
    pub fn of_run(output: Option<&Path>) -> Outputs {
        let mut ids = Vec::new();
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            use std::os::unix::fs::MetadataExt;
            let stdout = std::io::stdout().as_fd().try_clone_to_owned().ok();
            let stdout = stdout.and_then(|fd| std::fs::File::from(fd).metadata().ok());
            let target = output.and_then(|p| std::fs::metadata(p).ok());
            let files = stdout.into_iter().chain(target).filter(|m| m.is_file());
            ids.extend(files.map(|m| (m.dev(), m.ino())));
        }
        #[cfg(not(unix))]
        let _ = output;
        Outputs(ids)
    }

    /// Whether `path` is one of the run's outputs (no file is, when there are none).
    pub fn holds(&self, path: &Path) -> bool {
        if self.0.is_empty() {
            return false;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            std::fs::symlink_metadata(path).is_ok_and(|m| self.0.contains(&(m.dev(), m.ino())))
        }
        #[cfg(not(unix))]
        false
    }
}

/// A directory entry the walk could not read (reported as E001, never silently skipped).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct WalkError {
    pub path: PathBuf,
    pub message: String,
}

/// What a walk found: candidate files, entries it could not read, and candidate files (or
/// whole directories) an ignore file made it skip, all sorted, and the package markers of
/// the directories it read.
pub type Walked = (Vec<Found>, Vec<WalkError>, Vec<PathBuf>, Listing);

/// The files that mark a package root, whose presence [`Listing`] answers.
pub const PACKAGE_MARKERS: &[&str] = &["Cargo.toml", "package.json"];

/// Which package markers ([`PACKAGE_MARKERS`]) the directories the walk read hold: grouping
/// asks about every directory above every file, and the walk has already listed them, so
/// the answer costs no system call (a tree of 3,000 files asked 1,800 times). A directory
/// the walk did not read (the parent of a file given by name) is asked of the file system.
#[derive(Debug, Default)]
pub struct Listing {
    dirs: HashSet<PathBuf>,
    markers: HashSet<PathBuf>,
}

impl Listing {
    /// Whether `path` is a regular file, or a link to one (as [`Path::is_file`]).
    pub fn is_file(&self, path: &Path) -> bool {
        let listed = path.parent().is_some_and(|d| self.dirs.contains(d))
            && path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| PACKAGE_MARKERS.contains(&n));
        if listed {
            self.markers.contains(path)
        } else {
            path.is_file()
        }
    }

    /// Note one walk entry: a directory the walk reads, or a package marker.
    fn note(seen: &Mutex<(Vec<PathBuf>, Vec<PathBuf>)>, e: &ignore::DirEntry, entered: bool) {
        let kind = e.file_type();
        let is_marker = || {
            e.file_name()
                .to_str()
                .is_some_and(|n| PACKAGE_MARKERS.contains(&n))
        };
        let dir = entered && kind.is_some_and(|t| t.is_dir());
        let marker = !dir
            && is_marker()
            && match kind {
                Some(t) if t.is_symlink() => e.path().is_file(),
                Some(t) => t.is_file(),
                None => e.path().is_file(),
            };
        if dir || marker {
            let mut seen = seen.lock().unwrap_or_else(|e| e.into_inner());
            let list = if dir { &mut seen.0 } else { &mut seen.1 };
            list.push(e.path().to_path_buf());
        }
    }
}

/// Every candidate file under `paths`, sorted, without duplicates, what could not be
/// walked, and what ignore rules skipped. Ignore files (`.gitignore`, `.git/info/exclude`)
/// count only inside the git repository that holds the path, as git reads them: a parent
/// folder's `.gitignore` above the repository, or outside any, and the user's global
/// excludes do not change what a tree is (one `*.json` there made a run lint nothing); a
/// repository nested in the tree has its own rules and none of the enclosing one's. `excluded` is asked for each path (config `exclude` globs). Symbolic links found
/// in the walk are never followed (as ripgrep and ruff), so the walk cannot leave the given
/// paths or loop; a link to a file inside the tree loses nothing, the file is walked at its
/// own path. A given path that is itself a link is followed: naming it is the permission.
/// Directories are read on as many threads as rayon uses (a large tree's walk is mostly
/// waiting on the kernel); the sort makes the result independent of their timing.
pub fn walk(paths: &[PathBuf], excluded: &(dyn Fn(&Path) -> bool + Sync)) -> Walked {
    let found = std::sync::Mutex::new((Vec::new(), Vec::new()));
    // What git's rules kept from the walk, as the walk meets it: only the boundary (an
    // ignored `dist/` counts once, unread), and only candidates (a file an extractor reads,
    // a directory the walk would have entered).
    let kept_out: Arc<std::sync::Mutex<Vec<PathBuf>>> = Arc::default();
    let seen: Arc<Mutex<(Vec<PathBuf>, Vec<PathBuf>)>> = Arc::default();
    // Only git's rules, as git reads them (ripgrep's `.ignore` files are read in every
    // parent folder, repository or not), and read by us, bounded (`gitignore`).
    let rules = Arc::new(gitignore::Rules::default());
    for root in paths {
        if root.is_dir() {
            seen.lock()
                .unwrap_or_else(|e| e.into_inner())
                .0
                .push(root.clone());
        }
        let mut builder = ignore::WalkBuilder::new(root);
        let filter_rules = rules.clone();
        let kept = kept_out.clone();
        let seen = seen.clone();
        builder
            .hidden(false)
            .ignore(false)
            .git_ignore(false)
            .git_exclude(false)
            .git_global(false)
            .follow_links(false)
            .threads(rayon::current_num_threads())
            .filter_entry(move |e| {
                let is_dir = e.file_type().is_some_and(|t| t.is_dir());
                if is_dir
                    && e.file_name()
                        .to_str()
                        .is_some_and(|n| SKIP_DIRS.contains(&n))
                {
                    return false;
                }
                let ignored = e.depth() > 0 && filter_rules.ignored(e.path(), is_dir);
                Listing::note(&seen, e, !ignored);
                let is_file = e.file_type().is_some_and(|t| t.is_file());
                if ignored && (is_dir || (is_file && kind_of(e.path()).is_some())) {
                    kept.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(e.path().to_path_buf());
                }
                !ignored
            });
        builder.build_parallel().run(|| {
            let found = &found;
            Box::new(move |entry| {
                let item = visit(root, entry, excluded);
                if let Some(item) = item {
                    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                    match item {
                        Ok(f) => found.0.push(f),
                        Err(e) => found.1.push(e),
                    }
                }
                ignore::WalkState::Continue
            })
        });
        let unread = rules.unread.lock().map(|mut u| std::mem::take(&mut *u));
        let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
        for (path, why) in unread.unwrap_or_default() {
            found.1.push(WalkError {
                path,
                message: format!("ignore file not read ({why}); its rules are not applied"),
            });
        }
    }
    let (mut out, mut errors) = found.into_inner().unwrap_or_else(|e| e.into_inner());
    sort_paths(&mut out);
    out.dedup();
    errors.sort();
    errors.dedup();
    let mut ignored = std::mem::take(&mut *kept_out.lock().unwrap_or_else(|e| e.into_inner()));
    ignored.retain(|p| !excluded(p));
    ignored.sort();
    ignored.dedup();
    let (dirs, markers) = std::mem::take(&mut *seen.lock().unwrap_or_else(|e| e.into_inner()));
    let listing = Listing {
        dirs: dirs.into_iter().collect(),
        markers: markers.into_iter().collect(),
    };
    (out, errors, ignored, listing)
}

/// Sort found files in [`Path`]'s order, which compares component by component: for the
/// clean absolute paths a walk yields, that is byte order with the separator below every
/// other byte, so each key is built once instead of parsing two paths per comparison.
fn sort_paths(found: &mut [Found]) {
    #[cfg(unix)]
    found.sort_by_cached_key(|f| {
        use std::os::unix::ffi::OsStrExt;
        let bytes = f.path.as_os_str().as_bytes();
        let key: Vec<u8> = bytes
            .iter()
            .map(|&b| if b == b'/' { 0 } else { b })
            .collect();
        (key, f.kind)
    });
    #[cfg(not(unix))]
    found.sort();
}

/// What one walk entry contributes: a candidate file, an error, or nothing.
fn visit(
    root: &Path,
    entry: Result<ignore::DirEntry, ignore::Error>,
    excluded: &(dyn Fn(&Path) -> bool + Sync),
) -> Option<Result<Found, WalkError>> {
    let entry = match entry {
        Ok(entry) => entry,
        Err(e) => {
            return Some(Err(WalkError {
                path: error_path(&e).unwrap_or_else(|| root.to_path_buf()),
                message: format!(
                    "cannot read: {}",
                    e.io_error()
                        .map_or_else(|| e.to_string(), ToString::to_string)
                ),
            }));
        }
    };
    if !entry.file_type().is_some_and(|t| t.is_file()) {
        return None;
    }
    let path = entry.path();
    // The kind first: it costs nothing, and `excluded` may look at the file.
    let kind = kind_of(path)?;
    if excluded(path) {
        return None;
    }
    Some(Ok(Found {
        path: path.to_path_buf(),
        kind,
    }))
}

/// The path an `ignore` error is about, if it names one.
fn error_path(e: &ignore::Error) -> Option<PathBuf> {
    match e {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_files_sort_as_paths_do() {
        let names = [
            "/t/a-b/x.rs",
            "/t/a/b.rs",
            "/t/a/b/c.rs",
            "/t/a.b",
            "/t/a b/c.rs",
            "/t/a0.rs",
            "/t/a/\u{e9}.rs",
            "/t/A/z.rs",
            "/t/a/b-c.rs",
        ];
        let mut found: Vec<Found> = names
            .iter()
            .map(|n| Found {
                path: PathBuf::from(n),
                kind: Kind::Rust,
            })
            .collect();
        let mut expected = found.clone();
        expected.sort();
        sort_paths(&mut found);
        assert_eq!(found, expected);
    }

    #[test]
    fn the_listing_answers_as_the_file_system_does() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().canonicalize().unwrap();
        let write = |p: &str| {
            let p = d.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "").unwrap();
        };
        write("a/Cargo.toml");
        write("a/src/lib.rs");
        write("b/package.json/inner.js");
        write("c/real.toml");
        write("c/src/main.rs");
        write("e/x.rs");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(d.join("c/real.toml"), d.join("c/Cargo.toml")).unwrap();
            std::os::unix::fs::symlink(d.join("missing"), d.join("e/Cargo.toml")).unwrap();
        }
        let (found, _, _, listing) = walk(std::slice::from_ref(&d), &|_| false);
        assert!(!found.is_empty());
        for sub in ["", "a", "a/src", "b", "b/package.json", "c", "c/src", "e"] {
            for m in PACKAGE_MARKERS {
                let p = d.join(sub).join(m);
                assert_eq!(listing.is_file(&p), p.is_file(), "{}", p.display());
            }
        }
        assert!(listing.is_file(&d.join("a/Cargo.toml")));
        assert!(!listing.markers.is_empty() && listing.dirs.contains(&d.join("a/src")));
    }
}
