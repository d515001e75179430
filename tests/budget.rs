//! One budget for what the tree controls (issue 41): each hostile input is built here in a
//! temporary directory, at a size where the old behaviour exhausted memory or time, and each
//! test asserts what the run does with it: it finishes, reports the limit it met, and its
//! output stays bounded. The `.timeout` of each command is a guard against a hang, far above
//! what the run takes, not a measurement. The full-size figures are `bench/budget.py`'s.

use assert_cmd::Command;
use serde_json::{Value, json};
use std::fs;
use std::path::Path;
use std::time::Duration;

/// Far above what any of these runs takes in a debug build on a loaded machine.
const HANG: Duration = Duration::from_secs(300);

fn write(dir: &Path, name: &str, text: &[u8]) {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn contractlint(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .timeout(HANG)
        .output()
        .unwrap()
}

/// `check --format json` in `dir`: the findings and the exit code.
fn check(dir: &Path, args: &[&str]) -> (Vec<Value>, i32) {
    let out = contractlint(
        dir,
        &[&["check", ".", "--preview", "--format", "json"], args].concat(),
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let found = v["diagnostics"].as_array().unwrap().clone();
    (found, out.status.code().unwrap_or(-1))
}

/// A tool whose required `x` is definition `d{links-1}`, each definition an object whose two
/// required properties both refer to the one before: `2^links` leaves in a valid input.
fn doubling_chain(links: usize) -> String {
    let mut defs = serde_json::Map::new();
    defs.insert("d0".into(), json!({"type": "integer", "minimum": 1}));
    for i in 1..links {
        let prev = format!("#/$defs/d{}", i - 1);
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "required": ["a", "b"],
                   "properties": {"a": {"$ref": prev}, "b": {"$ref": prev}}}),
        );
    }
    json!({"name": "chain", "description": "Chains definitions.", "inputSchema": {
        "type": "object", "required": ["x"],
        "properties": {"x": {"$ref": format!("#/$defs/d{}", links - 1)}},
        "$defs": defs}})
    .to_string()
}

#[test]
fn a_ref_chain_that_doubles_per_link_is_refused_by_cases_and_report_not_expanded() {
    // 24 links: 16 million leaves in the valid input; the case table copied it into every
    // row (6 GB in 30 s at 20 links before the table had a budget).
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "tools.json", doubling_chain(24).as_bytes());
    let out = contractlint(dir.path(), &["cases", "chain", "."]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("would hold more than 500000 JSON values"),
        "{err}"
    );
    let out = contractlint(dir.path(), &["report", ".", "--format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("would hold more than 500000 JSON values"));
    assert!(
        report.len() < 1 << 20,
        "the report stays small: {} bytes",
        report.len()
    );
}

#[test]
fn a_short_doubling_chain_still_gets_its_whole_table() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "tools.json", doubling_chain(4).as_bytes());
    let out = contractlint(dir.path(), &["cases", "chain", "."]);
    assert_eq!(out.status.code(), Some(0));
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    let valid = table
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "valid-input")
        .unwrap();
    // Three object levels below `x`, two integers at the bottom of each: 8 leaves.
    assert_eq!(valid["input"]["x"]["a"]["b"]["a"], json!(2));
}

/// A tool of `flags` boolean properties beside a required array of 200 booleans: each row
/// copies the base input's hundred sampled items, so the table reaches its limit of values
/// at a few thousand rows.
fn wide(flags: usize) -> String {
    let mut props = serde_json::Map::new();
    props.insert(
        "r".into(),
        json!({"type": "array", "items": {"type": "boolean"}, "minItems": 200}),
    );
    for i in 0..flags {
        props.insert(format!("b{i}"), json!({"type": "boolean"}));
    }
    json!({"name": "wide", "description": "Takes many flags.", "inputSchema": {
        "type": "object", "required": ["r"], "properties": props}})
    .to_string()
}

#[test]
fn a_table_of_many_properties_is_refused_exactly_where_building_it_refuses() {
    // Past a thousand properties the rows are charged before they are built: the table at
    // the limit is still derived, the one a property past it still refused (2,412 and 2,413
    // flags: where the release that built every row drew the line).
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "tools.json", wide(2412).as_bytes());
    let out = contractlint(dir.path(), &["cases", "wide", "."]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    // A `null` and a string-typed row per flag; missing, null and too-few for `r`; the
    // unknown field and the valid input.
    assert_eq!(table.as_array().unwrap().len(), 2 * 2412 + 5);
    write(dir.path(), "tools.json", wide(2413).as_bytes());
    let out = contractlint(dir.path(), &["cases", "wide", "."]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("would hold more than 500000 JSON values"),
        "{err}"
    );
}

