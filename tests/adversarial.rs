//! Hostile and unusual input: every case must lint without a crash, a hang or a read outside
//! the project, with the diagnostics asserted here. Big files are generated in a temporary
//! directory at test time, never committed.

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::path::Path;

/// One finding, reduced to what these tests compare.
#[derive(Debug, Clone, PartialEq)]
struct Found {
    code: String,
    file: String,
    line: u64,
    column: u64,
    message: String,
    related: Vec<(u64, u64)>,
}

/// Lint `paths` from `cwd` with the JSON report; returns the findings and the exit code.
fn lint_in(cwd: &Path, paths: &[&str]) -> (Vec<Found>, i32) {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(cwd)
        .args(["check", "--preview"])
        .args(paths)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let found = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| Found {
            code: d["code"].as_str().unwrap().into(),
            file: d["primary"]["file"].as_str().unwrap().into(),
            line: d["primary"]["line"].as_u64().unwrap(),
            column: d["primary"]["column"].as_u64().unwrap(),
            message: d["message"].as_str().unwrap().into(),
            related: d["related"]
                .as_array()
                .map(|r| {
                    r.iter()
                        .map(|l| (l["line"].as_u64().unwrap(), l["column"].as_u64().unwrap()))
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect();
    (found, out.status.code().unwrap())
}

fn lint(dir: &Path) -> Vec<Found> {
    lint_in(dir, &["."]).0
}

fn with_code(found: &[Found], code: &str) -> Vec<Found> {
    found.iter().filter(|f| f.code == code).cloned().collect()
}

/// A tool that no schema rule objects to.
const CLEAN: &str = r#"{
  "name": "addCartLine",
  "description": "Adds a line to the cart.",
  "inputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": false,
    "properties": { "quantity": { "type": "integer", "description": "How many.", "minimum": 1, "maximum": 5 } },
    "required": ["quantity"]
  }
}"#;

fn project(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

/// Codes the schema side can report; rules from other extractors are not asserted here.
const SCHEMA_CODES: &[&str] = &[
    "E001", "S001", "S002", "S003", "S004", "S005", "S006", "S007", "S008", "S009",
];

fn schema_findings(found: &[Found]) -> Vec<Found> {
    found
        .iter()
        .filter(|f| SCHEMA_CODES.contains(&f.code.as_str()))
        .cloned()
        .collect()
}

#[test]
fn the_clean_tool_is_clean() {
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    assert_eq!(schema_findings(&lint(dir.path())), vec![]);
}

#[test]
fn json_nested_100000_levels_is_e001_without_overflowing_the_stack() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let dir = project(&[
        ("deep.schema.json", deep.as_bytes()),
        ("tools.json", CLEAN.as_bytes()),
    ]);
    let found = lint(dir.path());
    let e = with_code(&found, "E001");
    assert_eq!(e.len(), 1, "{found:#?}");
    assert_eq!(
        (e[0].file.as_str(), e[0].line, e[0].column),
        ("deep.schema.json", 1, 257)
    );
    assert!(e[0].message.contains("nested deeper than 256 levels"));
    assert_eq!(
        schema_findings(&found).len(),
        1,
        "the other file is still linted clean"
    );
}

#[test]
fn a_schema_nested_to_the_depth_cap_is_read() {
    // 126 nested objects: 2 levels each, plus the root's 2 and the leaf: 255 JSON levels, just under the cap, through the whole pipeline.
    let mut schema = r#"{"type":"integer","description":"leaf"}"#.to_string();
    for _ in 0..126 {
        schema = format!(
            r#"{{"type":"object","additionalProperties":false,"description":"n","properties":{{"a":{schema}}}}}"#
        );
    }
    let text = format!(
        r#"{{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"deep","description":"d","type":"object","additionalProperties":false,"properties":{{"a":{schema}}}}}"#
    );
    let dir = project(&[("deep.schema.json", text.as_bytes())]);
    let found = lint(dir.path());
    assert_eq!(with_code(&found, "E001"), vec![], "{found:#?}");
    assert_eq!(
        with_code(&found, "S007"),
        vec![],
        "read to the leaf: {found:#?}"
    );
}

#[test]
fn references_nesting_past_the_reader_cap_are_s007_once() {
    // 300 definitions, each an object whose property refers to the next: 600 schema levels
    // with the references expanded, in JSON only 6 levels deep.
    let mut defs = Vec::new();
    for i in 0..300 {
        defs.push(format!(
            r##""d{i}":{{"type":"object","description":"d","additionalProperties":false,"properties":{{"n":{{"$ref":"#/$defs/d{n}","description":"n"}}}}}}"##,
            n = i + 1
        ));
    }
    defs.push(r#""d300":{"type":"integer"}"#.into());
    let text = schema_with(
        r##"{"a":{"$ref":"#/$defs/d0","description":"a"}}"##,
        &format!("{{{}}}", defs.join(",")),
    );
    let dir = project(&[("t.json", text.as_bytes())]);
    let s = with_code(&lint(dir.path()), "S007");
    assert_eq!(s.len(), 1, "{s:#?}");
    assert_eq!(
        s[0].message,
        "the schema of `t` nests deeper than 256 levels with its `$ref`s expanded; what lies below is not read"
    );
}

#[test]
fn a_200_mb_file_is_e001_and_not_read() {
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    // Sparse: 200 MB on paper, nothing on disk.
    let big = fs::File::create(dir.path().join("big.schema.json")).unwrap();
    big.set_len(200 * 1024 * 1024).unwrap();
    drop(big);
    let found = lint(dir.path());
    let e = with_code(&found, "E001");
    assert_eq!(e.len(), 1, "{found:#?}");
    assert_eq!(
        (e[0].file.as_str(), e[0].line, e[0].column),
        ("big.schema.json", 1, 1)
    );
    assert_eq!(
        e[0].message,
        "file is 209715200 bytes, over the 10485760 byte limit (`max-file-size`); not read"
    );
}

#[test]
fn the_size_cap_is_configurable() {
    let dir = project(&[
        ("tools.json", CLEAN.as_bytes()),
        ("contractlint.toml", b"max-file-size = 100\n"),
    ]);
    let e = with_code(&lint(dir.path()), "E001");
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].file, "tools.json");
    assert!(e[0].message.contains("over the 100 byte limit"), "{e:?}");
}

/// Counts the bytes handed out, so the test can see how far the reader went.
struct Counting<R> {
    inner: R,
    read: u64,
}

impl<R: std::io::Read> std::io::Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

#[test]
fn nothing_is_read_past_the_cap_even_when_the_size_on_disk_lies() {
    // A file that grows after its size was checked looks like this stream: 200 MB behind a
    // 1 KB limit. The read must stop one byte past the limit.
    let mut source = Counting {
        inner: std::io::repeat(b' ').take_bytes(200 * 1024 * 1024),
        read: 0,
    };
    let got = contractlint::source::read::read_bounded(&mut source, 1024).unwrap();
    assert!(got.is_none(), "over the cap is refused");
    assert_eq!(source.read, 1025);
    let mut small = Counting {
        inner: &b"{}"[..],
        read: 0,
    };
    assert_eq!(
        contractlint::source::read::read_bounded(&mut small, 1024).unwrap(),
        Some(b"{}".to_vec())
    );
}

trait TakeBytes: Sized {
    fn take_bytes(self, n: u64) -> std::io::Take<Self>;
}

impl<R: std::io::Read> TakeBytes for R {
    fn take_bytes(self, n: u64) -> std::io::Take<Self> {
        std::io::Read::take(self, n)
    }
}

#[test]
fn invalid_utf8_is_e001_at_the_bad_byte() {
    let dir = project(&[("bad.schema.json", b"{\n  \"name\": \"caf\xe9\"\n}\n")]);
    let e = with_code(&lint(dir.path()), "E001");
    assert_eq!(e.len(), 1);
    assert_eq!(
        (e[0].file.as_str(), e[0].line, e[0].column),
        ("bad.schema.json", 2, 15)
    );
    assert_eq!(e[0].message, "not valid UTF-8 (invalid byte at offset 16)");
}

