//! Linking groups. A tree may hold several independent projects (a monorepo of servers, a
//! folder of examples) that each declare a tool called `search`; their tools must not be
//! linked to each other's code. A group is a Cargo package, or the workspace that lists it,
//! or a JavaScript package (`package.json`); files outside any package form one group.

use crate::discover::{Found, Listing, PACKAGE_MARKERS};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Split the discovered files into groups, in a deterministic order (by group root). Each
/// group comes with the directory its configuration is looked up from: its root, or for
/// files outside any package, the directory of the first of them.
///
/// `walked` are the (canonical) paths the files were found under. Packages are looked for
/// at or below them, never above: a `Cargo.toml` in a parent folder is not part of the
/// tree asked about, and must not pull the tree's loose files into one group (which made
/// `check fx` and `check /abs/fx` disagree, and lost the link of `web/` pages to their
/// `server/` crate).
pub fn by_package(
    found: Vec<Found>,
    walked: &[PathBuf],
    listing: &Listing,
) -> Vec<(PathBuf, Vec<Found>)> {
    let mut roots = Roots {
        listing,
        cache: HashMap::new(),
        package: HashMap::new(),
        workspace: HashMap::new(),
    };
    let mut groups: BTreeMap<PathBuf, Vec<Found>> = BTreeMap::new();
    let bounds: Vec<&Path> = walked
        .iter()
        .map(|w| {
            if w.is_file() {
                w.parent().unwrap_or(w)
            } else {
                w
            }
        })
        .collect();
    let bound_of = |file: &Path| {
        bounds
            .iter()
            .copied()
            .filter(|w| file.starts_with(w))
            .max_by_key(|w| w.as_os_str().len())
            .unwrap_or(Path::new(""))
    };
    // Files come sorted, so a directory's files are neighbours: each directory is asked once.
    let mut last: Option<(PathBuf, PathBuf)> = None;
    for f in found {
        let dir = f.path.parent().unwrap_or(Path::new(""));
        let root = match &last {
            Some((d, root)) if d.as_os_str() == dir.as_os_str() => root.clone(),
            _ => {
                let root = roots.group_of(&f.path, bound_of(&f.path));
                last = Some((dir.to_path_buf(), root.clone()));
                root
            }
        };
        groups.entry(root).or_default().push(f);
    }
    adopt_loose_files(&mut groups, &bound_of);
    // What no package adopted is one group per given path: separate roots stay separate
    // projects (`check a b` does not link a's tools to b's schemas).
    let mut loose: BTreeMap<&Path, Vec<Found>> = BTreeMap::new();
    for f in groups.remove(Path::new("")).unwrap_or_default() {
        loose.entry(bound_of(&f.path)).or_default().push(f);
    }
    let first_dir = |files: &[Found]| {
        files[0]
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    };
    let loose = loose.into_values().map(|files| (first_dir(&files), files));
    loose.chain(groups).collect()
}

/// Files outside any package (a `web/` folder of pages beside a `server/` crate) join the
/// one package that sits under their nearest common directory; where several packages do,
/// they stay on their own rather than be linked to a guess. The search stays inside the
/// path the file was found under: `check a b` never puts a loose file of `a` into a
/// package of `b`.
fn adopt_loose_files<'b>(
    groups: &mut BTreeMap<PathBuf, Vec<Found>>,
    bound_of: &impl Fn(&Path) -> &'b Path,
) {
    let Some(loose) = groups.remove(Path::new("")) else {
        return;
    };
    let roots: Vec<PathBuf> = groups.keys().cloned().collect();
    let mut left = Vec::new();
    for f in loose {
        let bound = bound_of(&f.path);
        let inside = f
            .path
            .ancestors()
            .skip(1)
            .take_while(|dir| dir.starts_with(bound));
        let home = inside.into_iter().find_map(|dir| {
            let under: Vec<&PathBuf> = roots.iter().filter(|r| r.starts_with(dir)).collect();
            match under.len() {
                0 => None,
                1 => Some(Some(under[0].clone())),
                _ => Some(None),
            }
        });
        match home.flatten() {
            Some(root) => groups.get_mut(&root).expect("known root").push(f),
            None => left.push(f),
        }
    }
    if !left.is_empty() {
        groups.insert(PathBuf::new(), left);
    }
}

struct Roots<'l> {
    /// What the walk saw of each directory's package markers.
    listing: &'l Listing,
    /// (Directory, bound) → the group root it belongs to (memoised per directory).
    cache: HashMap<(PathBuf, PathBuf), PathBuf>,
    /// (Directory, bound) → its nearest package directory; every ancestor is asked once,
    /// not once per file below it (a real tree has thousands of files per package).
    package: HashMap<(PathBuf, PathBuf), Option<PathBuf>>,
    /// `Cargo.toml` path → whether it declares a workspace (read and parsed once).
    workspace: HashMap<PathBuf, bool>,
}