#[test]
fn descriptions_of_a_megabyte_of_nested_and_repeated_groups_are_read() {
    // The reader scanned the sentence at each token: 160 KB of `(x) ` took 34 s in a release
    // build; a megabyte of each kind here would take hours.
    let dir = tempfile::tempdir().unwrap();
    let nested = "([".repeat(125_000) + "x" + &"])".repeat(125_000);
    let groups = "(x) [y] ".repeat(62_500);
    let quotes = "\u{201c}a ".repeat(200_000);
    let tool = |name: &str, text: &str| {
        json!({"name": name, "description": text, "inputSchema": {"type": "object",
            "properties": {"q": {"type": "integer", "description": text}}}})
    };
    let tools = json!([
        tool("nested", &nested),
        tool("groups", &groups),
        tool("quotes", &quotes)
    ]);
    write(dir.path(), "tools.json", tools.to_string().as_bytes());
    let (_, code) = check(dir.path(), &[]);
    assert!(code == 0 || code == 1, "exit {code}");
}

#[test]
fn a_committed_config_cannot_raise_max_file_size_and_the_command_line_can() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "contractlint.toml",
        b"max-file-size = 1000000000\n",
    );
    // 11 MiB of manifest: over the 10 MiB ceiling the configuration asked to lift.
    let pad = "x".repeat(11 << 20);
    let manifest = json!({"pad": pad, "name": "t", "description": "Adds.",
        "inputSchema": {"type": "object"}});
    write(dir.path(), "tools.json", manifest.to_string().as_bytes());
    let (found, code) = check(dir.path(), &[]);
    assert_eq!(code, 1);
    let e001: Vec<&Value> = found.iter().filter(|d| d["code"] == "E001").collect();
    assert_eq!(e001.len(), 1, "{found:#?}");
    assert!(
        e001[0]["message"]
            .as_str()
            .unwrap()
            .contains("over the 10485760 byte limit"),
        "{e001:#?}"
    );
    // The person running the linter may raise it.
    let (found, _) = check(dir.path(), &["--max-file-size", "20000000"]);
    assert!(found.iter().all(|d| d["code"] != "E001"), "{found:#?}");
    // A configuration below the ceiling still lowers it.
    write(dir.path(), "contractlint.toml", b"max-file-size = 100\n");
    let (found, _) = check(dir.path(), &["--max-file-size", "20000000"]);
    assert!(
        found
            .iter()
            .any(|d| d["code"] == "E001" && d["message"].as_str().unwrap().contains("100 byte")),
        "{found:#?}"
    );
}

#[test]
fn ignore_files_share_one_budget_per_run() {
    // Six nested `.gitignore` files of 1 MiB each (each within the per-file limit): the run
    // reads 4 MiB of them in all and reports the rest, and still lints the tree.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, ".git/HEAD", b"ref: refs/heads/main\n");
    let rules: String = (0..100_000).map(|i| format!("n{i:07}\n")).collect();
    assert!(rules.len() <= 1 << 20);
    let mut at = root.to_path_buf();
    for level in 0..6 {
        fs::create_dir_all(&at).unwrap();
        fs::write(at.join(".gitignore"), &rules).unwrap();
        at = at.join(format!("d{level}"));
    }
    write(
        root,
        "d0/d1/d2/d3/d4/tools.json",
        br#"{"name":"t","description":"Adds.","inputSchema":{"type":"object"}}"#,
    );
    let (found, _) = check(root, &[]);
    let over: Vec<&Value> = found
        .iter()
        .filter(|d| {
            d["code"] == "E001"
                && d["message"]
                    .as_str()
                    .unwrap()
                    .contains("more than 4194304 bytes")
        })
        .collect();
    assert_eq!(over.len(), 2, "{found:#?}");
    // The tool file is still linted (a finding of it, or none, but not an E001).
    assert!(found.iter().all(|d| {
        !(d["code"] == "E001"
            && d["primary"]["file"]
                .as_str()
                .unwrap()
                .ends_with("tools.json"))
    }));
}

/// `cases addCartLine --run --format json -- sh -c SCRIPT` on the cart sandbox's contract, with a short
/// call timeout; the record.
#[cfg(unix)]
fn run_script(script: &str) -> Value {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "cases",
            "addCartLine",
            "tests/sandboxes/cart",
            "--run",
            "--format",
            "json",
            "--call-timeout",
            "20",
            "--",
            "sh",
            "-c",
            script,
        ])
        .timeout(HANG)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not a record ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[cfg(unix)]
