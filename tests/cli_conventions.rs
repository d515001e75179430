//! The flags users of Ruff, Clippy and Spectral reach for: concise output, statistics, quiet,
//! exit-zero, colour conventions, rule prefixes, did-you-mean, settings, completions, stdin.
//! `CONTRACTLINT_BLESS=1 cargo test --test cli_conventions` rewrites the concise golden.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeMap;

fn cl() -> Command {
    Command::cargo_bin("contractlint").unwrap()
}

/// Run with colour-related variables cleared, so the caller's environment cannot decide.
fn plain() -> Command {
    let mut c = cl();
    for v in [
        "NO_COLOR",
        "FORCE_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "TERM",
    ] {
        c.env_remove(v);
    }
    c
}

fn stdout(c: &mut Command) -> (String, i32) {
    let out = c.output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let (text, _) = stdout(cl().args(args).args(["--format", "json"]));
    serde_json::from_str(&text).expect("JSON report")
}

fn codes(v: &Value) -> Vec<String> {
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

const BOOK: &str = "testdata/schema-rules/fires/tools/bookTable.json";

#[test]
fn concise_is_golden_and_says_what_the_json_report_says() {
    let (text, code) =
        stdout(plain().args(["check", "--preview", "testdata", "--format", "concise"]));
    assert_eq!(code, 1);
    let golden = std::path::Path::new("tests/golden/concise/testdata.txt");
    if std::env::var_os("CONTRACTLINT_BLESS").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(golden, &text).unwrap();
    }
    assert_eq!(text, std::fs::read_to_string(golden).unwrap());
    // Line for line the JSON report's findings, in its order, then the summary.
    let v = json(&["check", "--preview", "testdata"]);
    let expected: Vec<String> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let p = &d["primary"];
            format!(
                "{}:{}:{}: {} [{}] {}",
                p["file"].as_str().unwrap(),
                p["line"],
                p["column"],
                d["code"].as_str().unwrap(),
                d["rule"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..lines.len() - 1], expected[..]);
    assert!(lines.last().unwrap().starts_with("Found "));
}

#[test]
fn statistics_count_each_rule_most_first() {
    let v = json(&["check", "--preview", "testdata"]);
    let mut want: BTreeMap<String, usize> = BTreeMap::new();
    for c in codes(&v) {
        *want.entry(c).or_default() += 1;
    }
    let (text, code) = stdout(cl().args(["check", "--preview", "testdata", "--statistics"]));
    assert_eq!(code, 1);
    let mut lines: Vec<&str> = text.lines().collect();
    let summary = format!("Found {} problems", codes(&v).len());
    assert!(lines.pop().unwrap().starts_with(&summary));
    // Findings a rule could not prove come after the reported ones, under their own header,
    // and add up to the JSON report's `summary.withheld`.
    let split = lines
        .iter()
        .position(|l| l.starts_with("withheld, not proved"));
    let withheld = split.map_or(Vec::new(), |i| lines.split_off(i)[1..].to_vec());
    let parse = |lines: &[&str]| -> Vec<(usize, String)> {
        lines
            .iter()
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(f.len(), 3, "{l}");
                (f[0].parse().unwrap(), f[1].to_string())
            })
            .collect()
    };
    let rows = parse(&lines);
    assert!(rows.windows(2).all(|w| w[0].0 >= w[1].0), "{text}");
    let got: BTreeMap<String, usize> = rows.into_iter().map(|(n, c)| (c, n)).collect();
    assert_eq!(got, want);
    let held: usize = parse(&withheld).iter().map(|r| r.0).sum();
    assert!(
        held > 0,
        "testdata has findings withheld as unproved: {text}"
    );
    assert_eq!(Some(held as u64), v["summary"]["withheld"].as_u64());
    let (j, _) = stdout(cl().args([
        "check",
        "--preview",
        "testdata",
        "--statistics",
        "--format",
        "json",
    ]));
    let j: Value = serde_json::from_str(&j).unwrap();
    let total: u64 = j
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total as usize, want.values().sum::<usize>());
    cl().args([
        "check",
        "--preview",
        "testdata",
        "--statistics",
        "--format",
        "sarif",
    ])
    .assert()
    .code(2);
}

