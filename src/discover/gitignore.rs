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

/// The most bytes of ignore files one run reads, all repositories together: each file is
/// compiled into matchers the walk keeps, so 150 nested files of [`MAX_BYTES`] took 7.8 GB.
/// Files read past it are reported and their rules not applied. Which ones that is can
/// depend on the order the walk's threads meet them; a tree far below it (a large
/// monorepo's hold a few hundred KiB) is never affected.
pub const MAX_RUN_BYTES: u64 = 4 * 1024 * 1024;

/// git's ignore rules for every repository the walk meets, each directory's `.gitignore`
/// read once, when the walk first asks about it. A directory holding `.git` (a repository,
/// a submodule, a vendored checkout) starts a repository of its own: as git does, the
/// enclosing repository's `.gitignore` files and `.git/info/exclude` decide whether the walk
/// enters it, and nothing inside it.
#[derive(Default)]
pub struct Rules {
    /// By directory (absolute, normalised): its `.gitignore`.
    dirs: Mutex<HashMap<PathBuf, Arc<Gitignore>>>,
    /// By directory: the root of the repository that holds it, if any.
    repos: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    /// By repository root: its `.git/info/exclude`.
    excludes: Mutex<HashMap<PathBuf, Arc<Gitignore>>>,
    /// By the directory of an entry as the walk names it: the rules that apply to its
    /// entries, asked once per directory rather than once per entry and ancestor.
    chains: Mutex<fnv::FnvHashMap<PathBuf, Arc<Chain>>>,
    /// Ignore files passed over: their path and why.
    pub unread: Mutex<Vec<(PathBuf, String)>>,
    /// Bytes of ignore files read so far, against [`MAX_RUN_BYTES`].
    read_bytes: std::sync::atomic::AtomicU64,
}

impl Rules {
    /// Whether git ignores `path` (absolute or relative to the working directory; a
    /// directory when `is_dir`): the nearest `.gitignore` of its repository that decides
    /// wins, then that repository's `.git/info/exclude`. Outside any repository, nothing is.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let named = path.file_name().zip(path.parent());
        let walked = named.and_then(|(name, parent)| Some((self.chain(parent)?, name)));
        let (chain, abs) = match walked {
            Some((chain, name)) => {
                let abs = chain.dir.join(name);
                (chain, abs)
            }
            // A path with no file name (`..`), or a bare name: asked by its absolute form.
            None => {
                let Ok(abs) = std::path::absolute(path) else {
                    return false;
                };
                let abs = normalize(&abs);
                match abs.parent().and_then(|p| self.chain(p)) {
                    Some(chain) => (chain, abs),
                    None => return false,
                }
            }
        };
        for rules in &chain.rules {
            match rules.matched(&abs, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        chain
            .exclude
            .as_ref()
            .is_some_and(|x| x.matched(&abs, is_dir).is_ignore())
    }

    /// The rules for the entries of `dir`: its own `.gitignore` and each enclosing one up
    /// to its repository's root, nearest first, those without a rule left out, and the
    /// repository's exclude file.
    fn chain(&self, dir: &Path) -> Option<Arc<Chain>> {
        let known = self.chains.lock().ok().and_then(|m| m.get(dir).cloned());
        if known.is_some() {
            return known;
        }
        let abs = normalize(&std::path::absolute(dir).ok()?);
        let (rules, exclude) = match self.repo_of(&abs) {
            Some(repo) => {
                let rules = abs
                    .ancestors()
                    .take_while(|d| d.starts_with(&repo))
                    .map(|d| self.dir(d))
                    .filter(|g| !g.is_empty())
                    .collect();
                let exclude = Some(self.exclude(&repo)).filter(|x| !x.is_empty());
                (rules, exclude)
            }
            None => (Vec::new(), None),
        };
        let chain = Arc::new(Chain {
            dir: abs,
            rules,
            exclude,
        });
        if let Ok(mut m) = self.chains.lock() {
            m.insert(dir.to_path_buf(), chain.clone());
        }
        Some(chain)
    }

    /// The nearest directory at or above `dir` (absolute) that holds `.git`.
    fn repo_of(&self, dir: &Path) -> Option<PathBuf> {
        let known = |d: &Path| self.repos.lock().ok().and_then(|m| m.get(d).cloned());
        let mut asked = Vec::new();
        let mut found = None;
        for d in dir.ancestors() {
            if let Some(k) = known(d) {
                found = k;
                break;
            }
            asked.push(d.to_path_buf());
            if d.join(".git").exists() {
                found = Some(d.to_path_buf());
                break;
            }
        }
        if let Ok(mut m) = self.repos.lock() {
            for d in asked {
                m.insert(d, found.clone());
            }
        }
        found
    }

    fn dir(&self, dir: &Path) -> Arc<Gitignore> {
        self.cached(&self.dirs, dir, || self.read(dir, &dir.join(".gitignore")))
    }

    fn exclude(&self, repo: &Path) -> Arc<Gitignore> {
        self.cached(&self.excludes, repo, || {
            info_exclude(repo).map_or_else(Gitignore::empty, |f| self.read(repo, &f))
        })
    }

    fn cached(
        &self,
        map: &Mutex<HashMap<PathBuf, Arc<Gitignore>>>,
        key: &Path,
        read: impl FnOnce() -> Gitignore,
    ) -> Arc<Gitignore> {
        if let Some(g) = map.lock().map(|m| m.get(key).cloned()).unwrap_or(None) {
            return g;
        }
        let g = Arc::new(read());
        if let Ok(mut m) = map.lock() {
            m.insert(key.to_path_buf(), g.clone());
        }
        g
    }

    /// The rules of `file` rooted at `dir`; none when it is absent or cannot be read
    /// safely (then recorded in [`Rules::unread`]).
    fn read(&self, dir: &Path, file: &Path) -> Gitignore {
        let text = match guarded::read_regular(file, MAX_BYTES) {
            Ok(bytes) => {
                let size = bytes.len() as u64;
                let before =
                    (self.read_bytes).fetch_add(size, std::sync::atomic::Ordering::Relaxed);
                if before + size > MAX_RUN_BYTES {
                    if let Ok(mut u) = self.unread.lock() {
                        u.push((
                            file.to_path_buf(),
                            format!(
                                "the ignore files of this run hold more than {MAX_RUN_BYTES} \
                                 bytes, the most one run reads; its rules are not applied"
                            ),
                        ));
                    }
                    return Gitignore::empty();
                }
                String::from_utf8_lossy(&bytes).into_owned()
            }
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
    exclude: Option<Arc<Gitignore>>,
}

/// `.git/info/exclude`, or for a worktree the one in the repository's common directory, as
/// git reads it; none when the tree's git metadata points out of it
/// ([`crate::source::git_dir`]).
fn info_exclude(repo: &Path) -> Option<PathBuf> {
    crate::source::git_dir::locate(repo).map(|d| d.common.join("info/exclude"))
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
