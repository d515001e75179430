//! Nothing is skipped without a word: hidden folders are read, ignore files count only
//! inside the repository that holds the tree, and what they skip is counted in the summary
//! (`-v` lists it); an oversized or undecodable contract is a finding, any other such file a
//! counted skip: never silence.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

/// A tool whose input object is open: S003 fires on it, so a linted file shows.
const OPEN_TOOL: &str = r#"{"name": "bookTable", "description": "Book a table for a party at a time.", "inputSchema": {"type": "object", "properties": {"seats": {"type": "integer", "minimum": 1, "description": "How many seats."}}}}"#;

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// The JSON report, stderr of `check DIR --format json -v`, with `home` as the user's home.
fn check(dir: &Path, home: &Path) -> (Value, String) {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["check", "--preview", "--format", "json", "-v"])
        .arg(dir)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .output()
        .unwrap();
    (
        serde_json::from_slice(&out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn files_with(v: &Value, code: &str) -> Vec<String> {
    let mut files: Vec<String> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == code)
        .map(|d| d["primary"]["file"].as_str().unwrap().to_string())
        .collect();
    files.sort();
    files
}

#[test]
fn hidden_folders_are_linted_and_version_control_folders_are_not() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, ".well-known/mcp/tools.json", OPEN_TOOL);
    write(d, ".mcp/tools.json", OPEN_TOOL);
    write(d, ".hg/store/tools.json", OPEN_TOOL);
    write(d, ".git/info/tools.json", OPEN_TOOL);
    let (v, _) = check(d, d);
    let files = files_with(&v, "S003");
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files[0].ends_with(".mcp/tools.json"), "{files:?}");
    assert!(
        files[1].ends_with(".well-known/mcp/tools.json"),
        "{files:?}"
    );
    assert!(v["summary"].get("skipped").is_none(), "{v:#}");
}

#[test]
fn what_a_repository_ignores_is_counted_and_listed() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::create_dir_all(d.join(".git")).unwrap();
    write(d, ".gitignore", "legacy/\n*.bak.json\n");
    write(d, "tools/bookTable.json", OPEN_TOOL);
    write(d, "tools/bookTable.bak.json", OPEN_TOOL);
    write(d, "legacy/a.json", OPEN_TOOL);
    write(d, "legacy/b.json", OPEN_TOOL);
    let (v, stderr) = check(d, d);
    assert_eq!(files_with(&v, "S003").len(), 1, "{v:#}");
    // The ignored folder counts once (it is not read), and the ignored file.
    assert_eq!(v["summary"]["skipped"]["ignored"], 2, "{v:#}");
    assert!(stderr.contains("skipped by ignore rules: "), "{stderr}");
    assert!(stderr.contains("tools/bookTable.bak.json"), "{stderr}");
    assert!(stderr.contains("legacy"), "{stderr}");
    let human = Command::cargo_bin("contractlint")
        .unwrap()
        .args(["check", "--preview"])
        .arg(d)
        .env("HOME", d)
        .output()
        .unwrap();
    let text = String::from_utf8(human.stdout).unwrap();
    assert!(
        text.contains("in 1 file, 2 skipped by ignore rules (-v lists them), 1 tool."),
        "{text}"
    );
}

#[test]
fn ignore_files_outside_the_repository_and_global_excludes_change_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // A parent folder's `.gitignore` (and ripgrep's `.ignore`), above a tree that is in no
    // repository.
    write(d, ".gitignore", "*.json\n");
    write(d, ".ignore", "*.json\n");
    write(d, "loose/tools/bookTable.json", OPEN_TOOL);
    // ... and above a repository's root.
    std::fs::create_dir_all(d.join("repo/.git")).unwrap();
    write(d, "repo/tools/bookTable.json", OPEN_TOOL);
    // The user's global excludes (git's default location).
    write(d, "home/.config/git/ignore", "*.json\n");
    let home = d.join("home");
    for tree in ["loose", "repo"] {
        let (v, _) = check(&d.join(tree), &home);
        assert_eq!(files_with(&v, "S003").len(), 1, "{tree}: {v:#}");
        assert!(v["summary"].get("skipped").is_none(), "{tree}: {v:#}");
    }
}

#[test]
fn a_nested_repository_has_its_own_rules_and_none_of_the_enclosing_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // The outer repository ignores every `*.json` and, by its exclude file, `*.tools.json`.
    std::fs::create_dir_all(d.join(".git/info")).unwrap();
    write(d, ".gitignore", "*.json\n");
    write(d, ".git/info/exclude", "*.tools.json\n");
    write(d, "outer.json", OPEN_TOOL);
    // A vendored checkout (its own `.git` directory) and a submodule (a `.git` file naming
    // its git directory): their tools are linted, but for what their own rules ignore.
    std::fs::create_dir_all(d.join("vendor/shop/.git/info")).unwrap();
    write(d, "vendor/shop/tools/bookTable.json", OPEN_TOOL);
    write(d, "vendor/shop/a.tools.json", OPEN_TOOL);
    write(d, "vendor/shop/.gitignore", "old/\n");
    write(d, "vendor/shop/old/bookTable.json", OPEN_TOOL);
    write(d, "vendor/shop/.git/info/exclude", "draft.json\n");
    write(d, "vendor/shop/draft.json", OPEN_TOOL);
    std::fs::create_dir_all(d.join(".git/modules/sub/info")).unwrap();
    write(d, ".git/modules/sub/info/exclude", "skip.json\n");
    // As git writes it: the link back that lets the run follow `gitdir:` out of `sub`.
    write(
        d,
        ".git/modules/sub/config",
        "[core]\n\tworktree = ../../../sub\n",
    );
    write(d, "sub/.git", "gitdir: ../.git/modules/sub\n");
    write(d, "sub/keep.json", OPEN_TOOL);
    write(d, "sub/skip.json", OPEN_TOOL);
    let (v, stderr) = check(d, d);
    let files: Vec<String> = files_with(&v, "S003")
        .iter()
        .map(|f| Path::new(f).strip_prefix(d).unwrap().display().to_string())
        .collect();
    assert_eq!(
        files,
        [
            "sub/keep.json",
            "vendor/shop/a.tools.json",
            "vendor/shop/tools/bookTable.json"
        ],
        "{v:#}"
    );
    // The outer file, the nested repository's `old/`, its excluded draft and the
    // submodule's excluded file.
    assert_eq!(v["summary"]["skipped"]["ignored"], 4, "{v:#}\n{stderr}");
}

