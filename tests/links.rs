//! Links the tree plants to lead the run out of it (issue 41): a directory link between
//! the working directory and a report or baseline, a `Cargo.toml` that is a link to a file
//! elsewhere, and a `.git` file (or `commondir`) naming a directory elsewhere. None of them
//! makes the run write or read outside the tree.
#![cfg(unix)]

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

const TOOL: &str = r#"{"name":"addLine","description":"Adds a line.","inputSchema":{"type":"object","properties":{"q":{"type":"integer","description":"How many."}},"additionalProperties":false}}"#;

fn run(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn reports_and_baselines_are_never_written_through_a_linked_directory() {
    let tree = tempfile::tempdir().unwrap();
    fs::write(tree.path().join("tools.json"), TOOL).unwrap();
    let outside = tempfile::tempdir().unwrap();
    fs::create_dir(tree.path().join("a")).unwrap();
    symlink(outside.path(), tree.path().join("reports")).unwrap();
    symlink(outside.path(), tree.path().join("a/b")).unwrap();
    for target in [
        "reports/out.json",
        "a/b/out.json",
        "./a/../reports/out.json",
    ] {
        for flag in ["-o", "--write-baseline"] {
            let out = run(
                tree.path(),
                &["check", ".", "--format", "json", flag, target],
            );
            assert_eq!(out.status.code(), Some(2), "{flag} {target}: {out:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("is a symbolic link"), "{err}");
            assert_eq!(
                fs::read_dir(outside.path()).unwrap().count(),
                0,
                "{flag} {target}"
            );
        }
    }
    // A real directory is written to as before.
    fs::create_dir(tree.path().join("out")).unwrap();
    let out = run(
        tree.path(),
        &["check", ".", "-o", "out/r.json", "--format", "json"],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(tree.path().join("out/r.json").is_file());
}

#[test]
fn a_cargo_toml_linked_out_of_the_tree_is_e001_not_read() {
    let outside = tempfile::tempdir().unwrap();
    fs::write(
        outside.path().join("Cargo.toml"),
        "[package]\nname = \"outside-secret-name\"\nversion = \"0.1.0\"\n\n[dependencies]\nrmcp = \"1\"\n",
    )
    .unwrap();
    let tree = tempfile::tempdir().unwrap();
    fs::create_dir(tree.path().join("src")).unwrap();
    fs::write(tree.path().join("src/lib.rs"), "pub fn f() {}\n").unwrap();
    symlink(
        outside.path().join("Cargo.toml"),
        tree.path().join("Cargo.toml"),
    )
    .unwrap();
    let out = run(
        tree.path(),
        &["check", ".", "--preview", "--format", "json"],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("outside-secret-name"), "{text}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let e001 = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "E001");
    let e001 = e001.unwrap_or_else(|| panic!("no E001: {v}"));
    assert_eq!(e001["primary"]["file"], "Cargo.toml");
    assert!(
        e001["message"].as_str().unwrap().contains("symbolic link"),
        "{e001}"
    );
}

/// A git dir outside the tree holding a `HEAD` the report would print.
fn outside_git_dir(rev: &str) -> tempfile::TempDir {
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("HEAD"), format!("{rev}\n")).unwrap();
    fs::create_dir_all(outside.path().join("info")).unwrap();
    fs::write(outside.path().join("info/exclude"), "*.json\n").unwrap();
    outside
}

fn report(tree: &Path) -> Value {
    let out = run(tree, &["report", "--preview", ".", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_git_file_or_commondir_naming_a_directory_outside_the_tree_is_not_read() {
    let rev = "0123456789abcdef0123456789abcdef01234567";
    // `.git` a file whose `gitdir:` leaves the tree, the directory not naming it back.
    let outside = outside_git_dir(rev);
    let tree = tempfile::tempdir().unwrap();
    fs::write(tree.path().join("tools.json"), TOOL).unwrap();
    let gitdir = format!("gitdir: {}\n", outside.path().display());
    fs::write(tree.path().join(".git"), &gitdir).unwrap();
    let v = report(tree.path());
    assert!(v["environment"]["git"].is_null(), "{}", v["environment"]);
    assert_eq!(
        v["summary"]["tools"], 1,
        "the outside info/exclude is not applied: {v}"
    );
    // A git dir inside the tree whose `commondir` leaves it.
    let tree = tempfile::tempdir().unwrap();
    fs::write(tree.path().join("tools.json"), TOOL).unwrap();
    fs::create_dir_all(tree.path().join("gd")).unwrap();
    fs::write(tree.path().join("gd/HEAD"), "ref: refs/heads/main\n").unwrap();
    fs::write(
        tree.path().join("gd/commondir"),
        outside.path().display().to_string(),
    )
    .unwrap();
    fs::create_dir_all(outside.path().join("refs/heads")).unwrap();
    fs::write(outside.path().join("refs/heads/main"), format!("{rev}\n")).unwrap();
    fs::write(tree.path().join(".git"), "gitdir: gd\n").unwrap();
    let v = report(tree.path());
    assert!(v["environment"]["git"].is_null(), "{}", v["environment"]);
    assert_eq!(v["summary"]["tools"], 1, "{v}");
    // A linked worktree: its git dir names its `.git` file back, so it is read.
    let tree = tempfile::tempdir().unwrap();
    fs::write(tree.path().join("tools.json"), TOOL).unwrap();
    let worktree_git = outside_git_dir(rev);
    fs::remove_file(worktree_git.path().join("info/exclude")).unwrap();
    fs::write(
        worktree_git.path().join("gitdir"),
        format!("{}\n", tree.path().join(".git").display()),
    )
    .unwrap();
    let gitdir = format!("gitdir: {}\n", worktree_git.path().display());
    fs::write(tree.path().join(".git"), &gitdir).unwrap();
    let v = report(tree.path());
    assert_eq!(
        v["environment"]["git"]["revision"], rev,
        "{}",
        v["environment"]
    );
}
