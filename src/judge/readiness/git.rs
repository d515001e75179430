//! The checked tree's git revision, read from `.git` as data. git itself is never run there:
//! a tree's `.git/config` can name commands git executes (`core.fsmonitor`, hooks), and the
//! tree may come from a pull request. Whether the work tree has uncommitted changes cannot be
//! known without hashing it against the index, so it is reported as unknown.

use crate::source::guarded::read_regular;
use std::path::Path;

/// A ref file, `HEAD` or a `gitdir:` pointer is a line; anything larger is not git's.
const SMALL: u64 = 4096;
/// `packed-refs` of a large repository (tens of thousands of tags) stays well under this.
const PACKED_REFS: u64 = 64 << 20;
/// Symbolic refs may point to symbolic refs; git itself stops at 5.
const MAX_SYMREF_DEPTH: usize = 5;

/// The commit `HEAD` names in the git checkout holding `path`, or `None` when there is no
/// checkout, `HEAD` is unborn, or the refs are stored in a form this reader does not know
/// (reftable).
pub fn revision(path: &Path) -> Option<String> {
    let start = if path.is_dir() {
        path
    } else {
        path.parent().filter(|p| !p.as_os_str().is_empty())?
    };
    let start = std::fs::canonicalize(start).ok()?;
    let dirs = start
        .ancestors()
        .find(|d| d.join(".git").symlink_metadata().is_ok())
        .and_then(crate::source::git_dir::locate)?;
    let (git_dir, common) = (dirs.git_dir, dirs.common);
    let mut name = "HEAD".to_string();
    for _ in 0..=MAX_SYMREF_DEPTH {
        // HEAD and per-worktree refs live in the worktree's git dir, branches in the common one.
        let dir = if name == "HEAD" { &git_dir } else { &common };
        let value = match read_small(&dir.join(&name)) {
            Some(v) => v.trim().to_string(),
            None => packed_ref(&common, &name)?,
        };
        match value.strip_prefix("ref:") {
            Some(target) => name = safe_ref_name(target.trim())?,
            None => return is_object_id(&value).then_some(value),
        }
    }
    None
}

/// A ref's value from `packed-refs`.
fn packed_ref(common: &Path, name: &str) -> Option<String> {
    let bytes = read_regular(&common.join("packed-refs"), PACKED_REFS).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('^'))
        .find_map(|l| {
            let (id, r) = l.split_once(' ')?;
            (r.trim() == name).then(|| id.to_string())
        })
}

/// A symbolic ref's target, only when it stays under `refs/` (no `..`, no absolute path):
/// the name becomes a path inside the git dir.
fn safe_ref_name(name: &str) -> Option<String> {
    let ok = name.starts_with("refs/")
        && !name
            .split('/')
            .any(|c| c.is_empty() || c == "." || c == "..")
        && !name.contains('\\');
    ok.then(|| name.to_string())
}

fn is_object_id(s: &str) -> bool {
    matches!(s.len(), 40 | 64) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

fn read_small(path: &Path) -> Option<String> {
    let bytes = read_regular(path, SMALL).ok()?;
    String::from_utf8(bytes).ok()
}
