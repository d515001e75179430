//! JSON is read as RFC 8259 says, as every other parser reads it: a raw control character
//! inside a string or a non-JSON whitespace character is E001, an escaped one is not.

use contractlint::{Options, check};

fn e001_messages(text: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tools")).unwrap();
    std::fs::write(dir.path().join("tools/bookTable.json"), text).unwrap();
    let opts = Options {
        paths: vec![dir.path().to_path_buf()],
        preview: true,
        ..Options::default()
    };
    check(&opts)
        .unwrap()
        .diagnostics
        .into_iter()
        .filter(|d| d.code == "E001")
        .map(|d| d.message)
        .collect()
}

fn manifest(description: &str) -> String {
    format!(
        r#"{{"name": "bookTable", "description": "{description}", "inputSchema": {{"type": "object", "properties": {{}}, "additionalProperties": false}}}}"#
    )
}

#[test]
fn raw_control_characters_in_strings_are_e001() {
    for raw in ['\u{0}', '\u{1b}', '\u{7}', '\t', '\n'] {
        let found = e001_messages(&manifest(&format!("Book{raw}a table.")));
        assert_eq!(found.len(), 1, "U+{:04X}: {found:?}", raw as u32);
        assert!(found[0].contains("control character"), "{found:?}");
    }
}

#[test]
fn whitespace_json_does_not_allow_is_e001() {
    for ws in ['\u{a0}', '\u{2028}', '\u{3000}'] {
        let found = e001_messages(&format!("{ws}{}", manifest("Book a table.")));
        assert_eq!(found.len(), 1, "U+{:04X}: {found:?}", ws as u32);
    }
}

#[test]
fn escaped_control_characters_and_json_whitespace_are_fine() {
    let text = format!(" \t\r\n{}\n", manifest("Book\\u0000 a\\t table\u{a0}now."));
    assert_eq!(e001_messages(&text), Vec::<String>::new());
}
