//! Adopting the linter on a real codebase: configuration, suppressions, baselines and the
//! CI formats, through the command line as users run it.

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;
use std::path::Path;

fn cl() -> Command {
    Command::cargo_bin("contractlint").unwrap()
}

fn json(dir: &Path, extra: &[&str]) -> (Value, i32) {
    let out = cl()
        .args(["check", "--preview", "--format", "json"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    (
        serde_json::from_slice(&out.stdout).expect("stdout is JSON"),
        out.status.code().unwrap(),
    )
}

fn codes(v: &Value) -> Vec<String> {
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{} {}",
                d["code"].as_str().unwrap(),
                d["tool"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

/// A copy of the suppression fixture to edit.
fn suppression_fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/suppression"), dir.path());
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else if e.file_name() != "expected.json" {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} lacks {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn schema_suppression_silences_only_its_object() {
    let dir = suppression_fixture();
    let (v, _) = json(dir.path(), &[]);
    assert!(!codes(&v).contains(&"S003 addCartLine".to_string()));
    // Without the keyword the finding is back: the suppression, not luck, silenced it.
    edit(
        &dir.path().join("tools/addCartLine.json"),
        "\"x-contractlint-allow\": [\"S003\"],",
        "",
    );
    let (v, _) = json(dir.path(), &[]);
    assert!(codes(&v).contains(&"S003 addCartLine".to_string()), "{v:#}");
}

#[test]
fn overrides_turn_a_rule_off_for_some_paths_only() {
    let dir = suppression_fixture();
    let (v, _) = json(dir.path(), &[]);
    assert!(!codes(&v).iter().any(|c| c.starts_with("S003")));
    // The same open object outside legacy/ is reported.
    std::fs::rename(
        dir.path().join("legacy/applyCoupon.json"),
        dir.path().join("tools/applyCoupon.json"),
    )
    .unwrap();
    let (v, _) = json(dir.path(), &[]);
    assert!(codes(&v).contains(&"S003 applyCoupon".to_string()));
}

#[test]
fn include_and_exclude_globs_decide_what_is_read() {
    let dir = suppression_fixture();
    let (v, _) = json(dir.path(), &[]);
    // tools/drafts/ (excluded) and notes/ (not included) hold broken JSON: no E001.
    assert!(!codes(&v).iter().any(|c| c.starts_with("E001")), "{v:#}");
    assert_eq!(v["summary"]["files"], 4);
    edit(
        &dir.path().join("contractlint.toml"),
        "exclude = [\"tools/drafts/**\"]",
        "",
    );
    let (v, _) = json(dir.path(), &[]);
    let e001: Vec<_> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "E001")
        .map(|d| d["primary"]["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(e001.len(), 1);
    assert!(e001[0].ends_with("tools/drafts/wishlist.json"));
}

#[test]
fn unused_suppressions_are_reported_unless_their_rule_did_not_run() {
    let (v, _) = json(Path::new("testdata/suppression"), &[]);
    assert_eq!(
        codes(&v).iter().filter(|c| c.starts_with("U001")).count(),
        4
    );
    // With S008 not selected, its suppressions may be needed in a full run: not reported.
    let (v, _) = json(Path::new("testdata/suppression"), &["--ignore", "S008"]);
    assert_eq!(
        codes(&v).iter().filter(|c| c.starts_with("U001")).count(),
        2
    );
    // U001 obeys the configuration like any rule.
    let (v, _) = json(
        Path::new("testdata/suppression"),
        &["--ignore", "unused-suppression"],
    );
    assert!(codes(&v).is_empty());
}

fn config_error(toml: &str, expected: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("contractlint.toml"), toml).unwrap();
    cl().args(["check", "--preview"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(contains(expected));
}

/// A `[[tool]]` mapping to a schema file that is missing or outside the configuration's
/// directory linked nothing and said nothing; it is a configuration error now.
#[test]
fn a_tool_mapping_to_a_missing_or_outside_schema_is_an_error() {
    config_error(
        "[[tool]]\nname = \"addCartLine\"\nschema = \"schemas/cart-lin.json\"\n",
        "[[tool]] `addCartLine`: schema `schemas/cart-lin.json` does not exist",
    );
    config_error(
        "[[tool]]\nname = \"addCartLine\"\nschema = \"../elsewhere/cart-line.json\"\n",
        "schema `../elsewhere/cart-line.json` is outside the configuration's directory",
    );
    // The near miss: the file is there.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("schemas")).unwrap();
    std::fs::write(
        dir.path().join("schemas/cart-line.json"),
        r#"{"type": "object", "properties": {}, "additionalProperties": false}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[[tool]]\nname = \"addCartLine\"\nschema = \"schemas/cart-line.json\"\n",
    )
    .unwrap();
    let out = cl()
        .args(["check", "--preview"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn unknown_keys_anywhere_are_errors_with_their_location() {
    config_error("exclude = []\nbogus = 1\n", "contractlint.toml:2:1");
    config_error(
        "[[overrides]]\nfiles = [\"a/**\"]\nrule = { S003 = \"off\" }\n",
        "contractlint.toml:3:1",
    );
    config_error(
        "[[tool]]\nname = \"a\"\nschemma = \"a.json\"\n",
        "contractlint.toml:3:1",
    );
    config_error(
        "[rules]\nS003 = \"off\"\nS0O3 = \"off\"\n",
        "contractlint.toml:3:1: unknown rule `S0O3`",
    );
    config_error(
        "[[overrides]]\nfiles = [\"legacy/**\"]\nrules = { S003 = \"off\", nope = \"warning\" }\n",
        "contractlint.toml:3:25: unknown rule `nope`",
    );
    config_error(
        "[[overrides]]\nfiles = [\"legacy/[\"]\n",
        "bad glob `legacy/[`",
    );
    config_error(
        "[effects]\nwrite-methods = [\"enqueue\"]\nwrite-method = [\"x\"]\n",
        "contractlint.toml:3:1",
    );
}

#[test]
fn baseline_reports_only_new_findings_and_survives_line_shifts() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/schema-rules/fires"), dir.path());
    let base = dir.path().join("baseline.json");
    cl().args(["check", "--preview"])
        .arg(dir.path())
        .arg("--write-baseline")
        .arg(&base)
        .assert()
        .code(0)
        .stderr(contains("wrote"));
    let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&base).unwrap()).unwrap();
    let n = recorded["entries"].as_array().unwrap().len();
    assert!(n > 5);

    // Shift every line down: nothing is new.
    let table = dir.path().join("tools/bookTable.json");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, format!("\n\n\n{text}")).unwrap();
    let out = cl()
        .args(["check", "--preview", "--format", "json", "--baseline"])
        .arg(&base)
        .arg(dir.path())
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["diagnostics"].as_array().unwrap().len(), 0, "{v:#}");
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{n} findings baselined; 0 baseline entries are fixed"
        )),
        "{stderr}"
    );

    // Rename a property that has a finding: the old entry is fixed, the finding is new.
    edit(&table, "\"partySize\": {", "\"guests\": {");
    let out = cl()
        .args(["check", "--preview", "--format", "json", "--baseline"])
        .arg(&base)
        .arg(dir.path())
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let new: Vec<_> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect();
    // The empty range on the renamed property is new, and so is the dangling `required`
    // entry the rename caused; the entries about `partySize` are fixed, the rest still match.
    assert!(
        new.iter()
            .any(|m| m.starts_with("`guests` of `bookTable` admits no integer values")),
        "{new:?}"
    );
    assert!(
        new.iter()
            .any(|m| m.contains("requires `partySize`, but no such property")),
        "{new:?}"
    );
    assert!(
        new.iter()
            .all(|m| m.contains("guests") || m.contains("partySize")),
        "{new:?}"
    );
    assert_eq!(out.status.code(), Some(1));
    let fixed = recorded["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["property"] == "partySize")
        .count();
    assert!(fixed >= 1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{} baselined; {} fixed",
            contractlint::report::plural(n - fixed, "finding"),
            match fixed {
                1 => "1 baseline entry is".to_string(),
                n => format!("{n} baseline entries are"),
            }
        )),
        "{stderr}"
    );
}

#[test]
fn malformed_baseline_is_exit_two_with_location() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("baseline.json");
    std::fs::write(
        &base,
        "{\"version\": 1, \"entries\": [ {\"fingerprint\": 3} ]}",
    )
    .unwrap();
    cl().args(["check", "--preview", "testdata/cart/correct", "--baseline"])
        .arg(&base)
        .assert()
        .code(2)
        .stderr(contains("baseline.json:1:"))
        .stderr(contains("malformed baseline"));
    std::fs::write(&base, "{\"version\": 7, \"entries\": []}").unwrap();
    cl().args(["check", "--preview", "testdata/cart/correct", "--baseline"])
        .arg(&base)
        .assert()
        .code(2)
        .stderr(contains("version 7"));
    cl().args([
        "check",
        "--preview",
        "testdata/cart/correct",
        "--baseline",
        "no/such/file.json",
    ])
    .assert()
    .code(2);
}

