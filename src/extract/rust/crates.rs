//! The crate graph, from `Cargo.toml`: which package each Rust file belongs to, the name
//! its code is reached by, and the packages it depends on (path dependencies, renamed
//! ones, `workspace = true` ones through `[workspace.dependencies]`). Linking resolves a
//! call only into a package the caller can name; a workspace of twenty crates defines
//! `save` and `execute` many times over, and only the dependencies' count.

use crate::contract::{CrateGraph, FileHome, Package, RmcpLine};
use crate::source::FileId;
use crate::source::normalize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use toml::Table;

/// The graph of the packages enclosing `files` (paths as the run found them). Manifests
/// that cannot be read or parsed leave their files outside any package.
pub fn graph<'a>(files: impl IntoIterator<Item = (FileId, &'a Path)>) -> CrateGraph {
    let mut g = Builder::default();
    let mut out = CrateGraph::default();
    for (id, path) in files {
        let path = normalize(path);
        let Some(pkg) = path.parent().and_then(|d| g.package_dir(d)) else {
            continue;
        };
        let Some(index) = g.manifest(&pkg) else {
            continue;
        };
        let rel = path.strip_prefix(&pkg).unwrap_or(&path);
        let module = module_path(rel);
        let first = rel.iter().next().and_then(|c| c.to_str());
        let test_target = matches!(first, Some("tests" | "benches"))
            || g.test_files.contains(&path)
            || g.test_only.contains(&index);
        out.files.insert(
            id,
            FileHome {
                package: index,
                module,
                test_target,
            },
        );
    }
    // Dependencies name directories: keep those that are packages of the tree.
    let Builder {
        dirs, manifests, ..
    } = g;
    out.packages = manifests
        .into_iter()
        .map(|m| {
            let mut deps = Vec::new();
            let mut external = Vec::new();
            for (name, dir) in m.deps {
                match dir.and_then(|d| dirs.get(&d)) {
                    Some(&i) => deps.push((name, i)),
                    None => external.push(name),
                }
            }
            Package {
                name: m.name,
                deps,
                external,
                reach: Vec::new(),
                schemars_0: m.schemars_0,
                rmcp_nullable: m.rmcp_nullable,
                rmcp_defs: m.rmcp_defs,
                rmcp_lines: m.rmcp_lines,
            }
        })
        .collect();
    for i in 0..out.packages.len() {
        let mut reach = vec![i];
        let mut k = 0;
        while k < reach.len() {
            for &(_, d) in &out.packages[reach[k]].deps {
                if !reach.contains(&d) {
                    reach.push(d);
                }
            }
            k += 1;
        }
        reach.sort_unstable();
        out.packages[i].reach = reach;
    }
    out
}

/// The module path of a file, from its path inside the package: `src/lib.rs` and
/// `src/main.rs` are the root, `src/a/mod.rs` and `src/a.rs` are `a`. Targets outside
/// `src` (tests, examples, benches, `src/bin`) are crate roots of their own.
fn module_path(rel: &Path) -> Vec<String> {
    let parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    let Some(("src", rest)) = parts.split_first().map(|(a, r)| (a.as_str(), r)) else {
        return Vec::new();
    };
    if rest.first().is_some_and(|p| p == "bin") {
        return Vec::new();
    }
    let mut module: Vec<String> = rest.to_vec();
    if let Some(last) = module.pop() {
        let stem = last.strip_suffix(".rs").unwrap_or(&last).to_string();
        let root = module.is_empty() && (stem == "lib" || stem == "main");
        if stem != "mod" && !root {
            module.push(stem);
        }
    }
    module
}

/// One package manifest, read.
struct Manifest {
    name: String,
    /// Name in code → the dependency's directory, when it is a path dependency.
    deps: Vec<(String, Option<PathBuf>)>,
    schemars_0: bool,
    rmcp_nullable: Option<bool>,
    rmcp_defs: Option<&'static str>,
    rmcp_lines: Vec<RmcpLine>,
}

