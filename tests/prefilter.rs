//! The prefilter parses only the Rust files that can matter; these tests show it reports
//! exactly what parsing every file reports: over every fixture, and over a generated tree
//! where the Rust side of each tool is spread over files reached only through names
//! (convention names, config names, calls, field types, constants, method receivers).

use contractlint::{Options, Parse, check, config::Config, report};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.join("expected.json").is_file() {
                out.push(p.clone());
            }
            fixtures(&p, out);
        }
    }
}

/// What a run read: functions, and of those, bodies.
#[derive(Debug)]
struct Read {
    fns: usize,
    bodies: usize,
}

/// The JSON report of `dir`, with the Rust files parsed as `parse` says.
fn lint(dir: &Path, parse: Parse) -> (String, Read) {
    let config = Config::load(None, dir).unwrap();
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config,
        parse,
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let fns = &outcome.project.rust.fns;
    let read = Read {
        fns: fns.len(),
        bodies: fns.iter().filter(|f| f.body.is_some()).count(),
    };
    (report::json::render(&outcome), read)
}

#[test]
fn every_fixture_reports_the_same_with_and_without_the_prefilter() {
    let mut dirs = Vec::new();
    fixtures(Path::new("testdata"), &mut dirs);
    assert!(dirs.len() >= 10, "fixtures not found: {dirs:?}");
    for dir in dirs {
        let whole = lint(&dir, Parse::AllWhole).0;
        assert_eq!(
            lint(&dir, Parse::Needed).0,
            whole,
            "{}: prefiltered run differs from parsing everything",
            dir.display()
        );
        assert_eq!(
            lint(&dir, Parse::All).0,
            whole,
            "{}: reading bodies on demand differs from reading them all",
            dir.display()
        );
    }
}

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// A shop whose tools' Rust sides are spread over many files, among noise files that
/// define the same common names (methods `len`, `normalize`), unrelated serde types and
/// functions, and a constant defined twice with different values.
fn generated_tree(root: &Path, tools: usize) {
    let mut manifest = Vec::new();
    for i in 0..tools {
        let max = 5 + i % 7;
        // Every third tool's schema disagrees with the code (R008/R009 and friends).
        let published = if i % 3 == 0 { max + 10 } else { max };
        // Some schemas take the address as a string, the Rust type as a struct (R004).
        let address = if i % 5 == 1 { "string" } else { "object" };
        manifest.push(serde_json::json!({
            "name": format!("addLine{i}"),
            "description": format!("Adds from 1 through {published} items to the cart."),
            "inputSchema": {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object",
                "properties": {
                    "sku": {"type": "string", "description": "Product code.", "minLength": 1},
                    "quantity": {"type": "integer", "description": "How many.", "minimum": 1, "maximum": published},
                    "address": {"type": address, "description": "Where to ship."}
                },
                "required": ["sku", "quantity", "address"],
                "additionalProperties": i % 4 == 0
            }
        }));
        write(
            root,
            &format!("shop/src/types/line{i}.rs"),
            &format!(
                "use serde::Deserialize;\n\n#[derive(Debug, Deserialize)]\n#[serde(deny_unknown_fields)]\n\
                 pub struct AddLine{i}Input {{\n    pub sku: String,\n    pub quantity: u32,\n    \
                 pub address: Address{i},\n}}\n"
            ),
        );
        write(
            root,
            &format!("shop/src/types/address{i}.rs"),
            &format!(
                "#[derive(serde::Deserialize)]\npub struct Address{i} {{\n    pub street: String,\n    \
                 #[serde(default)]\n    pub zip: Option<String>,\n}}\n"
            ),
        );
        write(
            root,
            &format!("shop/src/limits{i}.rs"),
            &format!("pub const MAX_QUANTITY_{i}: u32 = {max};\n"),
        );
        write(
            root,
            &format!("shop/src/validate/line{i}.rs"),
            &format!(
                "use crate::types::AddLine{i}Input;\n\n\
                 pub fn validate_add_line{i}(input: &AddLine{i}Input) -> Result<(), String> {{\n    \
                 input.check_sku()?;\n    check_quantity_{i}(input.quantity)?;\n    \
                 let _ = input.sku.normalize();\n    Ok(())\n}}\n"
            ),
        );
        write(
            root,
            &format!("shop/src/rules/quantity{i}.rs"),
            &format!(
                "pub fn check_quantity_{i}(quantity: u32) -> Result<(), String> {{\n    \
                 if quantity < 1 || quantity > crate::limits{i}::MAX_QUANTITY_{i} {{\n        \
                 return Err(\"quantity out of range\".into());\n    }}\n    Ok(())\n}}\n"
            ),
        );
        write(
            root,
            &format!("shop/src/rules/sku{i}.rs"),
            &format!(
                "impl AddLine{i}Input {{\n    pub fn check_sku(&self) -> Result<(), String> {{\n        \
                 if self.sku.is_empty() {{\n            return Err(\"sku is required\".into());\n        \
                 }}\n        Ok(())\n    }}\n}}\n"
            ),
        );
    }
    // Read-only tools whose handler writes through a method of the store (B002): the
    // effects walk follows `store.touch()` to every method called `touch`, which linking
    // alone does not (the name is not unique); the store's file is the largest of them.
    for i in 0..2 {
        manifest.push(serde_json::json!({
            "name": format!("listLines{i}"),
            "description": "Lists the lines of the cart.",
            "annotations": {"readOnlyHint": true},
            "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}
        }));
        write(
            root,
            &format!("shop/src/list{i}.rs"),
            &format!(
                "pub fn handle_list_lines{i}(store: &mut crate::store::Store) -> Vec<u32> {{\n    \
                 store.touch();\n    Vec::new()\n}}\n"
            ),
        );
    }
    write(
        root,
        "shop/src/store.rs",
        &format!(
            "{}pub struct Store {{ pub hits: Vec<u32> }}\nimpl Store {{\n    \
             pub fn touch(&mut self) {{\n        self.hits.push(1);\n    }}\n}}\n",
            "// The cart's storage.\n".repeat(200)
        ),
    );
    for j in 0..6 {
        write(
            root,
            &format!("shop/src/counters{j}.rs"),
            &format!("pub struct C{j};\nimpl C{j} {{\n    pub fn touch(&self) {{}}\n}}\n"),
        );
    }
    write(
        root,
        "shop/tools/tools.json",
        &serde_json::to_string_pretty(&serde_json::json!({ "tools": manifest })).unwrap(),
    );
    // A tool mapped by config to functions named nothing like it.
    write(
        root,
        "shop/contractlint.toml",
        "[[tool]]\nname = \"addLine1\"\nvalidator = \"guard_line_one\"\n",
    );
    write(
        root,
        "shop/src/guards.rs",
        "pub fn guard_line_one(input: &crate::types::AddLine1Input) -> Result<(), String> {\n    \
         if input.quantity > 99 {\n        return Err(\"too many\".into());\n    }\n    Ok(())\n}\n",
    );
    // Noise: the same method names in other types, a unique `normalize` in one place,
    // unrelated serde types, a redefined constant and many free functions.
    let mut noise = String::new();
    for j in 0..40 {
        let _ = write!(
            noise,
            "pub struct Buf{j}(Vec<u8>);\nimpl Buf{j} {{\n    pub fn len(&self) -> usize {{ self.0.len() }}\n    \
             pub fn check_sku(&self) -> bool {{ true }}\n}}\n\
             #[derive(serde::Deserialize)]\npub struct Unrelated{j} {{ pub a: u8 }}\n\
             pub fn helper_{j}(x: u32) -> u32 {{ x + 1 }}\n"
        );
        write(root, &format!("vendor/noise{j}.rs"), &noise);
    }
    write(
        root,
        "vendor/text.rs",
        "pub trait Normalize { fn normalize(&self) -> String; }\n\
         impl Normalize for String {\n    fn normalize(&self) -> String {\n        \
         if self.len() > 40 { return String::new(); }\n        self.trim().to_string()\n    }\n}\n",
    );
    write(
        root,
        "vendor/limits.rs",
        "pub const MAX_QUANTITY_0: u32 = 77;\n",
    );
}