#[test]
fn a_utf8_bom_is_skipped_and_columns_do_not_count_it() {
    let text = r#"{"name":"t","description":"d","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"a":{"type":"string","description":"Any text."}}}}"#;
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(text.as_bytes());
    let dir = project(&[("bom.json", &bytes)]);
    let found = schema_findings(&lint(dir.path()));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].code.as_str(), found[0].line, found[0].column),
        ("S003", 1, 45)
    );
}

#[test]
fn crlf_line_endings_keep_lines_and_columns_exact() {
    let text = "{\r\n  \"name\": \"t\",\r\n  \"description\": \"d\",\r\n  \"inputSchema\": {\r\n    \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\r\n    \"type\": \"object\",\r\n    \"properties\": { \"é\": { \"type\": \"string\", \"description\": \"Any text.\" } },\r\n    \"required\": [\"é\", \"missing\"]\r\n  }\r\n}\r\n";
    let dir = project(&[("crlf.json", text.as_bytes())]);
    let found = schema_findings(&lint(dir.path()));
    let at: Vec<_> = found
        .iter()
        .map(|f| (f.code.as_str(), f.line, f.column))
        .collect();
    // S003 at the `{` of inputSchema (line 4, column 18); S004 at `"missing"` (line 8,
    // column 23: `é` is one column though two bytes, and no `\r` is counted).
    assert_eq!(at, vec![("S003", 4, 18), ("S004", 8, 23)], "{found:#?}");
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_is_not_followed() {
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    let d = dir.path();
    std::os::unix::fs::symlink(d.join("b.json"), d.join("a.json")).unwrap();
    std::os::unix::fs::symlink(d.join("a.json"), d.join("b.json")).unwrap();
    fs::create_dir(d.join("sub")).unwrap();
    std::os::unix::fs::symlink("..", d.join("sub/up")).unwrap();
    let (found, code) = lint_in(d, &["."]);
    assert_eq!(schema_findings(&found), vec![]);
    assert_eq!(code, 0);
}

#[cfg(unix)]
#[test]
fn a_symlink_out_of_the_root_is_never_followed() {
    let outside = project(&[(
        "tools.json",
        b"{\"name\":\"leak\",\"inputSchema\":{\"type\":\"object\"}}",
    )]);
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("tools.json"),
        dir.path().join("leak.json"),
    )
    .unwrap();
    let found = lint(dir.path());
    assert_eq!(schema_findings(&found), vec![], "nothing outside was read");
    // The same file linted directly does have findings: reading it would have shown.
    assert!(!schema_findings(&lint(outside.path())).is_empty());
}

#[cfg(unix)]
#[test]
fn a_symlink_named_on_the_command_line_is_read() {
    let outside = project(&[(
        "tools.json",
        b"{\"name\":\"leak\",\"inputSchema\":{\"type\":\"object\"}}",
    )]);
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).unwrap();
    // Found in the walk: not followed. Named: read, as ripgrep does.
    assert_eq!(schema_findings(&lint_in(dir.path(), &["."]).0), vec![]);
    let (named, _) = lint_in(dir.path(), &["linked"]);
    assert!(!schema_findings(&named).is_empty(), "{named:#?}");
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_is_e001_unless_the_os_lets_us_read_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = project(&[
        ("tools.json", CLEAN.as_bytes()),
        ("locked.schema.json", b"{ not json"),
    ]);
    let locked = dir.path().join("locked.schema.json");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    // Root (and CAP_DAC_OVERRIDE) reads through mode 000: then the file's content is linted
    // and its syntax error is the E001. Either way the file is reported, never skipped.
    let readable = fs::read(&locked).is_ok();
    let e = with_code(&lint(dir.path()), "E001");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].file, "locked.schema.json");
    if readable {
        assert!(e[0].message.starts_with("invalid JSON"), "{e:?}");
    } else {
        assert!(e[0].message.contains("Permission denied"), "{e:?}");
    }
}

#[cfg(unix)]
#[test]
fn an_unreadable_directory_is_e001_unless_the_os_lets_us_read_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = project(&[
        ("tools.json", CLEAN.as_bytes()),
        ("locked/t.schema.json", b"{ not json"),
    ]);
    let locked = dir.path().join("locked");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let readable = fs::read_dir(&locked).is_ok();
    let e = with_code(&lint(dir.path()), "E001");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(e.len(), 1, "{e:?}");
    if readable {
        assert_eq!(e[0].file, "locked/t.schema.json");
    } else {
        assert_eq!(e[0].file, "locked");
        assert!(e[0].message.contains("Permission denied"), "{e:?}");
    }
}

fn schema_with(props: &str, defs: &str) -> String {
    format!(
        r#"{{"name":"t","description":"d","inputSchema":{{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"properties":{props},"$defs":{defs}}}}}"#
    )
}

#[test]
fn ref_cycles_are_s007() {
    let text = schema_with(
        r##"{"a":{"$ref":"#/$defs/x","description":"a"}}"##,
        r##"{"x":{"$ref":"#/$defs/y"},"y":{"$ref":"#/$defs/x"}}"##,
    );
    let dir = project(&[("t.json", text.as_bytes())]);
    let s = with_code(&lint(dir.path()), "S007");
    assert_eq!(s.len(), 1, "{s:#?}");
    assert!(s[0].message.contains("cycle"), "{s:?}");
}

#[test]
fn refs_out_of_the_root_and_to_the_network_are_s007_and_not_read() {
    // `outside.json` lies next to the project and is even linted on the same command line:
    // were the reference followed, `b` would be an integer schema and no S007 would appear.
    let top = project(&[
        ("outside.json", br#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"v":{"type":"integer"}}}"#),
    ]);
    let text = schema_with(
        r#"{"a":{"$ref":"../../../etc/passwd","description":"a"},"b":{"$ref":"../outside.json","description":"b"},"c":{"$ref":"https://example.com/s.json","description":"c"}}"#,
        "{}",
    );
    fs::create_dir(top.path().join("proj")).unwrap();
    fs::write(top.path().join("proj/t.json"), text).unwrap();
    let (found, _) = lint_in(top.path(), &["proj", "outside.json"]);
    let s: Vec<_> = with_code(&found, "S007")
        .into_iter()
        .map(|f| f.message)
        .collect();
    assert_eq!(
        s,
        vec![
            "`$ref` `../../../etc/passwd` in `t` cannot be resolved: it points outside the project root, which is never read",
            "`$ref` `../outside.json` in `t` cannot be resolved: it points outside the project root, which is never read",
            "`$ref` `https://example.com/s.json` in `t` cannot be resolved: remote references are never fetched",
        ]
    );
}

/// A definitions file whose one definition admits no integer, written on line 3.
const THIRD_LINE_EMPTY_RANGE: &[u8] =
    b"{\n  \"$defs\": {\n    \"day\": {\"type\": \"integer\", \"minimum\": 5, \"maximum\": 1}\n  }\n}\n";

#[test]
fn refs_into_other_files_are_followed_through_chains_escapes_and_page_scripts() {
    // JSON documents are read one at a time and dropped unless some `$ref` may lead into
    // them: the chain `t.json` -> `defs/b.json` -> `defs/c.json` (the first key spelt with a
    // `\u` escape), and a page script's schema -> `defs/d.json`, must all still arrive. The
    // empty range of each is reported; had any link broken, S007 would say so instead. The
    // page's `$ref` is also outside the proposed WebMCP validation subset (P009, an info).
    let dir = project(&[
        (
            "t.json",
            schema_with(
                r#"{"when":{"\u0024ref":"defs/b.json#/$defs/when","description":"When to book."}}"#,
                "{}",
            )
            .as_bytes(),
        ),
        (
            "defs/b.json",
            br#"{"$defs":{"when":{"$ref":"c.json#/$defs/day"}}}"#,
        ),
        // Findings on the third line: lines come from the text kept for the diagnostics.
        ("defs/c.json", THIRD_LINE_EMPTY_RANGE),
        ("defs/d.json", THIRD_LINE_EMPTY_RANGE),
        (
            "web/page.js",
            br#"document.modelContext.registerTool({
  name: "pick",
  description: "Picks a day.",
  inputSchema: {
    type: "object",
    properties: { day: { $ref: "defs/d.json#/$defs/day", description: "Which day to pick." } },
    additionalProperties: false,
  },
  async execute(input) {
    return { content: [{ type: "text", text: String(input.day) }] };
  },
});
"#,
        ),
    ]);
    let found = lint(dir.path());
    let codes: Vec<_> = found
        .iter()
        .map(|f| (f.code.as_str(), f.file.as_str(), f.line))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("S006", "defs/c.json", 3),
            ("S006", "defs/d.json", 3),
            ("P009", "web/page.js", 6)
        ],
        "{found:#?}"
    );
    assert!(found[0].message.starts_with("`when` of `t`"), "{found:#?}");
    assert!(
        found[1].message.starts_with("`day` of `pick`"),
        "{found:#?}"
    );
}