#[test]
fn a_server_line_without_end_is_read_to_a_bound_and_ends_the_session() {
    // An endless line on stdout: read whole, it grew until the call timed out (2.5 GB).
    let record = run_script("exec cat /dev/zero");
    let why = record["rows"][0]["why"][0].as_str().unwrap();
    assert!(why.contains("initialize failed"), "{record:#}");
    assert!(!why.contains("no response within"), "{record:#}");
}

#[cfg(unix)]
#[test]
fn what_the_server_starts_ends_with_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pid");
    // The server leaves a process behind in its group, then exits without speaking MCP.
    let script = format!("sleep 600 & echo $! > '{}'; exit 3", pidfile.display());
    let record = run_script(&script);
    assert_eq!(record["server"]["exit"], "exited with code 3", "{record:#}");
    let pid: u32 = fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Killed; its parent is gone, so init reaps it: wait until it has.
    let proc = format!("/proc/{pid}");
    let mut gone = false;
    for _ in 0..600 {
        let state = fs::read_to_string(format!("{proc}/stat")).unwrap_or_default();
        let cmdline = fs::read(format!("{proc}/cmdline")).unwrap_or_default();
        // Gone, a zombie, or the pid reused by something else: no `sleep 600` left running.
        if state.is_empty() || state.contains(") Z ") || !cmdline.starts_with(b"sleep") {
            gone = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    if !gone {
        let _ = std::process::Command::new("kill")
            .arg(pid.to_string())
            .status();
    }
    assert!(
        gone,
        "the server's `sleep 600` (pid {pid}) outlived the run"
    );
}

#[test]
fn an_oversize_manifest_padded_before_its_tools_is_e001_and_oversize_data_is_not() {
    let dir = tempfile::tempdir().unwrap();
    // 11 MiB of padding, then the tool: a scan of the head saw no contract and skipped it.
    let pad = "x".repeat(11 << 20);
    let manifest = json!({"pad": pad, "tools": [{"name": "t", "description": "Adds.",
        "inputSchema": {"type": "object"}}]});
    write(dir.path(), "tools.json", manifest.to_string().as_bytes());
    // As large, and only data: not a contract, skipped as before.
    let data = json!({"rows": ["y".repeat(11 << 20)]});
    write(dir.path(), "data.json", data.to_string().as_bytes());
    let (found, code) = check(dir.path(), &[]);
    assert_eq!(code, 1, "{found:#?}");
    let e001: Vec<&str> = found
        .iter()
        .filter(|d| d["code"] == "E001")
        .map(|d| d["primary"]["file"].as_str().unwrap())
        .collect();
    assert_eq!(e001, ["tools.json"]);
}

#[test]
fn a_duplicate_key_flood_is_counted_not_made_into_findings() {
    // 1.4 million repeated keys in 8.4 MB: a finding was made for each before the cap.
    let dir = tempfile::tempdir().unwrap();
    let members = vec![r#""a":1"#; 1_400_000].join(",");
    let manifest = format!(
        r#"{{"name":"t","description":"Adds.","inputSchema":{{"type":"object"}},"x":{{{members}}}}}"#
    );
    write(dir.path(), "tools.json", manifest.as_bytes());
    let (found, code) = check(dir.path(), &[]);
    assert_eq!(code, 1);
    let s009: Vec<&str> = found
        .iter()
        .filter(|d| d["code"] == "S009")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        s009.len(),
        101,
        "100 shown (the count first) and the cap's summary"
    );
    assert!(s009.contains(
        &"1398999 more keys are written twice in objects of this file; only the first 1000 are examined"
    ));
}

#[test]
fn standard_input_is_read_to_the_file_size_limit() {
    let dir = tempfile::tempdir().unwrap();
    let big = vec![b' '; (10 << 20) + 1];
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "-", "--stdin-filename", "tools.json"])
        .write_stdin(big)
        .timeout(HANG)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("standard input holds more than 10485760 bytes"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn cases_files_and_run_records_must_be_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rows.fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let sandbox = std::env::current_dir()
        .unwrap()
        .join("tests/sandboxes/cart");
    let sandbox = sandbox.to_str().unwrap();
    for special in [fifo.to_str().unwrap(), "/dev/zero"] {
        // Read before anything is run: no server command is needed to see the refusal.
        let out = contractlint(
            dir.path(),
            &[
                "cases",
                "addCartLine",
                sandbox,
                "--run",
                "--cases-file",
                special,
                "--",
                "true",
            ],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{special}: {err}");
        let out = contractlint(
            dir.path(),
            &[
                "report",
                sandbox,
                "--format",
                "json",
                "--cases-run",
                special,
            ],
        );
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{special}: {err}");
    }
}

#[test]
fn tools_sharing_a_fanned_out_definition_share_one_ref_budget() {
    // `d14` expands to about 50,000 nodes: each schema alone is within its reader's cap of
    // 100,000, but ten tools using it made the rules walk ten expansions (24 s / 1.4 GB at
    // full size). The run's budget is one: the first tools read it until it is spent, the
    // others stop at their reference, each with a located S007, and the run goes on.
    let dir = tempfile::tempdir().unwrap();
    let mut defs = serde_json::Map::new();
    defs.insert("d0".into(), json!({"type": "integer"}));
    for i in 1..15 {
        let prev = format!("#/$defs/d{}", i - 1);
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "properties": {"a": {"$ref": prev}, "b": {"$ref": prev}}}),
        );
    }
    write(
        dir.path(),
        "defs.json",
        json!({"$defs": defs}).to_string().as_bytes(),
    );
    let tools: Vec<Value> = (0..10)
        .map(|i| {
            json!({"name": format!("tool{i}"), "description": "Uses the shared definition.",
                   "inputSchema": {"type": "object",
                                   "properties": {"x": {"$ref": "defs.json#/$defs/d14"}}}})
        })
        .collect();
    write(
        dir.path(),
        "tools.json",
        Value::Array(tools).to_string().as_bytes(),
    );
    let (found, _) = check(dir.path(), &["--no-group"]);
    assert!(
        !found
            .iter()
            .any(|d| d["message"].as_str().unwrap().contains("expanding")),
        "no schema alone reaches its reader's cap"
    );
    let stopped: Vec<&str> = found
        .iter()
        .filter(|d| d["code"] == "S007")
        .filter(|d| d["message"].as_str().unwrap().contains("run's budget"))
        .map(|d| d["tool"].as_str().unwrap())
        .collect();
    // Three expansions of about 32,000 repeated nodes each fit in 100,000.
    let later: Vec<String> = (3..10).map(|i| format!("tool{i}")).collect();
    assert_eq!(stopped, later, "{found:#?}");
    let first = &found
        .iter()
        .find(|d| d["tool"] == "tool3" && d["code"] == "S007");
    assert_eq!(first.unwrap()["primary"]["file"], "tools.json");
}

