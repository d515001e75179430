//! git's ignore rules, read by us rather than by the `ignore` crate, which opens each
//! `.gitignore` and `.git/info/exclude` itself: through a symbolic link, without a bound, and
//! blocking on a FIFO. Here each is read as every file of the tree is
//! ([`crate::source::guarded`]): a regular file, never through a link (as git ≥ 2.32 reads
//! `.gitignore`), at most [`MAX_BYTES`]. One that is not is passed over and reported.

use crate::source::guarded;
use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The largest ignore file read (git's own are a few KiB).
pub const MAX_BYTES: u64 = 1024 * 1024;

/// The ignore rules of one git repository, each directory's `.gitignore` read once, when
/// the walk first asks about it.
pub struct Rules {
    repo: PathBuf,
    exclude: Gitignore,
    dirs: Mutex<HashMap<PathBuf, Arc<Gitignore>>>,
    /// By the directory of an entry as the walk names it: the rules that apply to its
    /// entries, asked once per directory rather than once per entry and ancestor.
    chains: Mutex<fnv::FnvHashMap<PathBuf, Arc<Chain>>>,
    /// Ignore files passed over: their path and why.
    pub unread: Mutex<Vec<(PathBuf, String)>>,
}

impl Rules {
    /// The rules of the repository holding `root`, or `None` outside any (git's rules count
    /// only inside a repository).
    pub fn for_root(root: &Path) -> Option<Rules> {
        let start = normalize(&std::path::absolute(root).ok()?);
        let repo = start.ancestors().find(|d| d.join(".git").exists())?;
        let rules = Rules {
            repo: repo.to_path_buf(),
            exclude: Gitignore::empty(),
            dirs: Mutex::new(HashMap::new()),
            chains: Mutex::default(),
            unread: Mutex::new(Vec::new()),
        };
        let exclude = rules.read(repo, &info_exclude(repo));
        Some(Rules { exclude, ..rules })
    }

    /// Whether git ignores `path` (absolute or relative to the working directory; a
    /// directory when `is_dir`): the nearest `.gitignore` that decides wins, then
    /// `.git/info/exclude`.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let named = path.file_name().zip(path.parent());
        let Some(chain) = named.and_then(|(_, parent)| self.chain(parent)) else {
            return self.ignored_by_ancestors(path, is_dir);
        };
        if chain.rules.is_empty() && self.exclude.is_empty() {
            return false;
        }
        let abs = chain.dir.join(path.file_name().unwrap_or_default());
        for rules in &chain.rules {
            match rules.matched(&abs, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        self.exclude.matched(&abs, is_dir).is_ignore()
    }

    /// [`Rules::ignored`] for a path with no file name (`..`), every ancestor asked.
    fn ignored_by_ancestors(&self, path: &Path, is_dir: bool) -> bool {
        let Ok(abs) = std::path::absolute(path) else {
            return false;
        };
        let abs = normalize(&abs);
        for dir in abs.ancestors().skip(1) {
            if !dir.starts_with(&self.repo) {
                break;
            }
            match self.dir(dir).matched(&abs, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        self.exclude.matched(&abs, is_dir).is_ignore()
    }

    /// The rules for the entries of `dir`: its own `.gitignore` and each enclosing one up
    /// to the repository's, nearest first, those without a rule left out.
    fn chain(&self, dir: &Path) -> Option<Arc<Chain>> {
        let known = self.chains.lock().ok().and_then(|m| m.get(dir).cloned());
        if known.is_some() {
            return known;
        }
        let abs = normalize(&std::path::absolute(dir).ok()?);
        let rules = abs
            .ancestors()
            .take_while(|d| d.starts_with(&self.repo))
            .map(|d| self.dir(d))
            .filter(|g| !g.is_empty())
            .collect();
        let chain = Arc::new(Chain { dir: abs, rules });
        if let Ok(mut m) = self.chains.lock() {
            m.insert(dir.to_path_buf(), chain.clone());
        }
        Some(chain)
    }

    fn dir(&self, dir: &Path) -> Arc<Gitignore> {
        let lock = |m: &Mutex<HashMap<PathBuf, Arc<Gitignore>>>| {
            m.lock().map(|g| g.get(dir).cloned()).unwrap_or(None)
        };
        if let Some(g) = lock(&self.dirs) {
            return g;
        }
        let g = Arc::new(self.read(dir, &dir.join(".gitignore")));
        if let Ok(mut m) = self.dirs.lock() {
            m.insert(dir.to_path_buf(), g.clone());
        }
        g
    }

    /// The rules of `file` rooted at `dir`; none when it is absent or cannot be read
    /// safely (then recorded in [`Rules::unread`]).
    fn read(&self, dir: &Path, file: &Path) -> Gitignore {
        let text = match guarded::read_regular(file, MAX_BYTES) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                return Gitignore::empty();
            }
            Err(e) => {
                if let Ok(mut u) = self.unread.lock() {
                    u.push((file.to_path_buf(), e.to_string()));
                }
                return Gitignore::empty();
            }
        };
        let mut builder = GitignoreBuilder::new(dir);
        for line in text.lines() {
            // A line git cannot read either is skipped, as git skips it.
            let _ = builder.add_line(Some(file.to_path_buf()), line);
        }
        builder.build().unwrap_or_else(|_| Gitignore::empty())
    }
}

/// The rules that apply to one directory's entries.
struct Chain {
    /// The directory, absolute and without `.` or `..`.
    dir: PathBuf,
    rules: Vec<Arc<Gitignore>>,
}

/// `.git/info/exclude`, or for a worktree (`.git` a file naming its `gitdir:`) the one in
/// the repository's common directory, as git reads it.
fn info_exclude(repo: &Path) -> PathBuf {
    let dot = repo.join(".git");
    let named = |file: &Path, prefix: &str| {
        let text = guarded::read_regular_text(file, 4096).ok()?;
        let value = text.trim().strip_prefix(prefix)?.trim().to_string();
        Some(file.parent()?.join(value))
    };
    let common = match named(&dot, "gitdir:") {
        Some(gitdir) => named(&gitdir.join("commondir"), "").unwrap_or(gitdir),
        None => dot,
    };
    common.join("info/exclude")
}

/// `path` without `.` and `..` components (lexically, as the walk names entries).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}
