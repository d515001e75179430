//! Characters that take no room or reorder text (zero-width spaces and joiners, the word
//! joiner, the byte-order mark, Unicode tags, bidi controls) can make one tool's name look
//! like another's. Every format shows them: `\u{200b}` where people read the text, a
//! `\u200b` JSON escape in JSON (read back, the name is exact). Names that are not UTF-8
//! are shown lossily but reach SARIF as URIs of their own bytes.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

const HIDDEN: &[char] = &[
    '\u{200b}',
    '\u{200c}',
    '\u{200d}',
    '\u{2060}',
    '\u{feff}',
    '\u{e0041}',
    '\u{e007f}',
    '\u{202a}',
    '\u{202e}',
    '\u{2066}',
    '\u{2069}',
    '\u{200e}',
    '\u{200f}',
];

fn run(dir: &Path, args: &[&str]) -> String {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {out:?}"
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn invisible_and_bidi_characters_are_shown_in_every_format() {
    let name: String = std::iter::once("add".to_string())
        .chain(HIDDEN.iter().map(|c| format!("{c}x")))
        .collect();
    let tool = serde_json::json!({
        "name": name,
        "description": format!("Adds a line{}.", HIDDEN.iter().collect::<String>()),
        "inputSchema": {"type": "object", "properties": {"q": {"type": "integer", "minimum": 5, "maximum": 1}}}
    });
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tools.json"), tool.to_string()).unwrap();
    let check = |format| run(dir.path(), &["check", "--preview", ".", "--format", format]);
    let report = |format| {
        run(
            dir.path(),
            &["report", "--preview", ".", "--format", format],
        )
    };
    let outputs = [
        ("human", check("human")),
        ("concise", check("concise")),
        ("github", check("github")),
        ("sarif", check("sarif")),
        ("json", check("json")),
        ("html", report("html")),
        ("md", report("md")),
        ("report json", report("json")),
    ];
    for (what, text) in &outputs {
        for c in HIDDEN {
            assert!(!text.contains(*c), "{what} emits {c:?} raw");
        }
        let shown = match *what {
            "json" | "report json" => "add\\u200bx",
            "sarif" => "add\\\\u{200b}x",
            _ => "add\\u{200b}x",
        };
        assert!(
            text.contains(shown),
            "{what} does not show `{shown}`:\n{text}"
        );
    }
    // JSON escapes are JSON: read back, the name is the tool's, every character in place.
    let json: Value = serde_json::from_str(&outputs[4].1).unwrap();
    let tools: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["tool"].as_str())
        .collect();
    assert!(tools.contains(&name.as_str()), "{tools:?}");
    // SARIF message text is for people: escaped as human output is, then as JSON.
    let sarif: Value = serde_json::from_str(&outputs[3].1).unwrap();
    let message = sarif["runs"][0]["results"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(message.contains("add\\u{200b}x\\u{200c}x"), "{message}");
}

#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_get_lossless_distinct_sarif_uris() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    for (byte, tool) in [(0xffu8, "first"), (0xfe, "second")] {
        let bytes = [b'a', byte, b'.', b'j', b's', b'o', b'n'];
        let name = std::ffi::OsStr::from_bytes(&bytes);
        let manifest = serde_json::json!({"name": tool, "description": "Adds.",
            "inputSchema": {"type": "object", "properties": {"q": {"type": "integer", "minimum": 5, "maximum": 1}}}});
        std::fs::write(dir.path().join(name), manifest.to_string()).unwrap();
    }
    let out = run(
        dir.path(),
        &["check", "--preview", ".", "--format", "sarif", "--no-group"],
    );
    let sarif: Value = serde_json::from_str(&out).unwrap();
    let mut uris: Vec<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    uris.sort();
    uris.dedup();
    assert_eq!(uris, ["a%FE.json", "a%FF.json"]);
}