#[derive(Default)]
struct Builder {
    /// Directory → its nearest directory with a package manifest.
    nearest: HashMap<PathBuf, Option<PathBuf>>,
    /// Package directory → index in `manifests` (absent: unreadable manifest).
    dirs: HashMap<PathBuf, usize>,
    tried: HashMap<PathBuf, Option<usize>>,
    manifests: Vec<Manifest>,
    /// Workspace manifest directory → its `[workspace.dependencies]` paths.
    workspaces: HashMap<PathBuf, Option<Table>>,
    /// Directory → the rmcp releases (`major.minor`) its `Cargo.lock` or the nearest one
    /// above records (`None`: no lock, or none with rmcp).
    locks: HashMap<PathBuf, Option<Vec<(u64, u64)>>>,
    /// The files `[[test]]` and `[[bench]]` targets name by `path`, normalised.
    test_files: std::collections::HashSet<PathBuf>,
    /// Packages that build no library and no binary (a test-only crate: `[[test]]` targets
    /// that `#[path]`-include files anywhere in its directory): none of their code is served.
    test_only: std::collections::HashSet<usize>,
}

impl Builder {
    fn package_dir(&mut self, dir: &Path) -> Option<PathBuf> {
        if let Some(known) = self.nearest.get(dir) {
            return known.clone();
        }
        let found = if self.manifest(dir).is_some() {
            Some(dir.to_path_buf())
        } else {
            dir.parent().and_then(|p| self.package_dir(p))
        };
        self.nearest.insert(dir.to_path_buf(), found.clone());
        found
    }

    /// The package manifest in `dir`, read once.
    fn manifest(&mut self, dir: &Path) -> Option<usize> {
        if let Some(&known) = self.tried.get(dir) {
            return known;
        }
        let table = read(&dir.join("Cargo.toml"));
        let builds_program = table.as_ref().is_some_and(|t| {
            t.get("lib").is_some()
                || t.get("bin").is_some()
                || ["src/lib.rs", "src/main.rs", "src/bin"]
                    .iter()
                    .any(|p| dir.join(p).exists())
        });
        let index = table.and_then(|t| {
            let package = t.get("package")?.as_table()?;
            let name = package.get("name")?.as_str()?;
            let lib = t
                .get("lib")
                .and_then(|l| l.get("name"))
                .and_then(|n| n.as_str())
                .unwrap_or(name);
            for kind in ["test", "bench"] {
                let targets = t.get(kind).and_then(|v| v.as_array());
                for target in targets.into_iter().flatten() {
                    if let Some(path) = target.get("path").and_then(|p| p.as_str()) {
                        self.test_files.insert(normalize(&dir.join(path)));
                    }
                }
            }
            let deps = self.dependencies(dir, &t);
            let schemars_0 = self.requirement(dir, &t, "schemars").is_some_and(|v| {
                v.trim_start_matches(|c: char| !c.is_ascii_digit())
                    .split('.')
                    .next()
                    == Some("0")
            });
            let rmcp = self
                .requirement(dir, &t, "rmcp")
                .and_then(|v| Requirement::parse(&v));
            let rmcp_nullable = rmcp.and_then(Requirement::rmcp_nullable);
            let rmcp_defs = rmcp.and_then(Requirement::rmcp_defs);
            let rmcp_lines = if uses(&t, "rmcp") {
                self.rmcp_lines(dir, rmcp)
            } else {
                Vec::new()
            };
            self.manifests.push(Manifest {
                name: lib.replace('-', "_"),
                deps,
                schemars_0,
                rmcp_nullable,
                rmcp_defs,
                rmcp_lines,
            });
            Some(self.manifests.len() - 1)
        });
        if let Some(i) = index
            && !builds_program
        {
            self.test_only.insert(i);
        }
        if let Some(i) = index {
            self.dirs.insert(dir.to_path_buf(), i);
        }
        self.tried.insert(dir.to_path_buf(), index);
        index
    }

    /// Every dependency table of a manifest, target-specific ones included.
    fn dependencies(&mut self, dir: &Path, t: &Table) -> Vec<(String, Option<PathBuf>)> {
        const KINDS: [&str; 3] = ["dependencies", "dev-dependencies", "build-dependencies"];
        let mut tables: Vec<&Table> = KINDS.iter().filter_map(|k| t.get(*k)?.as_table()).collect();
        if let Some(targets) = t.get("target").and_then(|v| v.as_table()) {
            for spec in targets.values().filter_map(|v| v.as_table()) {
                tables.extend(KINDS.iter().filter_map(|k| spec.get(*k)?.as_table()));
            }
        }
        let mut out = Vec::new();
        for table in tables {
            for (key, spec) in table {
                let path = match spec.get("path").and_then(|p| p.as_str()) {
                    Some(p) => Some(normalize(&dir.join(p))),
                    None if spec.get("workspace").and_then(|w| w.as_bool()) == Some(true) => {
                        self.workspace_path(dir, key)
                    }
                    None => None,
                };
                let name = key.replace('-', "_");
                if !out.iter().any(|(n, _)| *n == name) {
                    out.push((name, path));
                }
            }
        }
        out
    }