#[test]
fn a_generated_tree_reports_the_same_with_and_without_the_prefilter() {
    let dir = tempfile::tempdir().unwrap();
    generated_tree(dir.path(), 12);
    let root = dir.path().join("shop");
    let project = dir.path();
    // The shop alone (config applies), then the shop among vendored noise.
    for path in [&root, &project.to_path_buf()] {
        let (filtered, filtered_read) = lint(path, Parse::Needed);
        let (all, all_read) = lint(path, Parse::All);
        let (whole, whole_read) = lint(path, Parse::AllWhole);
        assert_eq!(filtered, whole, "{}", path.display());
        assert_eq!(all, whole, "{}: bodies read on demand", path.display());
        assert!(filtered_read.fns < whole_read.fns, "no file was skipped");
        assert_eq!(all_read.fns, whole_read.fns);
        assert_eq!(whole_read.bodies, whole_read.fns);
        assert!(
            all_read.bodies < all_read.fns,
            "no body was skipped: {all_read:?}"
        );
        let report: serde_json::Value = serde_json::from_str(&filtered).unwrap();
        assert!(
            report["summary"]["errors"].as_u64().unwrap() > 0,
            "the planted defects were found: {filtered}"
        );
        assert!(
            filtered.contains("\"B002\""),
            "the store's write was reached"
        );
    }
}

