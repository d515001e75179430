//! Embeds the rule catalog (`rules/*.toml`) so `explain`, SARIF metadata and the docs pages
//! all read the one source, and generates `RuleCode`, one variant per catalog file, so a code
//! that has no catalog entry does not compile. A new rule still needs its registry lines in
//! `src/rules/mod.rs` (`scripts/new-rule.sh` writes them; docs/contributing.md says how).

use std::fmt::Write;

fn main() {
    println!("cargo::rerun-if-changed=rules");
    let mut entries: Vec<_> = std::fs::read_dir("rules")
        .expect("rules/ directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    entries.sort();
    let mut out = String::from("pub static CATALOG_SOURCES: &[(&str, &str)] = &[\n");
    // Paths from the crate's directory at compile time, not this run's: a target directory
    // shared by two checkouts then still reads each checkout's own rules.
    for p in &entries {
        let name = p.file_name().unwrap().to_string_lossy();
        writeln!(
            out,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/rules/\", {name:?}))),"
        )
        .unwrap();
    }
    out.push_str("];\n");
    // The file stem is the code (the catalog test holds each entry's `code` to it), so the
    // build needs no TOML parser.
    let codes: Vec<String> = entries
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for c in &codes {
        assert!(
            c.len() == 4
                && c.as_bytes()[0].is_ascii_uppercase()
                && c[1..].bytes().all(|b| b.is_ascii_digit()),
            "rules/{c}.toml: a catalog file is named for its code, e.g. S003.toml"
        );
    }
    out.push_str(
        "/// A rule code with a catalog entry in `rules/`: a mistyped code does not compile.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
         pub enum RuleCode {\n",
    );
    for c in &codes {
        writeln!(out, "    {c},").unwrap();
    }
    out.push_str("}\n\nimpl RuleCode {\n    /// Every code, in code order.\n    pub const ALL: &[RuleCode] = &[");
    for c in &codes {
        write!(out, "RuleCode::{c}, ").unwrap();
    }
    out.push_str("];\n\n    pub const fn as_str(self) -> &'static str {\n        match self {\n");
    for c in &codes {
        writeln!(out, "            RuleCode::{c} => {c:?},").unwrap();
    }
    out.push_str("        }\n    }\n}\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalog.rs");
    std::fs::write(dest, out).unwrap();
}