    /// The path of a `workspace = true` dependency, from the nearest enclosing workspace.
    fn workspace_path(&mut self, dir: &Path, key: &str) -> Option<PathBuf> {
        let (d, spec) = self.workspace_dependency(dir, key)?;
        let p = spec.get("path")?.as_str()?;
        Some(normalize(&d.join(p)))
    }

    /// A dependency's entry in the nearest enclosing workspace's `[workspace.dependencies]`,
    /// with that workspace's directory.
    fn workspace_dependency(&mut self, dir: &Path, key: &str) -> Option<(PathBuf, toml::Value)> {
        for d in dir.ancestors() {
            let deps = self
                .workspaces
                .entry(d.to_path_buf())
                .or_insert_with(|| {
                    let t = read(&d.join("Cargo.toml"))?;
                    let ws = t.get("workspace")?.as_table()?;
                    Some(ws.get("dependencies")?.as_table()?.clone())
                })
                .as_ref();
            if let Some(deps) = deps {
                return Some((d.to_path_buf(), deps.get(key)?.clone()));
            }
        }
        None
    }

    /// The lines of the rmcp releases the package builds with: those `Cargo.lock` records
    /// (those `required` admits, when a lock holds several), else the release lines
    /// `required` admits; empty when neither says.
    fn rmcp_lines(&mut self, dir: &Path, required: Option<Requirement>) -> Vec<RmcpLine> {
        let locked: Vec<(u64, u64)> = self
            .locked_rmcp(dir)
            .into_iter()
            .flatten()
            .filter(|&v| required.is_none_or(|r| r.admits(v)))
            .collect();
        let mut lines: Vec<RmcpLine> = if locked.is_empty() {
            match required.and_then(Requirement::rmcp_lines) {
                Some(l) => l,
                None => return Vec::new(),
            }
        } else {
            match locked
                .into_iter()
                .map(|(a, b)| RmcpLine::of(a, b))
                .collect()
            {
                Some(l) => l,
                None => return Vec::new(),
            }
        };
        lines.sort();
        lines.dedup();
        lines
    }

    /// The rmcp releases the `Cargo.lock` of `dir` or of the nearest directory above it
    /// records, read once per directory.
    fn locked_rmcp(&mut self, dir: &Path) -> Option<Vec<(u64, u64)>> {
        if let Some(known) = self.locks.get(dir) {
            return known.clone();
        }
        let found = if dir.join("Cargo.lock").is_file() {
            read(&dir.join("Cargo.lock")).and_then(|t| {
                let packages = t.get("package")?.as_array()?;
                let versions: Vec<(u64, u64)> = packages
                    .iter()
                    .filter(|p| p.get("name").and_then(|n| n.as_str()) == Some("rmcp"))
                    .filter_map(|p| {
                        let mut v = p.get("version")?.as_str()?.split('.');
                        Some((v.next()?.parse().ok()?, v.next()?.parse().ok()?))
                    })
                    .collect();
                (!versions.is_empty()).then_some(versions)
            })
        } else {
            dir.parent().and_then(|p| self.locked_rmcp(p))
        };
        self.locks.insert(dir.to_path_buf(), found.clone());
        found
    }

    /// The version requirement of the package's dependency `key` (its own, or the
    /// workspace's it inherits); `None` for a git or path dependency or none at all.
    fn requirement(&mut self, dir: &Path, t: &Table, key: &str) -> Option<String> {
        let spec = t.get("dependencies")?.get(key)?.clone();
        let spec = if spec.get("workspace").and_then(|w| w.as_bool()) == Some(true) {
            self.workspace_dependency(dir, key)?.1
        } else {
            spec
        };
        spec.as_str()
            .or_else(|| spec.get("version").and_then(|v| v.as_str()))
            .map(str::to_string)
    }
}

/// Whether the manifest's linked `[dependencies]` name `key` (in any form: a version, git,
/// path or workspace entry).
fn uses(t: &Table, key: &str) -> bool {
    t.get("dependencies").and_then(|d| d.get(key)).is_some()
}