#[test]
fn schemas_written_in_rust_share_the_runs_ref_budget() {
    // The same fan-out written with `json!` in a hand-written `tools/list`: each tool's
    // schema carries its own definitions, so each is read in full within its reader's cap,
    // and the rules walked ten expansions. Charged to the run's budget after the JSON
    // schemas, the fourth tool on stops at its reference with a located S007.
    let dir = tempfile::tempdir().unwrap();
    let mut defs = String::from(r#""d0": {"type": "integer"}"#);
    for i in 1..15 {
        let prev = i - 1;
        defs.push_str(&format!(
            r##", "d{i}": {{"type": "object", "properties": {{
                "a": {{"$ref": "#/$defs/d{prev}"}}, "b": {{"$ref": "#/$defs/d{prev}"}}}}}}"##
        ));
    }
    let tools: Vec<String> = (0..10)
        .map(|i| {
            format!(
                r##"{{"name": "tool{i}", "description": "Uses the definitions.",
                    "inputSchema": {{"type": "object", "properties": {{
                        "x": {{"$ref": "#/$defs/d14"}}}}, "$defs": {{{defs}}}}}}}"##
            )
        })
        .collect();
    let source = format!(
        "use serde_json::{{Value, json}};\n\npub fn list_tools() -> Value {{\n    \
         json!({{\"tools\": [{}]}})\n}}\n",
        tools.join(", ")
    );
    write(
        dir.path(),
        "Cargo.toml",
        b"[package]\nname = \"fan\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde_json = \"1\"\n",
    );
    write(dir.path(), "src/lib.rs", source.as_bytes());
    let (found, _) = check(dir.path(), &["--no-group"]);
    assert!(
        found.iter().any(|d| d["tool"] == "tool0"),
        "the Rust tools are read: {found:#?}"
    );
    let stopped: Vec<&str> = found
        .iter()
        .filter(|d| d["code"] == "S007")
        .filter(|d| d["message"].as_str().unwrap().contains("run's budget"))
        .map(|d| d["tool"].as_str().unwrap())
        .collect();
    let later: Vec<String> = (3..10).map(|i| format!("tool{i}")).collect();
    assert_eq!(stopped, later, "{found:#?}");
    let first = found
        .iter()
        .find(|d| d["tool"] == "tool3" && d["code"] == "S007")
        .unwrap();
    assert_eq!(first["primary"]["file"], "src/lib.rs");
}

