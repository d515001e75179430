//! Embeds the rule catalog (`rules/*.toml`) so `explain`, SARIF metadata and the docs pages
//! all read the one source, and adding a rule needs no registry edit outside `rules/`.

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
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy();
        writeln!(
            out,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/rules/\", {name:?}))),"
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalog.rs");
    std::fs::write(dest, out).unwrap();
}