#[test]
fn oversized_files_are_findings_not_silence() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "contractlint.toml", "max-file-size = 100\n");
    write(d, "tools/bookTable.json", OPEN_TOOL);
    let (v, _) = check(d, d);
    let e001 = files_with(&v, "E001");
    assert_eq!(e001.len(), 1, "{v:#}");
    assert!(v["summary"].get("skipped").is_none(), "{v:#}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_file_name_that_is_not_utf8_is_linted() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("tools");
    std::fs::create_dir_all(&d).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"book\xffTable.json");
    std::fs::write(d.join(name), OPEN_TOOL).unwrap();
    let (v, _) = check(tmp.path(), tmp.path());
    assert_eq!(files_with(&v, "S003").len(), 1, "{v:#}");
}

#[test]
fn oversized_files_that_are_no_contract_are_skipped_and_listed() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "contractlint.toml", "max-file-size = 100\n");
    let rows = vec![r#"{"seat": "F12", "price": 42.5}"#; 20].join(",");
    write(d, "data/orders.json", &format!("{{\"orders\": [{rows}]}}"));
    write(d, "tools/bookTable.json", OPEN_TOOL);
    let (v, stderr) = check(d, d);
    // The tool file is over the limit too: what could be read of it shows it is a contract.
    let e001 = files_with(&v, "E001");
    assert_eq!(e001.len(), 1, "{v:#}");
    assert!(e001[0].ends_with("tools/bookTable.json"), "{e001:?}");
    assert_eq!(v["summary"]["skipped"]["unreadable"], 1, "{v:#}");
    assert!(
        stderr.contains("skipped, no contract:") && stderr.contains("orders.json"),
        "{stderr}"
    );
}

/// `check . --format json > out.json` inside the tree: the shell creates `out.json` empty
/// before the run, and the next run finds the first one's report there. Neither is linted,
/// so two runs in a row give the same bytes and exit code; the same for `-o`.
#[test]
#[cfg(unix)]
fn the_report_being_written_is_never_linted() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "tools/bookTable.json", OPEN_TOOL);
    let run = |args: &[&str], stdout: Option<&Path>| {
        let bin = assert_cmd::cargo::cargo_bin("contractlint");
        let mut cmd = std::process::Command::new(bin);
        cmd.args(["check", "--preview", ".", "--format", "json"])
            .args(args);
        cmd.current_dir(d).env("HOME", d);
        if let Some(p) = stdout {
            cmd.stdout(std::fs::File::create(p).unwrap());
        }
        let code = cmd.status().unwrap().code();
        let written = stdout.map_or_else(|| d.join("o.json"), Path::to_path_buf);
        (code, std::fs::read_to_string(written).unwrap())
    };
    let out = d.join("out.json");
    let first = run(&[], Some(&out));
    assert_eq!(first.0, Some(0), "{}", first.1);
    let v: Value = serde_json::from_str(&first.1).unwrap();
    assert_eq!(v["summary"]["files"], 1, "{v:#}");
    assert!(v["summary"].get("skipped").is_none(), "{v:#}");
    assert_eq!(run(&[], Some(&out)), first);
    std::fs::remove_file(&out).unwrap();
    let first = run(&["-o", "o.json"], None);
    assert_eq!(first.0, Some(0), "{}", first.1);
    assert_eq!(run(&["-o", "o.json"], None), first);
}

/// Text that is not UTF-8: in a tool's manifest it is E001 at the first bad byte; in a data
/// file that is no contract it is skipped, counted and listed with its reason.
#[test]
fn undecodable_files_are_findings_in_contracts_and_counted_skips_elsewhere() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // Every character here is below U+0100: one Latin-1 byte each, 0xE9 for é.
    let bytes = |text: &str| -> Vec<u8> { text.chars().map(|c| c as u8).collect() };
    let tool = OPEN_TOOL.replace("Book a table", "Book a café table");
    std::fs::create_dir_all(d.join("tools")).unwrap();
    std::fs::create_dir_all(d.join("data")).unwrap();
    std::fs::write(d.join("tools/bookTable.json"), bytes(&tool)).unwrap();
    std::fs::write(
        d.join("data/menu.json"),
        bytes(r#"{"dishes": ["crème brûlée"]}"#),
    )
    .unwrap();
    let (v, stderr) = check(d, d);
    assert_eq!(files_with(&v, "E001").len(), 1, "{v:#}");
    assert!(files_with(&v, "E001")[0].ends_with("tools/bookTable.json"));
    assert_eq!(v["summary"]["skipped"]["unreadable"], 1, "{v:#}");
    assert!(
        stderr.contains("skipped, no contract:")
            && stderr.contains("menu.json")
            && stderr.contains("not valid UTF-8"),
        "{stderr}"
    );
}