#[test]
fn a_broken_file_no_tool_reaches_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    generated_tree(dir.path(), 2);
    write(
        dir.path(),
        "vendor/old.rs",
        "pub type Callback = Fn(&str) + Send;\npub fn unrelated() {}\n",
    );
    let (filtered, _) = lint(dir.path(), Parse::Needed);
    let (all, _) = lint(dir.path(), Parse::All);
    assert!(!filtered.contains("\"E001\""), "{filtered}");
    assert!(all.contains("\"E001\""), "{all}");
}

/// Files that may define a type a parsed function's parameter names are parsed before linking
/// asks for them (a guess that saves a round of linking): a guess that fails to parse is not
/// reported unless a lookup asks for the file, and a guess nothing asks for changes nothing.
#[test]
fn a_broken_file_only_guessed_at_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    generated_tree(dir.path(), 2);
    // A file linking parses (it defines a function of a name the validator calls, as a
    // method of a type no tool uses), whose method takes types no lookup asks for: one
    // defined in a broken file, one in a file that parses and holds a suppression.
    write(
        dir.path(),
        "shop/src/validate/extra.rs",
        "pub struct Other;\nimpl Other {\n    pub fn check_quantity_0(&self, a: &mut Unreached, b: &Elsewhere) {}\n}\n",
    );
    write(
        dir.path(),
        "vendor/unreached.rs",
        "pub struct Unreached { x: u32 }\npub type Callback = Fn(&str) + Send;\n",
    );
    write(
        dir.path(),
        "vendor/elsewhere.rs",
        "// contractlint: allow(S003) never used\npub struct Elsewhere;\n",
    );
    let (filtered, _) = lint(dir.path(), Parse::Needed);
    let (whole, _) = lint(dir.path(), Parse::AllWhole);
    assert!(!filtered.contains("\"E001\""), "{filtered}");
    assert!(!filtered.contains("\"U001\""), "{filtered}");
    assert!(whole.contains("\"E001\""), "{whole}");
}

/// The fixtures of cross-file resolution (no expected report of their own: `tests/resolve.rs`
/// asserts what they find): parsing what linking asks for, guesses included, reports what
/// parsing everything reports, down to where each label points. A guessed file that every
/// lookup was answered from once all files were read was taken for unasked and its text
/// dropped: its labels pointed at line 1.
#[test]
fn every_resolution_fixture_reports_the_same_with_and_without_the_prefilter() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("testdata/resolve")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 5, "fixtures not found: {dirs:?}");
    for dir in dirs {
        assert_eq!(
            lint(&dir, Parse::Needed).0,
            lint(&dir, Parse::AllWhole).0,
            "{}: prefiltered run differs from parsing everything",
            dir.display()
        );
    }
}