/// One comparator of a Cargo version requirement (`"0.16"`, `"^1.5"`, `"=0.12.0"`,
/// `"~0.8"`, `">=1"`): the lowest version it admits, and whether it stays within that
/// version's minor line (a caret on `0.x`, a tilde, an exact version).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Requirement {
    major: u64,
    minor: Option<u64>,
    /// Only versions `major.minor.*` satisfy it.
    same_minor: bool,
    /// `>=`: no version above the lowest is refused.
    open: bool,
}

impl Requirement {
    fn parse(text: &str) -> Option<Requirement> {
        let text = text.trim();
        if text.contains(',') {
            return None;
        }
        let (op, rest) = match text.find(|c: char| c.is_ascii_digit()) {
            Some(i) => (text[..i].trim(), &text[i..]),
            None => return None,
        };
        let mut parts = rest.split('.');
        let major = parts.next()?.trim().parse().ok()?;
        let minor = parts.next().and_then(|m| m.trim().parse().ok());
        let same_minor = match op {
            "" | "^" => major == 0 && minor.is_some(),
            "~" | "=" => minor.is_some(),
            ">=" => false,
            _ => return None,
        };
        Some(Requirement {
            major,
            minor,
            same_minor,
            open: op == ">=",
        })
    }

    /// The lowest `major.minor` it admits and the first it refuses (`None`: none).
    fn bounds(self) -> ((u64, u64), Option<(u64, u64)>) {
        let low = (self.major, self.minor.unwrap_or(0));
        let high = if self.same_minor {
            Some((low.0, low.1 + 1))
        } else if self.open {
            None
        } else {
            Some((low.0 + 1, 0))
        };
        (low, high)
    }

    fn admits(self, v: (u64, u64)) -> bool {
        let (low, high) = self.bounds();
        v >= low && high.is_none_or(|h| v < h)
    }

    /// The rmcp release lines it admits; `None` when it admits a
    /// release before 0.2 (not read).
    fn rmcp_lines(self) -> Option<Vec<RmcpLine>> {
        let (low, _) = self.bounds();
        let mut lines = vec![RmcpLine::of(low.0, low.1)?];
        // Where a line starts: the first release of each after 0.2.
        for start in [(1, 5), (1, 8)] {
            if start > low && self.admits(start) {
                lines.extend(RmcpLine::of(start.0, start.1));
            }
        }
        Some(lines)
    }

    /// How the rmcp versions it admits write an `Option` of one JSON type in a derived
    /// schema: 0.2 to 0.16 apply schemars' `AddNullable` (`"type": "string", "nullable":
    /// true`), 0.17 on write a list of types (`["string", "null"]`); a requirement that
    /// admits both, or older versions, is unknown.
    /// Where the rmcp versions it admits put the definitions of a derived schema's named
    /// types: `definitions` up to 0.9.0 (`SchemaSettings::draft07`), `$defs` from 0.9.1
    /// (`draft2020_12`); a requirement that admits both (0.9, or older and newer) is unknown.
    fn rmcp_defs(self) -> Option<&'static str> {
        let (low, high) = self.bounds();
        if low >= (0, 10) {
            Some("$defs")
        } else if low >= (0, 2) && high.is_some_and(|h| h <= (0, 9)) {
            Some("definitions")
        } else {
            None
        }
    }

    fn rmcp_nullable(self) -> Option<bool> {
        let (major, minor) = (self.major, self.minor.unwrap_or(0));
        if major >= 1 || minor >= 17 {
            Some(false)
        } else if self.same_minor && minor >= 2 {
            Some(true)
        } else {
            None
        }
    }
}

