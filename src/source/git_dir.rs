//! Where a work tree's git metadata lies. `.git` is a directory, or a file naming one
//! (`gitdir: …`, as linked worktrees and submodules have), and a git dir may name the
//! repository's common directory (`commondir`). All of it is written in the tree, which may
//! come from a pull request: followed anywhere, those names would make the run read
//! whatever directory they point at. A git dir outside the work tree is accepted only when
//! it names this work tree back, as git writes it outside the tree where a checkout cannot
//! plant it: a linked worktree's git dir holds a `gitdir` file naming its `.git` file, a
//! submodule's (`.git/modules/NAME`) a `config` whose `core.worktree` names its work tree. A
//! `commondir` leaves the work tree only from a git dir accepted so. Anything else is as if
//! there were no git metadata.

use super::guarded::read_regular_text;
use std::path::{Path, PathBuf};

/// A `.git` file, `gitdir` or `commondir` is a line; anything larger is not git's.
const SMALL: u64 = 4096;

pub struct GitDirs {
    /// `HEAD` and the worktree's own refs.
    pub git_dir: PathBuf,
    /// Branches, `packed-refs`, `info/exclude`.
    pub common: PathBuf,
}

/// The git dirs of the work tree rooted at `tree`, when they may be read.
pub fn locate(tree: &Path) -> Option<GitDirs> {
    let dot = tree.join(".git");
    let tree = std::fs::canonicalize(tree).ok()?;
    let meta = std::fs::symlink_metadata(&dot).ok()?;
    let (git_dir, git_wrote_it) = if meta.is_dir() {
        (dot.clone(), false)
    } else {
        let text = read_regular_text(&dot, SMALL).ok()?;
        let named = tree.join(text.trim().strip_prefix("gitdir:")?.trim());
        let real = std::fs::canonicalize(named).ok()?;
        match real.starts_with(&tree) {
            true => (real, false),
            false if names_back(&real, &dot, &tree) => (real, true),
            false => return None,
        }
    };
    let common = read_regular_text(&git_dir.join("commondir"), SMALL)
        .ok()
        .and_then(|c| std::fs::canonicalize(git_dir.join(c.trim())).ok())
        .filter(|c| git_wrote_it || c.starts_with(&tree))
        .unwrap_or_else(|| git_dir.clone());
    Some(GitDirs { git_dir, common })
}

/// Whether the git dir names the work tree back: its `gitdir` file names the `.git` file at
/// `dot` (a linked worktree), or its `core.worktree` names `tree` (a submodule).
fn names_back(git_dir: &Path, dot: &Path, tree: &Path) -> bool {
    let is = |named: Option<String>, expected: &Path| {
        named
            .and_then(|n| std::fs::canonicalize(git_dir.join(n.trim())).ok())
            .is_some_and(|n| Some(n) == std::fs::canonicalize(expected).ok())
    };
    is(read_regular_text(&git_dir.join("gitdir"), SMALL).ok(), dot)
        || is(core_worktree(git_dir), tree)
}

/// `worktree = …` in the git dir's `config`, read as a line of text (a submodule's config is
/// git's, a few lines; a larger one is not read).
fn core_worktree(git_dir: &Path) -> Option<String> {
    let config = read_regular_text(&git_dir.join("config"), 64 << 10).ok()?;
    config.lines().find_map(|l| {
        let (key, value) = l.split_once('=')?;
        (key.trim() == "worktree").then(|| value.trim().trim_matches('"').to_string())
    })
}
