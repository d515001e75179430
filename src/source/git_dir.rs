//! Where a work tree's git metadata lies. `.git` is a directory, or a file naming one
//! (`gitdir: …`, as linked worktrees and submodules have), and a git dir may name the
//! repository's common directory (`commondir`). All of it is written in the tree, which may
//! come from a pull request: followed anywhere, those names would make the run read
//! whatever directory they point at. A git dir outside the work tree is accepted only when
//! it names this `.git` file back (the `gitdir` file git writes in a linked worktree's git
//! dir, outside the tree, where a checkout cannot plant it); a `commondir` leaving the work
//! tree only from a git dir accepted so. Anything else is as if there were no git metadata.

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
            false if names_back(&real, &dot) => (real, true),
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

/// Whether the git dir's `gitdir` file names the `.git` file at `dot`.
fn names_back(git_dir: &Path, dot: &Path) -> bool {
    let back = read_regular_text(&git_dir.join("gitdir"), SMALL).ok();
    let back = back.and_then(|b| std::fs::canonicalize(git_dir.join(b.trim())).ok());
    back.is_some() && back == std::fs::canonicalize(dot).ok()
}