/// A manifest of the tree (or above it): a regular file, never through a link, at most the
/// default file size limit, never waited on (a FIFO named `Cargo.toml` hung the run).
fn read(path: &Path) -> Option<Table> {
    let text = crate::source::read::read_text(path, crate::config::DEFAULT_MAX_FILE_SIZE).ok()?;
    text.parse::<Table>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rmcp_requirements_say_where_definitions_go() {
        let defs = |r: &str| Requirement::parse(r).and_then(Requirement::rmcp_defs);
        // draft 07 up to 0.9.0, draft 2020-12 from 0.9.1.
        for r in ["0.2", "^0.8", "=0.5.0", "~0.8.5"] {
            assert_eq!(defs(r), Some("definitions"), "{r}");
        }
        for r in ["0.10", "0.17", "1", "^3.1", ">=0.10"] {
            assert_eq!(defs(r), Some("$defs"), "{r}");
        }
        // 0.9 (0.9.0 or 0.9.1), both sides, older releases: unknown.
        for r in ["0.9", "=0.9.1", ">=0.8", "0", "0.1", "*"] {
            assert_eq!(defs(r), None, "{r}");
        }
    }

    #[test]
    fn rmcp_requirements_say_how_an_option_is_written() {
        let nullable = |r: &str| Requirement::parse(r).and_then(Requirement::rmcp_nullable);
        // 0.2 to 0.16 apply AddNullable; a caret on 0.x stays in its minor line.
        for r in ["0.8.1", "^0.16", "=0.12.0", "~0.6", " 0.2 "] {
            assert_eq!(nullable(r), Some(true), "{r}");
        }
        for r in ["0.17", "1", "1.5.0", "^3.1", ">=0.17", "=2.0.0"] {
            assert_eq!(nullable(r), Some(false), "{r}");
        }
        // Both sides, older releases, or nothing to read: unknown.
        for r in [">=0.8", "0", "0.1", "*", ">=0.8, <0.20", "latest"] {
            assert_eq!(nullable(r), None, "{r}");
        }
    }

    #[test]
    fn rmcp_requirements_say_which_release_lines_they_admit() {
        use RmcpLine::*;
        let lines = |r: &str| Requirement::parse(r).and_then(Requirement::rmcp_lines);
        assert_eq!(lines("0.8"), Some(vec![UpTo1_4]));
        assert_eq!(lines("=1.4.2"), Some(vec![UpTo1_4]));
        assert_eq!(lines("1.6"), Some(vec![From1_5To1_7, From1_8]));
        assert_eq!(lines("~1.6"), Some(vec![From1_5To1_7]));
        assert_eq!(lines("1"), Some(vec![UpTo1_4, From1_5To1_7, From1_8]));
        assert_eq!(lines("3"), Some(vec![From1_8]));
        assert_eq!(lines(">=1.8"), Some(vec![From1_8]));
        assert_eq!(lines("0.1"), None);
        assert_eq!(lines("0"), None);
    }

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn packages_depend_only_on_what_their_manifests_name() {
        let tmp = std::env::temp_dir().join(format!("cl-crates-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        write(
            &tmp,
            "Cargo.toml",
            "[workspace]\nmembers=[\"app\",\"core\",\"cli\"]\n[workspace.dependencies]\ncore-lib = { path = \"core\" }\n",
        );
        write(
            &tmp,
            "app/Cargo.toml",
            "[package]\nname=\"app\"\n[dependencies]\ncore-lib = { workspace = true }\nstore = { path = \"../cli\", package = \"cli\" }\nserde = \"1\"\n",
        );
        write(
            &tmp,
            "core/Cargo.toml",
            "[package]\nname=\"core-lib\"\n[lib]\nname=\"corelib\"\n",
        );
        write(&tmp, "cli/Cargo.toml", "[package]\nname=\"cli\"\n");
        write(&tmp, "lone/Cargo.toml", "[package]\nname=\"lone\"\n");
        let files = [
            "app/src/main.rs",
            "app/src/tools/mod.rs",
            "core/src/lib.rs",
            "core/src/db/save.rs",
            "cli/src/bin/run.rs",
            "lone/src/lib.rs",
        ]
        .map(|f| tmp.join(f));
        let g = graph(
            files
                .iter()
                .enumerate()
                .map(|(i, p)| (FileId(i as u32), p.as_path())),
        );
        let id = |i: u32| FileId(i);
        assert_eq!(g.package_of(id(2)).unwrap().name, "corelib");
        let app = g.package_of(id(0)).unwrap();
        assert_eq!(app.external, ["serde"]);
        assert!(app.deps.iter().any(|(n, _)| n == "store"));
        assert_eq!(g.files[&id(1)].module, ["tools"]);
        assert_eq!(g.files[&id(3)].module, ["db", "save"]);
        assert!(g.files[&id(4)].module.is_empty());
        assert!(
            g.may_call(id(0), id(3)),
            "app depends on core through the workspace"
        );
        assert!(g.may_call(id(1), id(4)), "a renamed path dependency");
        assert!(
            !g.may_call(id(3), id(0)),
            "a dependency does not see its dependents"
        );
        assert!(
            !g.may_call(id(0), id(5)),
            "a sibling crate nobody depends on"
        );
        assert!(
            g.may_call(id(0), FileId(99)),
            "unknown files are not a boundary"
        );
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