#[test]
fn quiet_leaves_out_the_summary_and_the_notes() {
    for format in ["human", "concise"] {
        let (loud, _) = stdout(plain().args(["check", "--preview", BOOK, "--format", format]));
        let (quiet, code) =
            stdout(plain().args(["check", "--preview", BOOK, "--format", format, "-q"]));
        assert_eq!(code, 1);
        assert!(loud.contains("Found 6 problems"), "{loud}");
        assert!(
            !quiet.contains("Found") && quiet.contains("S004"),
            "{quiet}"
        );
        assert_eq!(
            loud,
            quiet + "Found 6 problems (4 errors, 1 warning, 1 info) in 1 file, 1 tool.\n"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let baseline = dir.path().join("b.json");
    let out = cl()
        .args(["check", "--preview", BOOK, "--quiet", "--write-baseline"])
        .arg(&baseline)
        .output()
        .unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cl()
        .args(["check", "--preview", BOOK, "--write-baseline"])
        .arg(&baseline)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrote 6 findings"));
}

#[test]
fn exit_zero_and_fail_on_never_pass_findings_but_not_errors() {
    cl().args(["check", "--preview", BOOK]).assert().code(1);
    cl().args(["check", "--preview", BOOK, "--exit-zero"])
        .assert()
        .code(0);
    cl().args(["check", "--preview", BOOK, "--fail-on", "never"])
        .assert()
        .code(0);
    cl().args(["check", "--preview", "no/such/path", "--exit-zero"])
        .assert()
        .code(2);
}

fn has_ansi(c: &mut Command) -> bool {
    stdout(c).0.contains('\x1b')
}

#[test]
fn colour_follows_the_flag_and_the_environment() {
    let run = |extra: &[&str], env: &[(&str, &str)]| {
        let mut c = plain();
        c.args(["check", "--preview", BOOK]).args(extra);
        for (k, v) in env {
            c.env(k, v);
        }
        has_ansi(&mut c)
    };
    // A pipe: no colour unless asked.
    assert!(!run(&[], &[]));
    assert!(run(&["--color", "always"], &[]));
    assert!(run(&["--color", "always", "--format", "concise"], &[]));
    assert!(!run(&["--color", "never"], &[("FORCE_COLOR", "1")]));
    assert!(run(&[], &[("FORCE_COLOR", "1")]));
    assert!(!run(&[], &[("FORCE_COLOR", "0")]));
    assert!(run(&[], &[("CLICOLOR_FORCE", "1")]));
    // NO_COLOR wins over forcing; an explicit --color always wins over NO_COLOR.
    assert!(!run(&[], &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]));
    assert!(run(&["--color", "always"], &[("NO_COLOR", "1")]));
    // JSON is never coloured.
    assert!(!run(&["--color", "always", "--format", "json"], &[]));
}

/// On a terminal (a pseudo-terminal from `script`), auto colours unless TERM=dumb or NO_COLOR.
#[test]
fn colour_on_a_terminal_respects_term_dumb_and_no_color() {
    let bin = assert_cmd::cargo::cargo_bin("contractlint");
    let tty = |env: &str| {
        let cmd = format!(
            "{env} {} check --preview {BOOK} --color auto",
            bin.display()
        );
        let out = std::process::Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .env_remove("NO_COLOR")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .output()
            .expect("`script` (util-linux) runs the binary on a pseudo-terminal");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(text.contains("S004"), "{text}");
        text.contains('\x1b')
    };
    assert!(tty("TERM=xterm-256color"));
    assert!(!tty("TERM=dumb"));
    assert!(!tty("TERM=xterm-256color NO_COLOR=1"));
    assert!(!tty("TERM=xterm-256color CLICOLOR=0"));
}

#[test]
fn select_takes_prefixes_and_all() {
    let all = codes(&json(&["check", "--preview", "testdata"]));
    let r = codes(&json(&["check", "--preview", "testdata", "--select", "R"]));
    assert_eq!(
        r,
        all.iter()
            .filter(|c| c.starts_with('R'))
            .cloned()
            .collect::<Vec<_>>()
    );
    assert!(!r.is_empty());
    let b = codes(&json(&[
        "check",
        "--preview",
        "testdata",
        "--select",
        "B00,S004",
    ]));
    assert_eq!(
        b,
        all.iter()
            .filter(|c| c.starts_with("B00") || *c == "S004")
            .cloned()
            .collect::<Vec<_>>()
    );
    assert_eq!(
        codes(&json(&[
            "check",
            "--preview",
            "testdata",
            "--select",
            "ALL"
        ])),
        all
    );
    assert!(
        codes(&json(&[
            "check",
            "--preview",
            "testdata",
            "--ignore",
            "ALL"
        ]))
        .is_empty()
    );
    let not_r = codes(&json(&["check", "--preview", "testdata", "--ignore", "r"]));
    assert_eq!(not_r.len(), all.len() - r.len());
}

#[test]
fn unknown_rules_suggest_the_closest() {
    let err = |args: &[&str]| {
        let out = cl().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(
        err(&["check", "--preview", BOOK, "--select", "silent-defualt"])
            .contains("did you mean `silent-default`?")
    );
    assert!(
        err(&["check", "--preview", BOOK, "--ignore", "S0004"]).contains("did you mean `S004`?")
    );
    assert!(err(&["explain", "open-input-objcet"]).contains("did you mean `open-input-object`?"));
    assert!(!err(&["check", "--preview", BOOK, "--select", "Z"]).contains("did you mean"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[rules]\nsilent-defaul = \"off\"\n",
    )
    .unwrap();
    let e = err(&["check", "--preview", dir.path().to_str().unwrap()]);
    assert!(
        e.contains(":2:1: unknown rule `silent-defaul`; did you mean `silent-default`?"),
        "{e}"
    );
}

#[test]
fn show_settings_prints_each_package_resolved() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for pkg in ["a", "b"] {
        std::fs::create_dir_all(root.join(pkg)).unwrap();
        std::fs::write(
            root.join(pkg).join("Cargo.toml"),
            format!("[package]\nname = \"{pkg}\"\n"),
        )
        .unwrap();
        std::fs::write(
            root.join(pkg).join("tool.json"),
            std::fs::read(BOOK).unwrap(),
        )
        .unwrap();
    }
    std::fs::write(
        root.join("b/contractlint.toml"),
        "max-file-size = 1000\n[rules]\nS008 = \"off\"\nS001 = \"info\"\n",
    )
    .unwrap();
    let (text, code) = stdout(
        cl().args(["check", "--preview", "--show-settings", "--select", "S"])
            .arg(root),
    );
    assert_eq!(code, 0);
    let v: toml::Table = toml::from_str(&text).expect("TOML");
    let pkgs = v["package"].as_array().unwrap();
    assert_eq!(pkgs.len(), 2, "{text}");
    let (a, b) = (pkgs[0].as_table().unwrap(), pkgs[1].as_table().unwrap());
    assert!(a["dir"].as_str().unwrap().ends_with("/a"));
    assert_eq!(a["config"].as_str(), Some("(none: defaults)"));
    assert_eq!(a["max-file-size"].as_integer(), Some(10 * 1024 * 1024));
    assert_eq!(a["rules"]["S008"].as_str(), Some("info"));
    assert_eq!(a["rules"]["R001"].as_str(), Some("off"), "not selected");
    assert!(
        b["config"]
            .as_str()
            .unwrap()
            .ends_with("b/contractlint.toml")
    );
    assert_eq!(b["files"].as_integer(), Some(1));
    assert_eq!(b["max-file-size"].as_integer(), Some(1000));
    assert_eq!(b["rules"]["S008"].as_str(), Some("off"));
    assert_eq!(b["rules"]["S001"].as_str(), Some("info"));
    assert_eq!(b["rules"]["S004"].as_str(), Some("error"));
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (text, code) = stdout(cl().args(["completions", shell]));
        assert_eq!(code, 0, "{shell}");
        assert!(
            text.contains("contractlint") && text.contains("stdin-filename"),
            "{shell}"
        );
    }
    cl().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn stdin_is_linted_as_the_named_file() {
    let (direct, _) = stdout(plain().args(["check", "--preview", BOOK, "--format", "concise"]));
    let (piped, code) = stdout(
        plain()
            .args([
                "check",
                "--preview",
                "-",
                "--stdin-filename",
                BOOK,
                "--format",
                "concise",
            ])
            .pipe_stdin(BOOK)
            .unwrap(),
    );
    assert_eq!(code, 1);
    assert_eq!(piped, direct);
    // The name decides the kind: a `.txt` is not a manifest.
    let (txt, code) = stdout(
        plain()
            .args(["check", "--preview", "-", "--stdin-filename", "notes.txt"])
            .pipe_stdin(BOOK)
            .unwrap(),
    );
    assert_eq!(code, 0, "{txt}");
    // The configuration found upward from the name applies: here it turns S004 off.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "[rules]\nS004 = \"off\"\n",
    )
    .unwrap();
    let name = dir.path().join("tools/book.json");
    let (text, _) = stdout(
        plain()
            .args([
                "check",
                "--preview",
                "-",
                "--format",
                "concise",
                "--stdin-filename",
            ])
            .arg(&name)
            .pipe_stdin(BOOK)
            .unwrap(),
    );
    assert!(text.contains("S006") && !text.contains("S004"), "{text}");
    assert!(text.contains("tools/book.json:7:102: S006"), "{text}");
    cl().args(["check", "--preview", "-"]).assert().code(2);
    cl().args(["check", "--preview", BOOK, "--stdin-filename", "x.json"])
        .assert()
        .code(2);
    cl().args([
        "check",
        "--preview",
        "-",
        BOOK,
        "--stdin-filename",
        "x.json",
    ])
    .assert()
    .code(2);
}

#[test]
fn counts_are_singular_when_one() {
    let (text, _) = stdout(plain().args(["check", "--preview", BOOK, "--select", "S004"]));
    assert!(
        text.ends_with("Found 1 problem (1 error, 0 warnings, 0 infos) in 1 file, 1 tool.\n"),
        "{text}"
    );
    let (gh, _) = stdout(cl().args([
        "check",
        "--preview",
        BOOK,
        "--select",
        "S004",
        "--format",
        "github",
    ]));
    assert!(
        gh.ends_with("contractlint: 1 problem (1 error, 0 warnings, 0 infos) in 1 file, 1 tool.\n"),
        "{gh}"
    );
}

#[test]
fn each_human_diagnostic_links_its_rule_page() {
    let (text, _) = stdout(plain().args(["check", "--preview", "testdata/schema-rules/fires"]));
    let findings = text.matches("\nerror[").count()
        + text.matches("\nwarning[").count()
        + text.matches("\nnote[").count()
        + usize::from(
            text.starts_with("error[") || text.starts_with("warning[") || text.starts_with("note["),
        );
    let links: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("= see: "))
        .collect();
    assert!(findings > 3);
    assert_eq!(links.len(), findings, "{text}");
    for link in links {
        let page = link
            .strip_prefix("https://github.com/contractlint/contractlint/blob/main/")
            .unwrap_or_else(|| panic!("{link}"));
        assert!(std::path::Path::new(page).is_file(), "{page}");
    }
}