#[test]
fn github_format_annotates_with_escaped_properties_and_a_summary() {
    let out = cl()
        .args([
            "check",
            "--preview",
            "testdata/schema-rules/fires",
            "--format",
            "github",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with(
        "::error file=testdata/schema-rules/fires/tools/bookTable.json,line=7,col=102,endLine=7,endColumn=103,title=S006 empty-range::"
    )));
    // Multi-line messages (related locations, help) stay on one command line.
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("::"))
            .all(|l| l.contains("%0Ahelp: "))
    );
    // A `:` inside a property value would end it: related locations live in the message.
    // More than 10 errors: more than GitHub shows for one step, and the summary says so.
    let last = lines.last().unwrap();
    let errors: usize = last
        .split(" errors")
        .next()
        .and_then(|s| s.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no error count in {last}"));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("::error ")).count(),
        errors
    );
    assert!(errors > 10, "{last}");
    assert!(last.contains("GitHub shows only the first 10 annotations"));
    let out = cl()
        .args([
            "check",
            "--preview",
            "testdata/cart/correct",
            "--format",
            "github",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "contractlint: 0 problems (0 errors, 0 warnings, 0 infos) in 3 files, 1 tool.\n"
    );
}

#[test]
fn sarif_format_is_one_run_with_results() {
    let out = cl()
        .args([
            "check",
            "--preview",
            "testdata/schema-rules/fires",
            "--format",
            "sarif",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["version"], "2.1.0");
    assert_eq!(v["runs"].as_array().unwrap().len(), 1);
    assert!(!v["runs"][0]["results"].as_array().unwrap().is_empty());
}

/// The scripts of `action.yml`'s `run:` blocks, by indentation (no YAML dependency needed).
fn run_blocks(yaml: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for line in yaml.lines() {
        let indent = line.len() - line.trim_start().len();
        if let Some((min, text)) = &mut current {
            if line.trim().is_empty() || indent > *min {
                text.push_str(line);
                text.push('\n');
                continue;
            }
            blocks.push(std::mem::take(text));
            current = None;
        }
        let t = line.trim_start().trim_start_matches("- ");
        if let Some(rest) = t.strip_prefix("run:") {
            current = Some((indent, format!("{rest}\n")));
        }
    }
    if let Some((_, text)) = current {
        blocks.push(text);
    }
    blocks
}

#[test]
fn action_passes_inputs_to_scripts_only_through_env() {
    let yaml = std::fs::read_to_string("action.yml").unwrap();
    let blocks = run_blocks(&yaml);
    assert!(blocks.len() >= 4, "{blocks:#?}");
    for b in &blocks {
        assert!(!b.contains("${{"), "expression inside run:\n{b}");
    }
    assert!(
        blocks
            .iter()
            .any(|b| b.contains("cargo install --locked --path \"$GITHUB_ACTION_PATH\""))
    );
    for key in [
        "paths:",
        "format:",
        "fail-on:",
        "config:",
        "sarif-file:",
        "errors:",
        "warnings:",
        "infos:",
    ] {
        assert!(
            yaml.contains(&format!("\n  {key}")),
            "action.yml lacks {key}"
        );
    }
    for input in ["paths", "format", "fail-on", "config", "sarif-file"] {
        assert!(
            yaml.contains(&format!("${{{{ inputs.{input} }}}}")),
            "input {input} unused"
        );
    }
    assert!(yaml.contains("uses: actions/cache@"));
}

#[test]
fn pre_commit_hooks_lint_the_whole_repository_on_every_input_kind() {
    let yaml = std::fs::read_to_string(".pre-commit-hooks.yaml").unwrap();
    let files = "  files: (\\.(rs|json|jsonc|js|mjs|cjs|jsx|ts|mts|cts|tsx|html)|(^|/)contractlint\\.toml)$";
    for (id, language) in [("contractlint", "python"), ("contractlint-rust", "rust")] {
        let hook: Vec<&str> = yaml
            .split("\n- id: ")
            .find(|h| h.starts_with(&format!("{id}\n")))
            .unwrap_or_else(|| panic!("no hook `{id}`"))
            .lines()
            .collect();
        for line in [
            "  entry: contractlint check",
            &format!("  language: {language}"),
            "  pass_filenames: false",
            "  require_serial: true",
            files,
        ] {
            assert!(hook.contains(&line), "hook `{id}` is missing `{line}`");
        }
    }
}

#[test]
fn rust_comment_suppresses_a_finding_located_in_rust_code() {
    // E001 on a Latin-1 Rust file is located at the first invalid byte: a real finding with
    // a primary span inside a .rs file, whatever Rust rules exist.
    let dir = tempfile::tempdir().unwrap();
    let write = |body: &[u8]| std::fs::write(dir.path().join("vendored.rs"), body).unwrap();
    let e001 = || {
        let (v, _) = json(dir.path(), &[]);
        codes(&v).iter().filter(|c| c.starts_with("E001")).count()
    };
    let item = b"pub const GREETING: &str = \"Gr\xfc\xdfe\";\n";
    write(&[b"// a vendored file\n".as_slice(), item].concat());
    assert_eq!(e001(), 1);
    // On the line above the item.
    write(
        &[
            b"// contractlint: allow(E001) vendored, Latin-1 encoded\n".as_slice(),
            item,
        ]
        .concat(),
    );
    assert_eq!(e001(), 0);
    // Above a multi-line item: the whole item is covered.
    write(
        b"// contractlint: allow(unreadable-file) vendored\n#[allow(dead_code)]\nconst GREETINGS: [&str; 2] = [\n    \"hello\",\n    \"Gr\xfc\xdfe\",\n];\n",
    );
    assert_eq!(e001(), 0);
    // Two lines above, with code in between: not covered, and reported as unused.
    write(
        &[
            b"// contractlint: allow(E001)\nconst A: u8 = 1;\n".as_slice(),
            item,
        ]
        .concat(),
    );
    let (v, _) = json(dir.path(), &[]);
    assert_eq!(codes(&v), ["U001 -", "E001 -"].map(String::from).to_vec());
}

#[test]
fn an_override_can_turn_on_a_rule_that_is_off_globally() {
    let dir = suppression_fixture();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "include = [\"tools/**\", \"legacy/**\"]\nexclude = [\"tools/drafts/**\"]\n\n[rules]\nS003 = \"off\"\n\n[[overrides]]\nfiles = [\"legacy/**\"]\nrules = { open-input-object = \"error\" }\n",
    )
    .unwrap();
    let (v, code) = json(dir.path(), &[]);
    let s003: Vec<_> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "S003")
        .collect();
    assert_eq!(s003.len(), 1, "{v:#}");
    assert_eq!(s003[0]["tool"], "applyCoupon");
    assert_eq!(s003[0]["severity"], "error");
    assert_eq!(code, 1);
}

/// A `[[tool]]` without a schema must name a declared tool or Rust the tree has; one that
/// matches nothing (a typo) made the run look clean. A configuration error at its line; the
/// near miss, a mapping to a Rust input with no published schema, is L002 in
/// testdata/link/l002-no-schema.
#[test]
fn a_tool_mapping_that_matches_nothing_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tools")).unwrap();
    std::fs::write(
        dir.path().join("tools/bookTable.json"),
        r#"{"name": "bookTable", "description": "Book a table.", "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "# the booking server\n[[tool]]\nname = \"reserveRoom\"\ninput = \"ReserveRoom\"\n",
    )
    .unwrap();
    cl().args(["check", "--preview"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(contains(
            "contractlint.toml:3: [[tool]] `reserveRoom` matches nothing",
        ));
    // The entry naming the declared tool is fine.
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[[tool]]\nname = \"bookTable\"\n",
    )
    .unwrap();
    cl().args(["check", "--preview"])
        .arg(dir.path())
        .assert()
        .code(0);
}