#[test]
fn a_run_past_its_time_budget_reports_each_package_it_did_not_lint() {
    // Two packages, each with a finding (an empty range, S006). With no time left, each is
    // one located E001 and the run still ends with its report; a committed configuration
    // may lower the budget, never raise it past the command line's.
    let dir = tempfile::tempdir().unwrap();
    let tool = |name: &str| {
        json!({"name": name, "description": "Adds a line.", "inputSchema": {"type": "object",
               "properties": {"q": {"type": "integer", "minimum": 5, "maximum": 1}}}})
        .to_string()
    };
    for p in ["a", "b"] {
        let manifest = format!("[package]\nname = \"{p}\"\nversion = \"0.1.0\"\n");
        write(dir.path(), &format!("{p}/Cargo.toml"), manifest.as_bytes());
        write(dir.path(), &format!("{p}/tools.json"), tool(p).as_bytes());
    }
    let spent = |found: &[Value]| -> Vec<String> {
        found
            .iter()
            .filter(|d| d["code"] == "E001")
            .filter(|d| d["message"].as_str().unwrap().contains("time budget"))
            .map(|d| d["primary"]["file"].as_str().unwrap().to_string())
            .collect()
    };
    let s006 = |found: &[Value]| found.iter().filter(|d| d["code"] == "S006").count();
    let (found, code) = check(dir.path(), &[]);
    assert_eq!((s006(&found), spent(&found).len(), code), (2, 0, 1));
    let (found, code) = check(dir.path(), &["--max-run-time", "0"]);
    assert_eq!(code, 1);
    assert_eq!(s006(&found), 0, "{found:#?}");
    let mut at = spent(&found);
    at.sort();
    assert_eq!(at.len(), 2, "{found:#?}");
    assert!(at[0].starts_with("a/") && at[1].starts_with("b/"), "{at:?}");
    write(dir.path(), "contractlint.toml", b"max-run-time = 100000\n");
    let (found, _) = check(dir.path(), &["--max-run-time", "0"]);
    assert_eq!(spent(&found).len(), 2, "the configuration cannot raise it");
    write(dir.path(), "contractlint.toml", b"max-run-time = 0\n");
    let (found, _) = check(dir.path(), &[]);
    assert_eq!(spent(&found).len(), 2, "the configuration lowers it");
    let out = contractlint(dir.path(), &["report", ".", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("time budget"));
}

#[test]
fn a_flood_of_one_rules_findings_is_counted_not_made() {
    // 20,000 empty ranges in one tool: 20,000 S006 findings were made and held, then all
    // but 100 dropped by the cap. Now 1,000 are made and one finding stands for the rest.
    let dir = tempfile::tempdir().unwrap();
    let properties: Vec<String> = (0..20_000)
        .map(|i| format!(r#""p{i}":{{"type":"integer","minimum":5,"maximum":1}}"#))
        .collect();
    let manifest = format!(
        r#"{{"name":"t","description":"Adds.","inputSchema":{{"type":"object","properties":{{{}}}}}}}"#,
        properties.join(",")
    );
    write(dir.path(), "tools.json", manifest.as_bytes());
    let opts = contractlint::Options {
        paths: vec![dir.path().to_path_buf()],
        config: contractlint::config::Config {
            base: dir.path().to_path_buf(),
            ..Default::default()
        },
        preview: true,
        ..Default::default()
    };
    let outcome = contractlint::check(&opts).unwrap();
    let s006: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.code == "S006")
        .collect();
    assert_eq!(s006.len(), 1_001);
    assert!(s006.iter().any(|d| {
        d.message
            .starts_with("19000 more S006 findings for `t` in this file were counted, not made")
    }));
    // What is shown is what the cap showed before: 100, and the count of all the rest.
    let (found, _) = check(dir.path(), &[]);
    let shown: Vec<&str> = found
        .iter()
        .filter(|d| d["code"] == "S006")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(shown.len(), 101);
    assert!(
        shown
            .iter()
            .any(|m| m.starts_with("19900 more S006 findings")),
        "{shown:?}"
    );
}
