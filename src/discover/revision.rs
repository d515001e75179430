//! A committed revision as files: its tree read from the git object store in process (gix),
//! written into a private directory the run then walks like any other. Nothing is checked
//! out and nothing runs: the repository's configuration is read for what locates objects
//! only (no includes, no global or system files, no environment), and no hook, filter,
//! fsmonitor or attribute is consulted, since blobs are copied as stored.

use std::path::{Path, PathBuf};

/// A repository opened for reading objects.
pub struct Repository {
    repo: gix::Repository,
    /// The top of its working tree (canonical), when it has one.
    pub workdir: Option<PathBuf>,
}

/// What was written of a revision, and what was left out.
#[derive(Debug, Default)]
pub struct Materialised {
    /// The revision's commit, in full.
    pub commit: String,
    /// Entries not written: links, submodules, names no file system should be given, blobs
    /// over the size limit.
    pub skipped: Vec<String>,
}

/// Open the repository holding `dir`, reading nothing outside it.
pub fn open(dir: &Path) -> Result<Repository, String> {
    let mut repo = gix::discover_opts(dir, Default::default(), gix::open::Options::isolated())
        .map_err(|e| format!("{}: not in a git repository ({e})", dir.display()))?;
    repo.objects.set_pack_cache(|| Box::new(Bases::default()));
    // The store is read, never written, during a run: an object it lacks (a partial clone)
    // is missing, not a reason to scan the object directory again.
    repo.objects.refresh_never();
    let workdir = repo
        .workdir()
        .map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.to_path_buf()));
    Ok(Repository { repo, workdir })
}

impl Repository {
    /// Write the tree of `rev` (any revision git's `rev-parse` names: a tag, a branch,
    /// `HEAD~2`, a hash) under `dest`, which must be an empty directory: regular files only,
    /// none larger than `max_bytes`, and no directory the walk would skip anyway.
    pub fn materialise(
        &self,
        rev: &str,
        dest: &Path,
        max_bytes: u64,
    ) -> Result<Materialised, String> {
        let err = |e: &dyn std::fmt::Display| format!("revision `{rev}`: {e}");
        let id = self
            .repo
            .rev_parse_single(rev)
            .map_err(|e| err(&e))?
            .object()
            .map_err(|e| err(&e))?;
        let commit = id
            .clone()
            .peel_to_commit()
            .map_err(|e| err(&e))?
            .id
            .to_string();
        let tree = id.peel_to_tree().map_err(|e| err(&e))?;
        let mut out = Materialised {
            commit,
            ..Default::default()
        };
        self.write_tree(&tree, dest, "", max_bytes, &mut out)
            .map_err(|e| err(&e))?;
        Ok(out)
    }

    fn write_tree(
        &self,
        tree: &gix::Tree<'_>,
        dir: &Path,
        prefix: &str,
        max_bytes: u64,
        out: &mut Materialised,
    ) -> Result<(), String> {
        let decoded = tree.decode().map_err(|e| e.to_string())?;
        for entry in &decoded.entries {
            let name = String::from_utf8_lossy(entry.filename);
            let shown = format!("{prefix}{name}");
            let Some(name) = safe_name(entry.filename) else {
                out.skipped.push(shown);
                continue;
            };
            let path = dir.join(name);
            let oid = entry.oid.to_owned();
            match entry.mode.kind() {
                gix::object::tree::EntryKind::Tree => {
                    if super::SKIP_DIRS.contains(&name) {
                        continue;
                    }
                    let sub = self
                        .repo
                        .find_object(oid)
                        .map_err(|e| e.to_string())?
                        .try_into_tree()
                        .map_err(|e| e.to_string())?;
                    std::fs::create_dir(&path).map_err(|e| format!("{shown}: {e}"))?;
                    self.write_tree(&sub, &path, &format!("{shown}/"), max_bytes, out)?;
                }
                gix::object::tree::EntryKind::Blob
                | gix::object::tree::EntryKind::BlobExecutable => {
                    // A blob the store lacks (a partial clone, a pruned large file) is left
                    // out like one over the limit, not the end of the run.
                    let size = self.repo.find_header(oid).map(|h| h.size());
                    if size.map_or(true, |s| s > max_bytes) {
                        out.skipped.push(shown);
                        continue;
                    }
                    let blob = self.repo.find_blob(oid).map_err(|e| e.to_string())?;
                    write_new(&path, &blob.data).map_err(|e| format!("{shown}: {e}"))?;
                }
                // A link could lead the walk out of the tree, and a submodule is another
                // repository's revision: neither is written.
                gix::object::tree::EntryKind::Link | gix::object::tree::EntryKind::Commit => {
                    out.skipped.push(shown);
                }
            }
        }
        Ok(())
    }
}

/// Decoded pack entries, kept for the deltas built on them: a tree's blobs are mostly deltas
/// of one another in chains up to 50 long, and without a cache every blob decoded its whole
/// chain again (a revision of 130 files took 300 ms to write). Bounded: full, it starts over.
#[derive(Default)]
struct Bases {
    entries: std::collections::HashMap<(u32, u64), (gix::objs::Kind, Vec<u8>)>,
    bytes: usize,
}

impl Bases {
    const LIMIT: usize = 64 << 20;
}

impl gix::odb::pack::cache::DecodeEntry for Bases {
    fn put(&mut self, pack: u32, offset: u64, data: &[u8], kind: gix::objs::Kind, _: usize) {
        if data.len() > Self::LIMIT / 4 {
            return;
        }
        if self.bytes + data.len() > Self::LIMIT {
            self.entries.clear();
            self.bytes = 0;
        }
        self.bytes += data.len();
        self.entries.insert((pack, offset), (kind, data.to_vec()));
    }

    fn get(
        &mut self,
        pack: u32,
        offset: u64,
        out: &mut Vec<u8>,
    ) -> Option<(gix::objs::Kind, usize)> {
        let (kind, data) = self.entries.get(&(pack, offset))?;
        out.clear();
        out.extend_from_slice(data);
        Some((*kind, data.len()))
    }
}

/// A tree entry's name as one path component, or `None` for one that is not: empty, `.`,
/// `..`, `.git` in any case, or holding a separator, a drive colon or NUL. git refuses to
/// check such names out; a crafted object may still hold them.
fn safe_name(name: &[u8]) -> Option<&str> {
    let name = std::str::from_utf8(name).ok()?;
    let bad = name.is_empty()
        || name == "."
        || name == ".."
        || name.eq_ignore_ascii_case(".git")
        || name.contains(['/', '\\', ':', '\0']);
    (!bad).then_some(name)
}

/// Create `path`, which must not exist yet: two entries that a case-insensitive file system
/// folds into one name are an error, not one file overwriting the other.
fn write_new(path: &Path, data: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(data)
}

#[cfg(test)]
mod tests {
    use super::safe_name;

    #[test]
    fn only_plain_path_components_are_written() {
        for bad in ["", ".", "..", ".git", ".GIT", "a/b", "a\\b", "c:", "a\0b"] {
            assert_eq!(safe_name(bad.as_bytes()), None, "{bad:?}");
        }
        assert_eq!(safe_name(&[0xff, b'a']), None);
        for good in ["src", ".gitignore", "tools.json", "..hidden", "a b"] {
            assert_eq!(safe_name(good.as_bytes()), Some(good));
        }
    }
}