impl Roots<'_> {
    /// The group root of a file: its nearest package at or below `bound`, lifted to the
    /// workspace that contains it (also at or below `bound`); the empty path when no
    /// package encloses it.
    fn group_of(&mut self, file: &Path, bound: &Path) -> PathBuf {
        let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
        let key = (dir, bound.to_path_buf());
        if let Some(root) = self.cache.get(&key) {
            return root.clone();
        }
        let root = match self.nearest_package(&key.0, bound) {
            Some(pkg) => self.lift_to_workspace(pkg, bound),
            None => PathBuf::new(),
        };
        self.cache.insert(key, root.clone());
        root
    }

    fn nearest_package(&mut self, dir: &Path, bound: &Path) -> Option<PathBuf> {
        let key = (dir.to_path_buf(), bound.to_path_buf());
        if let Some(known) = self.package.get(&key) {
            return known.clone();
        }
        let found = if PACKAGE_MARKERS
            .iter()
            .any(|m| self.listing.is_file(&dir.join(m)))
        {
            Some(dir.to_path_buf())
        } else if dir == bound {
            None
        } else {
            dir.parent()
                .filter(|p| p.starts_with(bound))
                .and_then(|p| self.nearest_package(p, bound))
        };
        self.package.insert(key, found.clone());
        found
    }

    /// A package inside a Cargo workspace belongs to the workspace's group, so a manifest
    /// at the workspace root links to Rust in its member crates.
    fn lift_to_workspace(&mut self, pkg: PathBuf, bound: &Path) -> PathBuf {
        let mut root = pkg.clone();
        for d in pkg.ancestors().skip(1).take_while(|d| d.starts_with(bound)) {
            let manifest = d.join("Cargo.toml");
            let listing = self.listing;
            let is_workspace = *self
                .workspace
                .entry(manifest)
                .or_insert_with_key(|m| listing.is_file(m) && is_workspace(m));
            if is_workspace {
                root = d.to_path_buf();
            }
        }
        root
    }
}

/// The `Cargo.toml` files a group's packages declare: the group root's (a package or a
/// workspace) and every member package's that encloses one of its files, in path order.
/// A workspace's members each say which SDK they depend on, so each manifest is read.
pub fn manifests(dir: &Path, files: &[Found], listing: &Listing) -> Vec<PathBuf> {
    let mut out = std::collections::BTreeSet::new();
    let root = dir.join("Cargo.toml");
    if listing.is_file(&root) {
        out.insert(root);
    }
    let mut seen = std::collections::HashSet::new();
    for f in files {
        for d in f
            .path
            .ancestors()
            .skip(1)
            .take_while(|d| d.starts_with(dir))
        {
            if !seen.insert(d.to_path_buf()) {
                break;
            }
            let m = d.join("Cargo.toml");
            if listing.is_file(&m) {
                out.insert(m);
                break;
            }
        }
    }
    out.into_iter().collect()
}

fn is_workspace(manifest: &Path) -> bool {
    crate::source::read::read_text(manifest, crate::config::DEFAULT_MAX_FILE_SIZE)
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
        .is_some_and(|t| t.contains_key("workspace"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discover::Kind;

    fn found(path: &Path) -> Found {
        Found {
            path: path.to_path_buf(),
            kind: Kind::Rust,
        }
    }

    #[test]
    fn separate_crates_are_separate_groups_and_workspace_members_join_their_workspace() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let write = |p: &str, text: &str| {
            let p = d.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            p
        };
        let a = write("a/src/lib.rs", "");
        write("a/Cargo.toml", "[package]\nname = \"a\"\n");
        let b = write("b/src/lib.rs", "");
        write("b/Cargo.toml", "[package]\nname = \"b\"\n");
        write("ws/Cargo.toml", "[workspace]\nmembers = [\"m\"]\n");
        let m = write("ws/m/src/lib.rs", "");
        write("ws/m/Cargo.toml", "[package]\nname = \"m\"\n");
        let tools = write("ws/tools/t.json", "{}");
        let loose = write("loose/t.json", "{}");
        let page = write("b-site/web/page.js", "");
        write("b-site/server/Cargo.toml", "[package]\nname = \"s\"\n");
        let server = write("b-site/server/src/main.rs", "");
        let files = [&a, &b, &m, &tools, &loose, &page, &server].map(|p| found(p));
        let groups = by_package(files.to_vec(), &[d.to_path_buf()], &Listing::default());
        let paths: Vec<Vec<&Path>> = groups
            .iter()
            .map(|(_, g)| g.iter().map(|f| f.path.as_path()).collect())
            .collect();
        assert_eq!(paths.len(), 5, "{paths:?}");
        assert!(paths.contains(&vec![server.as_path(), page.as_path()]));
        assert!(paths.contains(&vec![m.as_path(), tools.as_path()]));
        assert!(paths.contains(&vec![a.as_path()]));
        assert!(paths.contains(&vec![loose.as_path()]));
    }
}
