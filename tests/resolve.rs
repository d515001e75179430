//! Name resolution across the crates of a workspace: a call reaches only the caller's own
//! package and the packages it depends on, and a tool's input type is the one its crate
//! can name. The collision fixture's admin crate defines `execute`, `save`, a swallowed
//! failure and a `SearchInput` of its own; the server does not depend on it.

use contractlint::config::Config;
use contractlint::contract::{Contract, StepKind};
use contractlint::{Options, check};
use std::path::{Path, PathBuf};

fn contract(dir: &Path, tool: &str) -> Contract {
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config: Config::load(None, dir).unwrap(),
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let found = outcome.project.contracts.iter().find(|c| c.name == tool);
    found
        .unwrap_or_else(|| panic!("tool {tool} not found"))
        .clone()
}

fn writes(c: &Contract) -> Vec<String> {
    let b = &c.rust.as_ref().expect("linked").behaviour;
    b.steps
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Write { what, .. } => Some(what.clone()),
            _ => None,
        })
        .collect()
}

const COLLISION: &str = "testdata/resolve/workspace-collision";

#[test]
fn a_sibling_crate_nobody_depends_on_is_never_entered() {
    let c = contract(Path::new(COLLISION), "search_notes");
    assert_eq!(
        writes(&c),
        Vec::<String>::new(),
        "counter, out-parameter, admin's writes"
    );
    let rust = c.rust.as_ref().unwrap();
    assert!(rust.behaviour.swallows.is_empty());
    let ty = rust.ty.as_ref().expect("input type");
    assert_eq!(
        ty.fields.len(),
        1,
        "the server's own SearchInput, not the admin's"
    );
}

/// The same code with the server depending on the admin crate: its `execute` and `save`
/// are candidates again (their names match), so the boundary, not the code, made the
/// difference above.
#[test]
fn a_dependency_edge_makes_the_same_names_reachable() {
    let tmp = std::env::temp_dir().join(format!("cl-resolve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    copy(Path::new(COLLISION), &tmp);
    let manifest = tmp.join("server/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let text = text.replace(
        "[dependencies]\n",
        "[dependencies]\nnotes-admin = { path = \"../admin\" }\n",
    );
    std::fs::write(&manifest, text).unwrap();
    let c = contract(&tmp, "search_notes");
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        !writes(&c).is_empty(),
        "admin's writes are reachable by name"
    );
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target: PathBuf = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

const TWIN: &str = "testdata/resolve/workspace-collision-twin";

/// Three crates define `execute`, `save` and a `SearchInput`: the search server reaches only
/// its dependency's harmless ones and links its own input type; the ops server, which
/// depends on the admin crate, reaches the admin's writes and links its own `SearchInput`.
#[test]
fn same_names_in_three_crates_resolve_by_dependency() {
    let field_names = |c: &Contract| -> Vec<String> {
        let ty = c
            .rust
            .as_ref()
            .and_then(|r| r.ty.as_ref())
            .expect("input type");
        ty.fields.iter().map(|f| f.rust_name.clone()).collect()
    };
    let search = contract(Path::new(TWIN), "search_notes");
    assert_eq!(writes(&search), Vec::<String>::new());
    assert_eq!(
        field_names(&search),
        ["query"],
        "the server's own SearchInput"
    );
    let count = contract(Path::new(TWIN), "count_matches");
    assert_eq!(writes(&count), ["an SQL DELETE"]);
    assert_eq!(
        field_names(&count),
        ["query"],
        "the ops crate's own SearchInput"
    );
    let export = contract(Path::new(TWIN), "export_matches");
    assert_eq!(writes(&export), ["an SQL INSERT"]);
}