#[test]
fn a_broken_file_that_a_ref_points_into_is_reported_once() {
    // `bad.json` is parsed early because `t.json` refers to it; its error must still be one
    // E001, with the reference itself an S007.
    let dir = project(&[
        (
            "t.json",
            schema_with(
                r#"{"when":{"$ref":"bad.json#/x","description":"When to book."}}"#,
                "{}",
            )
            .as_bytes(),
        ),
        ("bad.json", br#"{"x": {"type": "#),
    ]);
    let found = lint(dir.path());
    let codes: Vec<_> = found
        .iter()
        .map(|f| (f.code.as_str(), f.file.as_str()))
        .collect();
    assert_eq!(
        codes,
        vec![("E001", "bad.json"), ("S007", "t.json")],
        "{found:#?}"
    );
}

#[test]
fn ref_expansion_that_multiplies_stops_with_s007() {
    // 40 definitions, each referring twice to the next: 2^40 nodes if expanded.
    let mut defs = Vec::new();
    for i in 0..40 {
        defs.push(format!(
            r##""d{i}":{{"type":"object","properties":{{"l":{{"$ref":"#/$defs/d{n}"}},"r":{{"$ref":"#/$defs/d{n}"}}}}}}"##,
            n = i + 1
        ));
    }
    defs.push(r#""d40":{"type":"integer"}"#.into());
    let text = schema_with(
        r##"{"a":{"$ref":"#/$defs/d0","description":"a"}}"##,
        &format!("{{{}}}", defs.join(",")),
    );
    let dir = project(&[("t.json", text.as_bytes())]);
    let s = with_code(&lint(dir.path()), "S007");
    assert_eq!(s.len(), 1, "{s:#?}");
    assert!(
        s[0].message.contains("reads more than 100000 schema nodes"),
        "{s:?}"
    );
}

/// The JSON report of `check .` in `dir` at `threads` threads.
fn json_report_at(dir: &Path, threads: &str) -> Vec<u8> {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", threads)
        .args(["check", "--preview", ".", "--format", "json"])
        .output()
        .unwrap();
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "{code:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn a_chain_of_files_each_referring_twice_to_the_next_stops_at_both_caps() {
    // 200 files, each property referring twice to the next file (`bench/budget.py` writes
    // 500): 400 levels and 2^200 nodes expanded. Below the nesting cap the facts are the
    // same at both uses, so the second shares the first's instead of reading it again.
    let mut files: Vec<(String, String)> = (0..200)
        .map(|i| {
            let next = match i {
                199 => r#"{"type":"integer"}"#.to_string(),
                _ => format!(r#"{{"$ref":"s{}.json"}}"#, i + 1),
            };
            let text = format!(r#"{{"type":"object","properties":{{"a":{next},"b":{next}}}}}"#);
            (format!("s{i}.json"), text)
        })
        .collect();
    files.push((
        "tools.json".into(),
        r#"{"name":"deepRef","description":"d","inputSchema":{"$ref":"s0.json"}}"#.into(),
    ));
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_bytes()))
        .collect();
    let dir = project(&files);
    let s: Vec<(String, String)> = with_code(&lint(dir.path()), "S007")
        .into_iter()
        .map(|f| (f.file, f.message))
        .collect();
    assert_eq!(
        s,
        [
            (
                "s126.json".to_string(),
                "`$ref` `s127.json` in `deepRef` cannot be resolved: expanding the references \
                 reads more than 100000 schema nodes; reading stops here"
                    .to_string()
            ),
            (
                "s127.json".to_string(),
                "the schema of `deepRef` nests deeper than 256 levels with its `$ref`s \
                 expanded; what lies below is not read"
                    .to_string()
            ),
        ]
    );
    assert_eq!(
        json_report_at(dir.path(), "1"),
        json_report_at(dir.path(), "4")
    );
}

#[test]
fn large_rust_files_parsed_one_at_a_time_give_the_answer_of_any_thread_count() {
    // Three files over the size parsed alone (1 MiB) and three small ones, each with a tool
    // whose description is missing: every tool found, the same report at one thread and at
    // four.
    let cargo = "[package]\nname = \"big\"\nversion = \"0.1.0\"\n";
    let mut files = vec![("Cargo.toml".to_string(), cargo.to_string())];
    let mut lib = String::new();
    for k in 0..6 {
        let pad = if k % 2 == 0 {
            "a".repeat(1_200_000)
        } else {
            String::new()
        };
        files.push((
            format!("src/m{k}.rs"),
            format!(
                "pub struct S{k};\n#[rmcp::tool_router]\nimpl S{k} {{\n    #[tool]\n    \
                 pub async fn line_{k}(&self) -> String {{ String::new() }}\n}}\n\
                 pub const PAD: &str = \"{pad}\";\n"
            ),
        ));
        lib.push_str(&format!("mod m{k};\n"));
    }
    files.push(("src/lib.rs".into(), lib));
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_bytes()))
        .collect();
    let dir = project(&files);
    let one = json_report_at(dir.path(), "1");
    assert_eq!(one, json_report_at(dir.path(), "4"));
    let v: Value = serde_json::from_slice(&one).unwrap();
    assert_eq!(v["summary"]["tools"], 6, "{v:#}");
    let d008: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "D008")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        d008,
        ["each of 6 tools has no description (6 of the package's 6 tools)"]
    );
}

#[test]
fn numbers_beyond_f64_are_reported_as_written_and_minus_zero_is_zero() {
    let text = r#"{"name":"n","description":"d","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"properties":{"q":{"type":"integer","description":"A count.","minimum":-0,"maximum":1e400},"r":{"type":"integer","description":"Always zero.","minimum":-0,"maximum":0}}}}"#;
    let dir = project(&[("n.json", text.as_bytes())]);
    let found = schema_findings(&lint(dir.path()));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].code.as_str(), found[0].column),
        ("S002", 1 + text.find("1e400").unwrap() as u64)
    );
    assert_eq!(
        found[0].message,
        "the input schema of `n` is not valid 2020-12: `/properties/q/maximum`: `1e400` is beyond the range of a 64-bit float, so validators read it as infinity, reject it or keep it exactly"
    );
}

#[test]
fn json5_numbers_and_escapes_are_not_json() {
    for value in ["NaN", ".5", "\"\\x41\""] {
        let text = format!(
            r#"{{"name":"n","description":"d","inputSchema":{{"type":"object","properties":{{"q":{{"type":"integer","maximum":{value}}}}}}}}}"#
        );
        let dir = project(&[("n.json", text.as_bytes())]);
        let found = lint(dir.path());
        let e = with_code(&found, "E001");
        assert_eq!(e.len(), 1, "{value}: {found:#?}");
        assert!(e[0].message.starts_with("invalid JSON"), "{value}: {e:?}");
        let at = text.find(value.trim_start_matches('"')).unwrap();
        assert_eq!(e[0].column, 1 + at as u64, "{e:?}");
    }
}