/// Every flag of `check` is in its `--help` and in docs/: the new ones by name, and every
/// long flag and possible value `--help` lists, so a flag added later cannot go undocumented.
#[test]
fn every_check_flag_is_documented() {
    let (help, _) = stdout(cl().args(["check", "--preview", "--help"]));
    let docs: String = ["docs/output.md", "docs/cli.md", "README.md"]
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    for flag in [
        "--format",
        "concise",
        "--statistics",
        "--quiet",
        "--exit-zero",
        "--color",
        "--show-settings",
        "--stdin-filename",
        "--select",
        "--ignore",
        "--fail-on",
        "never",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}");
    }
    assert!(help.contains("-q, --quiet"), "{help}");
    let mut listed = Vec::new();
    for word in help.split(|c: char| c.is_whitespace() || ",[]=<>".contains(c)) {
        if word.len() > 2
            && word.starts_with("--")
            && word[2..]
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-')
        {
            listed.push(word.to_string());
        }
    }
    // Possible values, short (`[possible values: a, b]`) and long (`- a: what it does`).
    for line in help.lines().map(str::trim) {
        if let Some(values) = line.strip_prefix("[possible values: ") {
            listed.extend(values.trim_end_matches(']').split(", ").map(str::to_string));
        } else if let Some(item) = line.strip_prefix("- ") {
            listed.push(item.split(':').next().unwrap().trim().to_string());
        }
    }
    for expected in [
        "--no-group",
        "--explain-links",
        "concise",
        "never",
        "always",
    ] {
        assert!(
            listed.iter().any(|f| f == expected),
            "{expected} not read from {listed:?}"
        );
    }
    for flag in &listed {
        assert!(
            docs.contains(flag.as_str()),
            "docs lack `{flag}`, which `check --help` lists"
        );
    }
    let (top, _) = stdout(cl().arg("--help"));
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   ")) // not a wrapped description
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.contains(&"completions"), "{top}");
    for c in commands {
        assert!(
            docs.contains(&format!("contractlint {c}")),
            "docs lack `contractlint {c}`"
        );
    }
}
