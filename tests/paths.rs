//! The same tree gives the same answer however its path is spelled, wherever the run starts
//! and whatever else is on the command line (issue 22).

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn cl() -> Command {
    Command::cargo_bin("contractlint").unwrap()
}

/// stdout and exit code of `check ARGS --format json` run in `cwd`.
fn check_in(cwd: &Path, args: &[&str]) -> (String, i32) {
    let out = cl()
        .current_dir(cwd)
        .args(["check", "--preview"])
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// A fixture whose page (`web/`) links to its crate (`server/`), copied under a folder that
/// has a `Cargo.toml` of its own: the parent package is not part of the tree asked about.
fn fixture_under_a_package() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let parent = tmp.path().canonicalize().unwrap().join("outer");
    std::fs::create_dir_all(&parent).unwrap();
    std::fs::write(
        parent.join("Cargo.toml"),
        "[package]\nname = \"outer\"\nversion = \"0.1.0\"\n",
    )
    .unwrap();
    copy_dir(Path::new("testdata/webmcp/grocer"), &parent.join("fx"));
    (tmp, parent)
}

#[test]
#[cfg(unix)]
fn four_spellings_and_two_working_directories_give_one_report() {
    let (tmp, parent) = fixture_under_a_package();
    let link = tmp.path().join("link");
    std::os::unix::fs::symlink(&parent, &link).unwrap();
    let abs = parent.join("fx");
    let via_link = link.join("fx");
    let spellings = [
        "fx".to_string(),
        "./fx".to_string(),
        abs.display().to_string(),
        via_link.display().to_string(),
        "fx/web/../".to_string(),
    ];
    let (first, code) = check_in(&parent, &["fx"]);
    assert_eq!(code, 1, "the fixture's R008 is found: {first}");
    assert!(first.contains("\"code\": \"R008\""), "{first}");
    for s in &spellings {
        assert_eq!(check_in(&parent, &[s]), (first.clone(), code), "check {s}");
    }
    // From inside the fixture, the same findings; only the shown paths lose `fx/`.
    let inside = parent.join("fx");
    for s in [".", "./", abs.to_str().unwrap(), via_link.to_str().unwrap()] {
        let (json, c) = check_in(&inside, &[s]);
        assert_eq!(c, code, "check {s} from fx/");
        assert_eq!(json, first.replace("\"fx/", "\""), "check {s} from fx/");
    }
}

#[test]
fn check_testdata_equals_check_dot_slash_testdata() {
    let here = Path::new(".");
    let (plain, c1) = check_in(here, &["testdata"]);
    let (dotted, c2) = check_in(here, &["./testdata"]);
    assert_eq!(c1, c2);
    assert!(
        plain == dotted,
        "`check testdata` and `check ./testdata` differ"
    );
}

#[test]
fn overlapping_paths_are_walked_once() {
    let (_tmp, parent) = fixture_under_a_package();
    let once = check_in(&parent, &["fx"]);
    assert_eq!(check_in(&parent, &["fx", "fx/server", "./fx"]), once);
    assert_eq!(
        check_in(&parent, &["fx/server/src/main.rs", "fx"]).0,
        once.0
    );
}

/// stderr and exit code of `check ARGS` run in `cwd`.
fn notes_in(cwd: &Path, args: &[&str]) -> (String, i32) {
    let out = cl()
        .current_dir(cwd)
        .args(["check", "--preview"])
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn a_baseline_written_in_one_directory_matches_fully_from_another() {
    let (tmp, parent) = fixture_under_a_package();
    let (wrote, _) = notes_in(&parent, &["fx", "--write-baseline", "fx/baseline.json"]);
    let n: usize = wrote
        .split_whitespace()
        .nth(2)
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{wrote}"));
    assert!(n >= 2, "{wrote}");
    let all = format!("contractlint: {n} findings baselined; 0 baseline entries are fixed");
    let top = tmp.path().canonicalize().unwrap();
    for (cwd, path, baseline) in [
        (parent.join("fx"), ".", "baseline.json"),
        (parent.join("fx/server"), "..", "../baseline.json"),
        (top.clone(), "outer/fx", "outer/fx/baseline.json"),
        (top, "outer/fx/../fx", "./outer/fx/baseline.json"),
    ] {
        let (notes, code) = notes_in(&cwd, &[path, "--baseline", baseline]);
        assert!(notes.starts_with(&all), "from {}: {notes}", cwd.display());
        assert_eq!(code, 0, "from {}: {notes}", cwd.display());
    }
}

/// Tools of one name in different packages are different tools: over all the fixtures (43
/// `addCartLine`s with different schemas) only the fixtures that declare one tool twice in
/// one package (two manifests; two pages of one site) get L005.
#[test]
fn conflicting_declarations_are_only_those_of_one_package() {
    let (json, _) = check_in(Path::new("."), &["testdata", "--select", "L005"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let files: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["primary"]["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "testdata/rules/L005-conflicting-declarations/fires/tools/addCartLine.json",
            "testdata/webmcp/two-pages-differ/web/tins.js",
        ]
    );
}

/// An `addCartLine` manifest whose quantity allows up to `max`.
fn cart_tool(max: u32) -> String {
    format!(
        r#"{{"name": "addCartLine", "description": "Adds a line.", "inputSchema": {{"type": "object", "properties": {{"quantity": {{"type": "integer", "description": "How many.", "minimum": 1, "maximum": {max}}}}}, "additionalProperties": false}}}}"#
    )
}

/// The tool count and the diagnostic codes of `check ARGS` run in `cwd`.
fn tools_and_codes(cwd: &Path, args: &[&str]) -> (u64, Vec<String>) {
    let (json, _) = check_in(cwd, args);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let codes: Vec<String> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    (v["summary"]["tools"].as_u64().unwrap(), codes)
}

/// Separate path arguments are separate projects: two folders outside any package, each
/// declaring `addCartLine` with its own schema, are two tools when named apart, and one tool
/// declared twice (L005) when their common folder is checked.
#[test]
fn separate_roots_stay_separate_projects() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (dir, max) in [("a", 5), ("b", 10)] {
        std::fs::create_dir_all(d.join(dir).join("tools")).unwrap();
        std::fs::write(d.join(dir).join("tools/addCartLine.json"), cart_tool(max)).unwrap();
    }
    assert_eq!(tools_and_codes(d, &["a", "b"]), (2, vec![]));
    assert_eq!(tools_and_codes(d, &["."]), (1, vec!["L005".to_string()]));
}

/// A loose folder checked beside a package is not adopted by that package: adoption looks
/// only inside the path a file was found under. Checking their common folder lets the one
/// package there adopt it (the `web/` beside `server/` case).
#[test]
fn a_loose_root_is_not_adopted_by_a_package_given_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::create_dir_all(d.join("loose")).unwrap();
    std::fs::write(d.join("loose/tools.json"), cart_tool(5)).unwrap();
    std::fs::create_dir_all(d.join("shop/tools")).unwrap();
    std::fs::write(d.join("shop/package.json"), r#"{"name": "shop"}"#).unwrap();
    std::fs::write(d.join("shop/tools/addCartLine.json"), cart_tool(10)).unwrap();
    assert_eq!(tools_and_codes(d, &["loose", "shop"]), (2, vec![]));
    assert_eq!(tools_and_codes(d, &["."]), (1, vec!["L005".to_string()]));
}