#[test]
fn duplicate_keys_are_s009_pointing_at_both() {
    let text = "{\"name\":\"d\",\"description\":\"d\",\"inputSchema\":{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\n\"additionalProperties\":false,\n\"additionalProperties\":true,\"properties\":{}}}";
    let dir = project(&[("d.json", text.as_bytes())]);
    let found = lint(dir.path());
    let s = with_code(&found, "S009");
    assert_eq!(s.len(), 1, "{found:#?}");
    assert_eq!((s[0].line, s[0].column), (3, 1));
    assert_eq!(s[0].related, vec![(2, 1)]);
    // The later member is the one read: the object is open.
    assert_eq!(with_code(&found, "S003").len(), 1);
}

#[test]
fn escaped_duplicate_keys_are_s009_and_equal_keys_in_different_objects_are_not() {
    let text = r#"{"name":"d","description":"d","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"properties":{"a":{"type":"string","description":"x"},"b":{"type":"string","description":"x"}},"\u0074ype":"object"}}"#;
    let dir = project(&[("d.json", text.as_bytes())]);
    let s = with_code(&lint(dir.path()), "S009");
    assert_eq!(s.len(), 1, "{s:#?}");
    assert!(s[0].message.starts_with("key `type`"), "{s:?}");
}

#[test]
fn duplicate_keys_outside_contracts_are_not_reported() {
    let dir = project(&[("package.json", br#"{"name":"x","name":"y"}"#)]);
    assert_eq!(with_code(&lint(dir.path()), "S009"), vec![]);
}

#[test]
fn the_schema_true_accepts_anything_and_says_so() {
    let dir = project(&[(
        "t.json",
        br#"{"name":"t","description":"d","inputSchema":true}"#,
    )]);
    let found = schema_findings(&lint(dir.path()));
    let at: Vec<_> = found
        .iter()
        .map(|f| (f.code.as_str(), f.line, f.column))
        .collect();
    assert_eq!(at, vec![("S003", 1, 45)], "{found:#?}");
}

#[test]
fn an_empty_file_is_e001() {
    let dir = project(&[("empty.schema.json", b"")]);
    let e = with_code(&lint(dir.path()), "E001");
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].line, e[0].column), (1, 1));
    assert_eq!(e[0].message, "empty file: expected a JSON value");
}

#[test]
fn no_tls_stack_and_no_general_purpose_http_client_is_linked() {
    // "Never fetched" holds because nothing that could fetch is built in. The one HTTP client,
    // rmcp's reqwest-backed streamable-HTTP transport (hyper under it), serves only
    // `cases --run --url`, which refuses any address but loopback (tests/cases_run.rs); with
    // no TLS stack it cannot reach an https:// server either.
    let lock =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock")).unwrap();
    for name in [
        "ureq",
        "curl",
        "isahc",
        "native-tls",
        "rustls",
        "openssl",
        "hickory-resolver",
    ] {
        assert!(
            !lock.contains(&format!("name = \"{name}\"")),
            "`{name}` is in Cargo.lock: contractlint must not be able to touch the network"
        );
    }
    // reqwest is reached only through rmcp's streamable-HTTP client and the `--url` session.
    let users: Vec<String> = walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .into_iter()
        .filter(|(_, text)| text.contains("reqwest::"))
        .map(|(path, _)| path)
        .collect();
    assert_eq!(
        users,
        ["src/judge/execute/mod.rs", "src/judge/execute/session.rs"]
    );
}

/// Every .rs file under `dir`, with its path relative to the crate root.
fn walk(dir: &Path) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().display().to_string();
                out.push((rel, fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_rust_expression_nested_10000_levels_does_not_crash_the_linter() {
    // The suppression comment makes contractlint parse the file with syn (to find the
    // item the comment covers): that parse used to overflow the stack and abort the run.
    let text = format!(
        "// contractlint: allow(S003)\npub fn f() -> i32 {{\n    {}1{}\n}}\n",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let dir = project(&[
        ("src/lib.rs", text.as_bytes()),
        ("tools.json", CLEAN.as_bytes()),
    ]);
    let (found, code) = lint_in(dir.path(), &["."]);
    assert!(code < 2, "the run completed: {found:?}");
}

#[test]
fn a_rust_file_past_the_token_limit_is_e001_and_one_just_under_is_read() {
    // syn's tree costs a few hundred bytes per token: a few megabytes of `1,1,1,…` took
    // gigabytes. Each file declares a tool; the one past 800,000 tokens is refused where
    // its count passes the limit, the one just under is read and its tool linted.
    let file = |k: usize, elements: usize| {
        format!(
            "pub struct S{k};\n#[rmcp::tool_router]\nimpl S{k} {{\n    #[tool]\n    \
             pub async fn line_{k}(&self) -> String {{ String::new() }}\n}}\n\
             pub const T: &[u8] = &[{}];\n",
            "1,".repeat(elements)
        )
    };
    let (over, under) = (file(0, 400_100), file(1, 399_900));
    let dir = project(&[
        (
            "Cargo.toml",
            b"[package]\nname = \"dense\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", b"mod d0;\nmod d1;\n"),
        ("src/d0.rs", over.as_bytes()),
        ("src/d1.rs", under.as_bytes()),
    ]);
    let (found, code) = lint_in(dir.path(), &["."]);
    assert_eq!(code, 1, "{found:?}");
    let e001 = with_code(&found, "E001");
    assert_eq!(e001.len(), 1, "{e001:?}");
    assert!(e001[0].file.ends_with("src/d0.rs"), "{e001:?}");
    assert_eq!(
        e001[0].message,
        "more than 800000 tokens in one Rust file; not parsed"
    );
    // The array is on line 7; its 800,001st token is near its end.
    assert_eq!(e001[0].line, 7, "{e001:?}");
    assert!(e001[0].column > 790_000, "{e001:?}");
    // d1's tool was read: its missing description is reported there.
    assert!(
        found
            .iter()
            .any(|f| f.code == "D008" && f.file.ends_with("src/d1.rs")),
        "{found:?}"
    );
}

#[test]
fn deep_nesting_syn_recurses_on_is_e001_in_a_file_the_extractor_reads() {
    // Not brackets: 20,000 prefix operators. A bracket count alone let this through to syn,
    // which overflowed its stack and aborted the whole run.
    let text = format!(
        "#[derive(serde::Deserialize)]\npub struct AddCartLineInput {{ pub q: u8 }}\n\
         pub fn validate_add_cart_line(i: &AddCartLineInput) -> bool {{ {}true }}\n",
        "!".repeat(20_000)
    );
    let dir = project(&[
        (
            "Cargo.toml",
            b"[package]\nname = \"deep\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", text.as_bytes()),
        ("tools.json", CLEAN.as_bytes()),
    ]);
    let (found, code) = lint_in(dir.path(), &["."]);
    assert_eq!(code, 1, "{found:?}");
    assert!(
        found
            .iter()
            .any(|f| f.code == "E001" && f.file.ends_with("src/lib.rs")),
        "{found:?}"
    );
}

#[test]
fn only_json_texts_that_diagnostics_may_point_into_are_kept() {
    // Memory follows the largest file: a JSON file that declares nothing is dropped once
    // read. Kept: the manifest, a definitions file a `$ref` leads into, an unparsable
    // file (its E001 shows it) and a data file holding a suppression.
    let lock = format!(
        r#"{{"packages": [{}]}}"#,
        vec![r#"{"name": "x"}"#; 2000].join(",")
    );
    let dir = project(&[
        (
            "tools.json",
            schema_with(
                r#"{"when":{"$ref":"defs.json#/$defs/day","description":"When to book."}}"#,
                "{}",
            )
            .as_bytes(),
        ),
        ("defs.json", THIRD_LINE_EMPTY_RANGE),
        ("package-lock.json", lock.as_bytes()),
        (
            "tsconfig.json",
            b"{ // comments: JSON with comments\n \"a\": 1, }",
        ),
        ("broken.json", b"{\"a\": "),
        (
            "data.json",
            br#"{"x-contractlint-allow": ["S003"], "rows": []}"#,
        ),
    ]);
    let outcome = contractlint::check(&contractlint::Options {
        paths: vec![dir.path().to_path_buf()],
        ..Default::default()
    })
    .unwrap();
    let sources = &outcome.project.sources;
    let mut kept: Vec<(String, bool)> = sources
        .ids()
        .map(|id| sources.get(id))
        .map(|f| {
            let name = f.path.file_name().unwrap().to_string_lossy().into_owned();
            (name, !f.text.is_empty())
        })
        .collect();
    kept.sort();
    let expect = [
        ("broken.json", true),
        ("data.json", true),
        ("defs.json", true),
        ("package-lock.json", false),
        ("tools.json", true),
        ("tsconfig.json", false),
    ];
    let expect: Vec<(String, bool)> = expect.iter().map(|(n, k)| (n.to_string(), *k)).collect();
    assert_eq!(kept, expect);
}

/// A checkout whose `.git/config` names commands git would run (`core.fsmonitor` runs on
/// `git status`, hooks on others): `report` must read the revision without running any.
#[test]
fn report_runs_nothing_the_checked_trees_git_config_names() {
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    let canary = dir.path().join("executed");
    let script = dir.path().join("payload.sh");
    fs::write(
        &script,
        format!("#!/bin/sh\ntouch '{}'\n", canary.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let git = dir.path().join(".git");
    fs::create_dir_all(git.join("refs/heads")).unwrap();
    fs::create_dir_all(git.join("objects")).unwrap();
    fs::write(git.join("HEAD"), "ref: refs/heads/main\n").unwrap();
    let rev = "0123456789abcdef0123456789abcdef01234567";
    fs::write(git.join("refs/heads/main"), format!("{rev}\n")).unwrap();
    fs::write(
        git.join("config"),
        format!(
            "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = {0}\n\thooksPath = {1}\n\
             [safe]\n\tdirectory = *\n",
            script.display(),
            dir.path().display()
        ),
    )
    .unwrap();
    // A symbolic ref leaving `refs/` is never followed as a path.
    let escaping = project(&[("tools.json", CLEAN.as_bytes())]);
    fs::create_dir_all(escaping.path().join(".git")).unwrap();
    fs::write(
        escaping.path().join(".git/HEAD"),
        "ref: ../../../../etc/passwd\n",
    )
    .unwrap();
    for (tree, expect) in [(&dir, Some(rev)), (&escaping, None)] {
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(tree.path())
            .args(["report", "--preview", ".", "--format", "json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["environment"]["git"]["revision"].as_str(), expect, "{v}");
        if expect.is_some() {
            assert!(v["environment"]["git"]["dirty"].is_null(), "{v}");
        }
    }
    assert!(
        !canary.exists(),
        "a command from the tree's .git/config was run"
    );
}

/// `-o` and `--write-baseline` at a path where the tree holds a symbolic link to a file
/// outside it: refused, the outside file untouched. A plain target is replaced whole (a
/// temporary file beside it, renamed), so no temporary file is left behind.
#[test]
fn reports_and_baselines_are_never_written_through_a_symlink() {
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim");
    fs::write(&victim, "precious\n").unwrap();
    #[cfg(unix)]
    for flag in ["-o", "--write-baseline"] {
        let link = dir.path().join("out.json");
        let _ = fs::remove_file(&link);
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(dir.path())
            .args([
                "check",
                "--preview",
                ".",
                "--format",
                "json",
                flag,
                "out.json",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("symbolic link"),
            "{out:?}"
        );
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n", "{flag}");
    }
    let target = dir.path().join("report.json");
    fs::write(&target, "old").unwrap();
    Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args([
            "check",
            "--preview",
            "tools.json",
            "--format",
            "json",
            "-o",
            "report.json",
        ])
        .assert()
        .code(0);
    let v: Value = serde_json::from_str(&fs::read_to_string(&target).unwrap()).unwrap();
    assert!(v["diagnostics"].is_array());
    let left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // A device is written in place, never replaced.
    #[cfg(unix)]
    Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "--preview", "tools.json", "-o", "/dev/null"])
        .assert()
        .code(0);
}

/// A FIFO or a link to `/dev/zero` where a source, the configuration or the baseline is
/// expected: reported, never waited on or read without end.
#[cfg(unix)]
#[test]
fn fifos_and_devices_in_place_of_sources_config_and_baseline_never_hang() {
    let mkfifo = |p: &Path| {
        let ok = std::process::Command::new("mkfifo")
            .arg(p)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mkfifo failed");
    };
    let dir = project(&[("tools.json", CLEAN.as_bytes())]);
    mkfifo(&dir.path().join("pipe.json"));
    // The walk passes over it, found or named, and lints the rest.
    assert_eq!(lint_in(dir.path(), &["."]), (vec![], 0));
    assert_eq!(
        lint_in(dir.path(), &["pipe.json", "tools.json"]),
        (vec![], 0)
    );
    // The configuration found upward, and the baseline named on the command line.
    for (name, args) in [
        (
            "contractlint.toml",
            &["check", "--preview", "tools.json"][..],
        ),
        (
            "base.json",
            &[
                "check",
                "--preview",
                "tools.json",
                "--baseline",
                "base.json",
            ][..],
        ),
    ] {
        for hostile in ["fifo", "zero"] {
            let tree = project(&[("tools.json", CLEAN.as_bytes())]);
            let at = tree.path().join(name);
            match hostile {
                "fifo" => mkfifo(&at),
                _ => std::os::unix::fs::symlink("/dev/zero", &at).unwrap(),
            }
            let out = Command::cargo_bin("contractlint")
                .unwrap()
                .current_dir(tree.path())
                .args(args)
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{name} {hostile}: {out:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains("not a regular file") || err.contains("symbolic link"),
                "{name} {hostile}: {err}"
            );
        }
    }
}

/// A FIFO named `Cargo.toml` beside a package's sources or at the tree's root: the package
/// graph and the workspace check read manifests as sources are read (regular files only),
/// so the run finishes (it waited forever in the crate graph).
#[cfg(unix)]
#[test]
fn a_fifo_named_cargo_toml_is_not_waited_on() {
    for fifo in ["src/Cargo.toml", "Cargo.toml"] {
        let dir = project(&[
            (
                "Cargo.toml",
                b"[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
            ),
            ("src/lib.rs", b"pub fn add(a: u8) -> u8 { a }\n"),
            ("tools.json", CLEAN.as_bytes()),
        ]);
        let at = dir.path().join(fifo);
        let _ = std::fs::remove_file(&at);
        let ok = std::process::Command::new("mkfifo")
            .arg(&at)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mkfifo failed");
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(dir.path())
            .args(["check", "--preview", ".", "--format", "json"])
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{fifo}: {out:?}");
        let v: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
        assert!(v["diagnostics"].is_array(), "{fifo}");
    }
}

/// A file name and a JSON-decoded tool name carrying a newline, a workflow command, an OSC
/// sequence and a bidi override: no output line on stdout or stderr, in any format, may
/// start with `::` unless it is one of our own annotations, and no terminal control or bidi
/// character is emitted raw (JSON and SARIF escape controls themselves and carry data).
#[cfg(unix)]
#[test]
fn names_paths_and_descriptions_reach_no_terminal_or_log_raw() {
    let name = "evil\n::error file=x::pwned\u{1b}]0;title\u{7}\u{202e}end``x";
    let tool = serde_json::json!({
        "name": name,
        "description": "Adds <img src=x onerror=alert(1)> a line\n::warning::desc",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "integer", "minimum": 5, "maximum": 1}}}
    });
    let file = "::notice::file\n.json";
    let dir = project(&[(
        file,
        serde_json::to_string_pretty(&tool).unwrap().as_bytes(),
    )]);
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        assert!(
            matches!(out.status.code(), Some(0..=2)),
            "{args:?}: {out:?}"
        );
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let ours = |l: &str| {
        ["::error file=", "::warning file=", "::notice file="]
            .iter()
            .any(|p| l.starts_with(p))
    };
    let mut runs = Vec::new();
    for format in ["human", "concise", "github", "json", "sarif"] {
        runs.push((
            format,
            run(&[
                "check",
                "--preview",
                ".",
                "--format",
                format,
                "--explain-links",
            ]),
        ));
    }
    runs.push(("cases", run(&["cases", "nope", "."])));
    runs.push(("md", run(&["report", "--preview", ".", "--format", "md"])));
    runs.push((
        "html",
        run(&["report", "--preview", ".", "--format", "html"]),
    ));
    for (what, (stdout, stderr)) in &runs {
        for (stream, text) in [("stdout", stdout), ("stderr", stderr)] {
            for line in text.lines() {
                let own = *what == "github" && stream == "stdout" && ours(line);
                assert!(
                    own || !line.trim_start().starts_with("::"),
                    "{what} {stream}: {line:?}"
                );
                if own {
                    // Our annotation's data carries no second command.
                    assert!(!line.contains("%0A::"), "{line:?}");
                }
            }
            // JSON and SARIF too: they write it as a `\u202e` escape (tests/invisible.rs).
            for c in ['\u{1b}', '\u{7}', '\u{202e}'] {
                assert!(!text.contains(c), "{what} {stream} emits {c:?} raw");
            }
        }
    }
    let (md, _) = &runs.iter().find(|(w, _)| *w == "md").unwrap().1;
    // Outside fenced excerpts (where HTML is inert), no raw HTML from the tree.
    let mut fenced = false;
    for line in md.lines() {
        if line.starts_with("```")
            && line
                .trim_start_matches('`')
                .trim_end_matches("text")
                .is_empty()
        {
            fenced = !fenced;
        } else if !fenced {
            assert!(
                !line.contains("<img"),
                "raw HTML in the Markdown report: {line}"
            );
        }
    }
    assert!(
        md.contains("```evil"),
        "the code span's fence must outgrow the name's ``"
    );
    let (_, cases_err) = &runs.iter().find(|(w, _)| *w == "cases").unwrap().1;
    assert_eq!(cases_err.lines().count(), 1, "{cases_err}");
}

/// Every recursive construct of Rust's grammar syn (and the extractor's walkers) descend
/// into, nested 20,000 deep: expressions (prefix, postfix and binary operators, closures,
/// jumps, blocks, calls, method chains, casts, ranges, assignments), types (pointers,
/// references, slices, arrays, tuples, `fn`, `impl`/`dyn Fn`, generics, paths) and patterns.
/// Each template's `$` is the hole the next level goes into. Each file must be E001 at its
/// place, the rest of the tree linted, the process never aborting.
#[test]
fn every_kind_of_rust_nesting_is_refused_not_a_crash() {
    const EXPR: &[&str] = &[
        "($)",
        "[$]",
        "{ $ }",
        "($,)",
        "!$",
        "-$",
        "*$",
        "&$",
        "&mut $",
        "|x| $",
        "move || $",
        "return $",
        "break $",
        "$ + 1",
        "1 + $",
        "$ * 2 == 3",
        "$.min(5)",
        "$?",
        "$ as u8",
        "$[0]",
        "$(1)",
        "$.0",
        "f($)",
        "S { a: $ }",
        "if a { $ } else { 0 }",
        "loop { $ }",
        "unsafe { $ }",
        "async { $ }",
        "match a { _ => $ }",
        "a = $",
        "a += $",
        "a..$",
        "$..a",
        "$.await",
        "while a { $ }",
        "for i in $ {}",
        "let _ = $;",
    ];
    const TYPE: &[&str] = &[
        "*const $",
        "*mut $",
        "&$",
        "&'a mut $",
        "[$]",
        "[$; 1]",
        "($,)",
        "fn() -> $",
        "fn($)",
        "impl Fn() -> $",
        "dyn Fn($)",
        "Vec<$>",
        "Result<u8, $>",
        "<$ as T>::A",
        "Box<dyn Iterator<Item = $>>",
    ];
    const PAT: &[&str] = &[
        "($,)",
        "[$]",
        "&$",
        "S($)",
        "S { a: $ }",
        "x @ $",
        "$ | 1",
        "box $",
    ];
    let levels = 20_000;
    let nest = |template: &str, core: &str| {
        let (pre, post) = template.split_once('$').unwrap();
        format!("{}{core}{}", pre.repeat(levels), post.repeat(levels))
    };
    let mut files = Vec::new();
    for (kinds, wrap) in [
        (
            EXPR,
            "pub fn validate_add_cart_line() -> bool { let _ = $; true }",
        ),
        (TYPE, "pub fn validate_add_cart_line(_: $) -> bool { true }"),
        (
            PAT,
            "pub fn validate_add_cart_line() -> bool { let $ = 0; true }",
        ),
    ] {
        for (i, t) in kinds.iter().enumerate() {
            let core = if std::ptr::eq(kinds, PAT) {
                "_"
            } else if std::ptr::eq(kinds, TYPE) {
                "u8"
            } else {
                "x"
            };
            let body = wrap.replace('$', &nest(t, core));
            let text = format!(
                "#[derive(serde::Deserialize)]\npub struct AddCartLineInput {{ pub q: u8 }}\n{body}\n"
            );
            files.push((format!("src/k{}_{i}.rs", files.len()), *t, text));
        }
    }
    let lib: String = (0..files.len()).map(|i| format!("mod k{i}_x;\n")).collect();
    let mut tree: Vec<(&str, &[u8])> = vec![
        (
            "Cargo.toml",
            b"[package]\nname = \"deep\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", lib.as_bytes()),
        ("tools.json", CLEAN.as_bytes()),
    ];
    tree.extend(files.iter().map(|(p, _, t)| (p.as_str(), t.as_bytes())));
    let dir = project(&tree);
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "--preview", ".", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "the run aborted: {:?}",
        out.status
    );
    let (found, _) = lint_in(dir.path(), &["."]);
    let not_refused: Vec<&str> = files
        .iter()
        .filter(|(p, _, _)| !found.iter().any(|f| f.code == "E001" && f.file == *p))
        .map(|(_, t, _)| *t)
        .collect();
    assert!(not_refused.is_empty(), "not E001: {not_refused:?}");
}

/// `include_str!` names a file a pull request chooses: its text is read only from inside the
/// package, never through a path or a link that leaves it (the text would reach the report).
/// An included file inside the package is read (the near miss: its claim is checked).
#[test]
#[cfg(unix)]
fn include_str_never_reads_outside_the_package() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = tmp.path().join("outside.md");
    fs::write(&outside, "Secret: you may hold at most 3 seats.").unwrap();
    let pkg = tmp.path().join("pkg");
    let tool = |name: &str, path: &str| {
        format!(
            "    #[tool(name = \"{name}\", description = include_str!(\"{path}\"))]\n    async fn {name}(&self, Parameters(input): Parameters<Hold>) -> Result<CallToolResult, ErrorData> {{\n        Ok(CallToolResult::success(vec![Content::text(input.showing)]))\n    }}\n"
        )
    };
    let source = format!(
        "use rmcp::handler::server::wrapper::Parameters;\nuse rmcp::model::{{CallToolResult, Content, ErrorData}};\nuse rmcp::{{tool, tool_router}};\n\n#[derive(serde::Deserialize, schemars::JsonSchema)]\n#[serde(deny_unknown_fields)]\npub struct Hold {{\n    /// The showing's id.\n    pub showing: String,\n    /// How many seats to hold.\n    #[schemars(range(min = 1, max = 8))]\n    pub seats: u8,\n}}\n\npub struct Office;\n\n#[tool_router]\nimpl Office {{\n{}{}{}{}}}\n",
        tool("up", "../../outside.md"),
        tool("absolute", outside.to_str().unwrap()),
        tool("linked", "../link.md"),
        tool("inside", "../prompts/hold.md"),
    );
    fs::create_dir_all(pkg.join("src")).unwrap();
    fs::create_dir_all(pkg.join("prompts")).unwrap();
    fs::write(
        pkg.join("Cargo.toml"),
        "[package]\nname = \"office\"\nversion = \"0.1.0\"\n\n[dependencies]\nrmcp = \"0.8\"\n",
    )
    .unwrap();
    fs::write(pkg.join("src/lib.rs"), source).unwrap();
    std::os::unix::fs::symlink(&outside, pkg.join("link.md")).unwrap();
    fs::write(
        pkg.join("prompts/hold.md"),
        "Hold seats; you may hold at most 6 seats.",
    )
    .unwrap();
    let found = lint(&pkg);
    let d001 = with_code(&found, "D001");
    assert_eq!(d001.len(), 1, "{found:#?}");
    assert!(d001[0].message.contains("`inside`") && d001[0].message.contains("at most 6"));
    // The three that leave the package: one systemic E002 for them.
    let e002 = with_code(&found, "E002");
    assert!(
        e002.len() == 1 && e002[0].message.contains("each of 3 tools"),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .all(|f| !f.message.contains("Secret") && !f.message.contains("at most 3"))
    );
}

/// Every recursive construct of JavaScript, nested 100,000 deep, and a tag with 30,000
/// attributes are refused as E001 at their file while the rest of the tree is linted; the
/// deepest nesting the guard lets through (found by bisection on the guard itself) and HTML
/// elements nested 100,000 deep are read without a crash. `$` is where the next level goes.
#[test]
fn every_kind_of_page_nesting_is_refused_not_a_crash() {
    use contractlint::extract::page_guard;
    const EXPR: &[&str] = &[
        "() => $",
        "async () => $",
        "x => $",
        "(x, y) => $",
        "function () { return $ }",
        "($)",
        "[$]",
        "{ a: $ }",
        "{ [$]: 1 }",
        "f($)",
        "$(1)",
        "$.a",
        "$?.a",
        "$[0]",
        "new $",
        "new F($)",
        "!$",
        "-$",
        "typeof $",
        "void $",
        "++$",
        "$ + 1",
        "1 + $",
        "$ && a",
        "a ?? $",
        "a ? $ : b",
        "a ? b : $",
        "$ ? a : b",
        "a = $",
        "a += $",
        "[a] = $",
        "`${$}`",
        "t`x${$}`",
        "[...$]",
        "f(...$)",
        "(class { m() { return $ } })",
        "({ get a() { return $ } })",
        "$ instanceof A",
        "a in $",
        "<T>$",
    ];
    const STMT: &[&str] = &[
        "{ $ }",
        "if (a) $",
        "if (a) {} else $",
        "while (a) $",
        "for (;;) $",
        "for (const k of a) $",
        "do $ while (a)",
        "l: $",
        "try { $ } catch {}",
        "switch (a) { case 1: $ }",
        "function g() { $ }",
    ];
    const HTML: &[&str] = &[
        "<div>$</div>",
        "<form toolname=\"t\"><fieldset>$</fieldset></form>",
    ];
    let register = |execute: &str| {
        format!(
            "navigator.modelContext.registerTool({{ name: 'deep', description: 'd', \
             inputSchema: {{ type: 'object' }}, execute: {execute} }});\n"
        )
    };
    let nest = |template: &str, core: &str, levels: usize| {
        let (pre, post) = template.split_once('$').unwrap();
        format!("{}{core}{}", pre.repeat(levels), post.repeat(levels))
    };
    let script = |kinds: &[&str], t: &str, levels: usize| {
        if std::ptr::eq(kinds, STMT) {
            register(&format!("() => {{ {} }}", nest(t, "x;", levels)))
        } else {
            register(&format!("() => {}", nest(t, "x", levels)))
        }
    };
    let mut refused = Vec::new();
    let mut passed = Vec::new();
    for kinds in [EXPR, STMT] {
        for t in kinds {
            refused.push((*t, script(kinds, t, 100_000)));
            // The deepest level the guard accepts.
            let (mut lo, mut hi) = (0, 100_000);
            while lo + 1 < hi {
                let mid = (lo + hi) / 2;
                if page_guard::script(&script(kinds, t, mid)).is_none() {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            passed.push((*t, script(kinds, t, lo)));
        }
    }
    let page = |body: &str| format!("<!doctype html><html><body>{body}</body></html>\n");
    // The tokenizer is flat: elements nested 100,000 deep are read, not refused.
    for t in HTML {
        passed.push((*t, page(&nest(t, "x", 100_000))));
    }
    let attrs = |n: usize| -> String { (0..n).map(|i| format!(" a{i}=\"v\"")).collect() };
    let form = |n: usize| {
        page(&format!(
            "<form toolname=\"t\" tooldescription=\"d\"{}><input name=\"q\"></form>",
            attrs(n)
        ))
    };
    refused.push(("<form a0 .. a30000>", form(30_000)));
    passed.push(("<form a0 .. a998>", form(page_guard::MAX_ATTRIBUTES - 2)));
    let inline = page(&format!(
        "<script>{}</script>",
        script(EXPR, "() => $", 100_000)
    ));
    refused.push(("<script>() => ..</script>", inline));
    for (cases, expect_refused) in [(&refused, true), (&passed, false)] {
        let files: Vec<(String, &str, &String)> = cases
            .iter()
            .enumerate()
            .map(|(i, (t, text))| {
                let ext = if text.starts_with("<!doctype") {
                    "html"
                } else {
                    "ts"
                };
                (format!("web/k{i}.{ext}"), *t, text)
            })
            .collect();
        let mut tree: Vec<(&str, &[u8])> = vec![("tools.json", CLEAN.as_bytes())];
        tree.extend(files.iter().map(|(p, _, t)| (p.as_str(), t.as_bytes())));
        let dir = project(&tree);
        let (found, code) = lint_in(dir.path(), &["."]);
        assert!(matches!(code, 0 | 1), "the run failed: {code}");
        let is_refused = |p: &str| {
            found.iter().any(|f| {
                f.code == "E001"
                    && f.file == p
                    && (f.message.contains("nested") || f.message.contains("attributes"))
            })
        };
        let wrong: Vec<&str> = files
            .iter()
            .filter(|(p, ..)| is_refused(p) != expect_refused)
            .map(|(_, t, _)| *t)
            .collect();
        assert!(
            wrong.is_empty(),
            "refused is not {expect_refused}: {wrong:?}"
        );
        // The rest of the tree is linted: the manifest's tool is there (no L004).
        assert!(with_code(&found, "L004").is_empty(), "{found:?}");
        if expect_refused {
            assert!(
                found
                    .iter()
                    .filter(|f| f.code == "E001")
                    .all(|f| f.line >= 1 && f.column >= 1)
            );
        }
    }
}

/// Ignore files are read as every file of the tree is: a `.gitignore` linked to `/dev/zero`,
/// a FIFO named `.gitignore` and a `.git/info/exclude` linked to `/dev/zero` are each E001
/// at their path (their rules not applied), never a hang or an unbounded read; the other
/// ignore files still apply and the rest of the tree is linted.
#[cfg(unix)]
#[test]
fn hostile_ignore_files_are_reported_never_read_unbounded_or_waited_on() {
    let dir = project(&[
        (".git/HEAD", b"ref: refs/heads/main\n"),
        ("tools.json", CLEAN.as_bytes()),
        ("kept/.gitignore", b"skipped.json\n"),
        (
            "kept/skipped.json",
            br#"{"name":"other","inputSchema":{"type":"object","properties":{"q":{"type":"integer","minimum":5,"maximum":1}}}}"#,
        ),
        ("fifo/x.txt", b""),
        ("zero/x.txt", b""),
    ]);
    let root = dir.path();
    std::os::unix::fs::symlink("/dev/zero", root.join("zero/.gitignore")).unwrap();
    fs::create_dir_all(root.join(".git/info")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join(".git/info/exclude")).unwrap();
    let ok = std::process::Command::new("mkfifo")
        .arg(root.join("fifo/.gitignore"))
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "mkfifo failed");
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(root)
        .args(["check", "--preview", ".", "--format", "json"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let (found, _) = lint_in(root, &["."]);
    let mut files: Vec<&str> = found.iter().map(|f| f.file.as_str()).collect();
    files.sort();
    assert_eq!(
        files,
        [".git/info/exclude", "fifo/.gitignore", "zero/.gitignore"],
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .all(|f| f.code == "E001" && f.message.contains("ignore file not read")),
        "{found:?}"
    );
}

/// Findings of one rule in one file stop at 100: 150 tools with an empty range in one
/// manifest give 100 S006 and one more S006 saying that 50 are not shown; another file's
/// findings are counted apart.
#[test]
fn findings_per_rule_and_file_are_capped_with_a_summary() {
    let tools = |prefix: &str, n: usize| {
        let t: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    r#"{{"name":"{prefix}{i}","description":"Finds things.","inputSchema":{{"type":"object","properties":{{"q":{{"type":"integer","description":"How many.","minimum":{},"maximum":1}}}}}}}}"#,
                    i + 2
                )
            })
            .collect();
        format!("[\n{}\n]\n", t.join(",\n"))
    };
    let many = tools("t", 150);
    let few = tools("u", 3);
    let dir = project(&[("many.json", many.as_bytes()), ("few.json", few.as_bytes())]);
    let (found, code) = lint_in(dir.path(), &["."]);
    assert_eq!(code, 1);
    let s006 = |file: &str| -> Vec<&Found> {
        found
            .iter()
            .filter(|f| f.code == "S006" && f.file == file)
            .collect()
    };
    let many_found = s006("many.json");
    assert_eq!(many_found.len(), 101, "{many_found:?}");
    let summary: Vec<_> = many_found
        .iter()
        .filter(|f| f.message.contains("not shown"))
        .collect();
    assert_eq!(summary.len(), 1);
    assert!(
        summary[0].message.starts_with("50 more S006 findings"),
        "{summary:?}"
    );
    // At the first finding left out: tool 100's line.
    assert_eq!(summary[0].line, 102);
    assert_eq!(s006("few.json").len(), 3);
}

/// The readiness report caps per rule, file and tool: 150 tools of one manifest, each with
/// an open input object (S003 made an error, its only one; not grouped), are each not
/// ready (under `check`'s cap the last 50 would have lost their error and be "needs review"),
/// and one tool with 150 empty ranges shows 100 and one summary finding of its own.
#[test]
fn the_readiness_report_caps_per_tool_and_keeps_every_verdict() {
    let ranged = |lo: usize| {
        format!(r#"{{"type":"integer","description":"How many.","minimum":{lo},"maximum":1}}"#)
    };
    let mut tools: Vec<String> = (0..150)
        .map(|i| {
            format!(
                r#"{{"name":"t{i}","description":"Finds things.","inputSchema":{{"type":"object","properties":{{"q":{}}}}}}}"#,
                r#"{"type":"integer","description":"How many.","minimum":1}"#
            )
        })
        .collect();
    let props: Vec<String> = (0..150)
        .map(|i| format!(r#""p{i}":{}"#, ranged(i + 2)))
        .collect();
    tools.push(format!(
        r#"{{"name":"wide","description":"Finds things.","inputSchema":{{"type":"object","additionalProperties":false,"properties":{{{}}}}}}}"#,
        props.join(",")
    ));
    let manifest = format!("[\n{}\n]\n", tools.join(",\n"));
    let dir = project(&[
        ("many.json", manifest.as_bytes()),
        (
            "contractlint.toml",
            b"group = false\n[rules]\nS003 = \"error\"\n",
        ),
    ]);
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args(["report", "--preview", ".", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let tools = report["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 151);
    for t in tools {
        assert_eq!(t["verdict"], "not_ready", "{}", t["name"]);
    }
    let wide = tools.iter().find(|t| t["name"] == "wide").unwrap();
    let s006: Vec<&serde_json::Value> = wide["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "S006")
        .collect();
    assert_eq!(s006.len(), 101);
    let summary: Vec<&str> = s006
        .iter()
        .filter_map(|f| f["message"].as_str())
        .filter(|m| m.contains("not shown"))
        .collect();
    assert_eq!(
        summary,
        [
            "50 more S006 findings for `wide` in this file are not shown (at most 100 per rule, file and tool)"
        ]
    );
}

/// A systemic finding lists every tool of its package: human output draws 20 of its
/// related locations and says how many more there are (a manifest of 77,000 tools drew a
/// snippet for each, for more than ten minutes); JSON still lists them all.
#[test]
fn human_output_draws_at_most_20_related_locations_per_finding() {
    let tools: Vec<String> = (0..30)
        .map(|i| {
            format!(
                r#"{{"name":"t{i}","description":"Finds things.","inputSchema":{{"type":"object","properties":{{"q":{{"type":"integer","description":"How many.","minimum":1}}}}}}}}"#
            )
        })
        .collect();
    let manifest = format!("[\n{}\n]\n", tools.join(",\n"));
    let dir = project(&[("tools.json", manifest.as_bytes())]);
    let human = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "--preview", ".", "--color", "never"])
        .output()
        .unwrap();
    let human = String::from_utf8_lossy(&human.stdout);
    assert_eq!(human.matches("the same for `t").count(), 20, "{human}");
    assert!(
        human.contains("9 more related locations not shown here"),
        "{human}"
    );
    let (found, _) = lint_in(dir.path(), &["."]);
    let s003 = with_code(&found, "S003");
    assert_eq!(s003.len(), 1, "{found:?}");
}

/// A minified one-line manifest is not printed whole for each finding: human output and the
/// HTML report show 120 bytes on each side of the span, with the file's own column.
#[test]
fn long_lines_are_windowed_around_the_span_in_human_and_html() {
    let pad = "a".repeat(300_000);
    let text = format!(
        r#"{{"x":"{pad}","name":"addCartLine","description":"Adds a line.","inputSchema":{{"type":"object","properties":{{"q":{{"type":"integer","description":"How many.","minimum":5,"maximum":1}}}}}}}}"#
    );
    let dir = project(&[("tools.json", text.as_bytes())]);
    let (found, _) = lint_in(dir.path(), &["."]);
    let s006 = with_code(&found, "S006");
    assert_eq!(s006.len(), 1, "{found:?}");
    let human = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "--preview", ".", "--color", "never"])
        .output()
        .unwrap();
    let human = String::from_utf8_lossy(&human.stdout);
    let longest = human.lines().map(str::len).max().unwrap();
    assert!(longest < 1_000, "a line of {longest} bytes");
    assert!(
        human.contains(&format!("tools.json:1:{}", s006[0].column)),
        "{human}"
    );
    assert!(human.contains("…"), "{human}");
    for format in ["html", "md"] {
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(dir.path())
            .args(["report", "--preview", ".", "--format", format])
            .output()
            .unwrap();
        // The 300 KB line would be in it once per excerpt.
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("…aaaa"),
            "{format}"
        );
        assert!(
            out.stdout.len() < 100_000,
            "{format}: {} bytes",
            out.stdout.len()
        );
    }
}
