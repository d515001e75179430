//! `contractlint diff`: git repositories built in a temporary folder (with the `git` command,
//! here in the test only: the product reads revisions with gix and runs nothing), two
//! revisions of each kind of tool source, and every change class asserted by code and tool.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// A repository in a temporary folder, with git's user and system configuration kept out.
struct Repo(tempfile::TempDir);

impl Repo {
    fn new() -> Repo {
        let r = Repo(tempfile::tempdir().unwrap());
        r.git(&["init", "-q", "-b", "main"]);
        r
    }

    fn path(&self) -> &Path {
        self.0.path()
    }

    fn git(&self, args: &[&str]) {
        let out = std::process::Command::new("git")
            .current_dir(self.path())
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@example.com",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
    }

    fn write(&self, files: &[(&str, &str)]) {
        for (name, text) in files {
            let p = self.path().join(name);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        }
    }

    /// Write the files, commit everything and tag the commit.
    fn commit(&self, tag: &str, files: &[(&str, &str)]) {
        self.write(files);
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "--allow-empty", "-m", tag]);
        self.git(&["tag", tag]);
    }
}

/// `contractlint diff ARGS --format json` in `cwd`: every change as (code, tool), the whole
/// report, and the exit code.
fn diff(cwd: &Path, args: &[&str]) -> (BTreeSet<(String, String)>, Value, i32) {
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(cwd)
        .arg("diff")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let changes = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["tool"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (changes, v, out.status.code().unwrap())
}

fn set(pairs: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    pairs
        .iter()
        .map(|(c, t)| (c.to_string(), t.to_string()))
        .collect()
}

const MANIFEST_V1: &str = r#"{"tools": [
  {"name": "addCartLine",
   "description": "Adds a product to the shopper's cart. Quantity defaults to 1.",
   "inputSchema": {"type": "object", "properties": {
     "sku": {"type": "string"},
     "quantity": {"type": "integer", "minimum": 1, "maximum": 10, "default": 1},
     "size": {"enum": ["S", "M", "L"]},
     "gift": {"type": "boolean"},
     "noteText": {"type": "string", "maxLength": 200}
   }, "required": ["sku"]}},
  {"name": "weighParcel", "description": "Returns the weight of a parcel.",
   "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {
     "weight": {"type": "number"},
     "length": {"type": "integer", "maximum": 100}
   }}},
  {"name": "findTable", "description": "Finds a folding table by its thickness.",
   "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {"thicknessMm": {"type": "number", "maximum": 80}}}},
  {"name": "listOrders", "description": "Lists the shopper's orders.",
   "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {"page": {"type": "integer"}}}},
  {"name": "saveNote", "description": "Saves a note.",
   "annotations": {"destructiveHint": false},
   "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
  {"name": "clearCart", "description": "Empties the cart.",
   "inputSchema": {"type": "object", "properties": {"confirm": {"type": "boolean"}}}}
]}
"#;

const MANIFEST_V2: &str = r#"{"tools": [
  {"name": "addCartLine",
   "description": "Adds a product to the shopper's cart. Quantity defaults to 2.",
   "inputSchema": {"type": "object", "properties": {
     "sku": {"type": "string"},
     "quantity": {"type": "integer", "minimum": 1, "maximum": 5, "default": 2},
     "size": {"enum": ["S", "M", "XL"]},
     "note": {"type": "string", "maxLength": 200},
     "coupon": {"type": "string"}
   }, "required": ["sku", "quantity"], "additionalProperties": false}},
  {"name": "weighParcel", "description": "Returns the parcel's weight.",
   "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {
     "weight": {"type": "integer"},
     "length": {"type": "integer", "maximum": 200}
   }}},
  {"name": "searchTables", "description": "Finds a folding table by its thickness.",
   "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {"thicknessMm": {"type": "number", "maximum": 80}}}},
  {"name": "listOrders", "description": "Lists the shopper's orders.",
   "annotations": {"readOnlyHint": false},
   "inputSchema": {"type": "object", "properties": {"page": {"type": "integer"}}}},
  {"name": "saveNote", "description": "Saves a note.",
   "annotations": {"destructiveHint": true},
   "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
  {"name": "removeCartLine", "description": "Removes a line from the cart.",
   "inputSchema": {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}}
]}
"#;

#[test]
fn every_class_of_a_json_manifest_change_is_reported_once() {
    let repo = Repo::new();
    repo.commit("v1", &[("tools.json", MANIFEST_V1)]);
    repo.commit("v2", &[("tools.json", MANIFEST_V2)]);
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert_eq!(
        changes,
        set(&[
            ("X001", "clearCart"),
            ("X002", "searchTables"),
            ("X003", "addCartLine"),
            ("X004", "addCartLine"),
            ("X005", "weighParcel"),
            ("X006", "addCartLine"),
            ("X007", "addCartLine"),
            ("X008", "addCartLine"),
            ("X009", "listOrders"),
            ("X010", "saveNote"),
            ("X101", "addCartLine"),
            ("X102", "addCartLine"),
            ("X201", "removeCartLine"),
            ("X202", "addCartLine"),
            ("X203", "weighParcel"),
            ("X204", "addCartLine"),
            ("X205", "weighParcel"),
        ]),
        "{v:#}"
    );
    assert_eq!(code, 1, "breaking changes exit 1");
    let diags = v["diagnostics"].as_array().unwrap();
    let messages: Vec<&str> = diags
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    // The rename is one change, not a removal of `findTable` and an addition.
    assert!(
        messages.contains(&"tool `findTable` is renamed to `searchTables`"),
        "{messages:#?}"
    );
    assert_eq!(
        diags.iter().filter(|d| d["code"] == "X001").count(),
        1,
        "{messages:#?}"
    );
    // `gift` is removed; `noteText` is renamed to `note` (one change, the new name not also
    // an added property).
    let x003: Vec<&str> = diags
        .iter()
        .filter(|d| d["code"] == "X003")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(x003.len(), 2, "{x003:#?}");
    assert!(
        x003.iter()
            .any(|m| m.contains("`gift`") && m.contains("removed"))
    );
    assert!(
        x003.iter()
            .any(|m| m.contains("`noteText`") && m.contains("renamed to `note`"))
    );
    let added: Vec<&str> = diags
        .iter()
        .filter(|d| d["code"] == "X202")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        added,
        ["tool `addCartLine` accepts a new optional property `coupon`"]
    );
    // Both sides' locations: the head's file as it is in the tree, the base's as `REV:path`.
    let bound = diags.iter().find(|d| d["code"] == "X007").unwrap();
    assert_eq!(bound["primary"]["file"], "tools.json");
    assert_eq!(bound["primary"]["line"], 6);
    assert_eq!(bound["related"][0]["file"], "v1:tools.json");
    assert_eq!(bound["related"][0]["line"], 6);
    assert_eq!(bound["severity"], "error");
    assert_eq!(bound["rule"], "bound-narrowed");
    let removed = diags.iter().find(|d| d["code"] == "X001").unwrap();
    assert_eq!(removed["primary"]["file"], "v1:tools.json");
}

#[test]
fn the_working_tree_is_compared_with_head_by_default_and_only_compatible_changes_pass() {
    let repo = Repo::new();
    repo.commit("v1", &[("tools.json", MANIFEST_V1)]);
    let (changes, _, code) = diff(repo.path(), &[]);
    assert!(changes.is_empty(), "{changes:?}");
    assert_eq!(code, 0);
    // A new tool and a wider bound: compatible, exit 0 unless asked to fail on them.
    let wider = MANIFEST_V1
        .replace(r#""maximum": 100"#, r#""maximum": 150"#)
        .replace(
            r#"  {"name": "clearCart""#,
            r#"  {"name": "ping", "inputSchema": {"type": "object"}},
  {"name": "clearCart""#,
        );
    repo.write(&[("tools.json", &wider)]);
    let (changes, v, code) = diff(repo.path(), &[]);
    assert_eq!(
        changes,
        set(&[("X201", "ping"), ("X203", "weighParcel")]),
        "{v:#}"
    );
    assert_eq!(code, 0);
    let (_, _, code) = diff(repo.path(), &["HEAD", "--fail-on", "compatible"]);
    assert_eq!(code, 1);
    // A degrading change fails only from `--fail-on degrading` on.
    let reworded = MANIFEST_V1.replace("defaults to 1.", "defaults to 3.");
    repo.write(&[("tools.json", &reworded)]);
    let (changes, _, code) = diff(repo.path(), &["v1"]);
    assert_eq!(changes, set(&[("X101", "addCartLine")]));
    assert_eq!(code, 0);
    let (_, _, code) = diff(repo.path(), &["v1", "--fail-on", "degrading"]);
    assert_eq!(code, 1);
}

#[test]
fn paths_limit_both_sides_and_a_path_the_base_lacks_holds_only_new_tools() {
    let repo = Repo::new();
    repo.commit("v1", &[("shop/tools.json", MANIFEST_V1)]);
    repo.commit(
        "v2",
        &[
            ("shop/tools.json", MANIFEST_V2),
            (
                "admin/tools.json",
                r#"{"name": "purge", "inputSchema": {"type": "object"}}"#,
            ),
        ],
    );
    let (changes, _, _) = diff(repo.path(), &["v1..v2", "admin"]);
    assert_eq!(changes, set(&[("X201", "purge")]));
    // From a subdirectory, paths are the subdirectory's.
    let (changes, _, _) = diff(&repo.path().join("shop"), &["v1..v2", "."]);
    assert!(
        changes.contains(&("X001".into(), "clearCart".into())),
        "{changes:?}"
    );
    assert!(
        !changes.contains(&("X201".into(), "purge".into())),
        "{changes:?}"
    );
}

#[test]
fn two_directories_are_compared_without_git() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [("old", MANIFEST_V1), ("new", MANIFEST_V2)] {
        fs::create_dir(dir.path().join(name)).unwrap();
        fs::write(dir.path().join(name).join("tools.json"), text).unwrap();
    }
    let (changes, v, code) = diff(dir.path(), &["--dirs", "old", "new"]);
    assert!(
        changes.contains(&("X002".into(), "searchTables".into())),
        "{v:#}"
    );
    assert!(
        changes.contains(&("X007".into(), "addCartLine".into())),
        "{v:#}"
    );
    assert_eq!(code, 1);
    let bound = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "X007")
        .unwrap();
    assert_eq!(bound["primary"]["file"], "new/tools.json");
    assert_eq!(bound["related"][0]["file"], "old/tools.json");
}

const RMCP_CARGO: &str = r#"[package]
name = "cart-mcp"
version = "0.1.0"
edition = "2024"

[dependencies]
rmcp = { version = "3", features = ["server", "macros"] }
schemars = "1"
serde = { version = "1", features = ["derive"] }
"#;

const RMCP_V1: &str = r#"//! The cart's MCP tools.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `addCartLine`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddCartLine {
    /// Product code from the catalogue.
    pub sku: String,
    /// Number of items to add.
    #[schemars(range(min = 1, max = 10))]
    pub quantity: u8,
    /// Parcel weight.
    pub weight: f64,
    /// Registry to order from.
    pub registry: Option<String>,
}

/// Arguments of `listLines`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListLines {
    /// Lines to return.
    pub limit: Option<u32>,
}

#[derive(Default)]
pub struct CartServer;

#[tool_router]
impl CartServer {
    #[tool(name = "addCartLine", description = "Adds a product to the shopper's cart.")]
    async fn add_cart_line(
        &self,
        Parameters(input): Parameters<AddCartLine>,
    ) -> Result<CallToolResult, ErrorData> {
        if !(1..=10).contains(&input.quantity) {
            return Err(ErrorData::invalid_params("quantity out of range", None));
        }
        Ok(CallToolResult::success(vec![Content::text(input.sku)]))
    }

    #[tool(name = "listLines", description = "Lists the cart's lines.")]
    async fn list_lines(
        &self,
        Parameters(input): Parameters<ListLines>,
    ) -> Result<CallToolResult, ErrorData> {
        let limit = input.limit.unwrap_or(20);
        Ok(CallToolResult::success(vec![Content::text(limit.to_string())]))
    }
}

fn main() {}
"#;

#[test]
fn an_rmcp_servers_derived_schema_is_compared_and_a_renamed_handler_is_one_change() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[("Cargo.toml", RMCP_CARGO), ("src/main.rs", RMCP_V1)],
    );
    let v2 = RMCP_V1
        .replace(
            "#[derive(Debug, Deserialize, JsonSchema)]\npub struct AddCartLine {",
            "#[derive(Debug, Deserialize, JsonSchema)]\n#[serde(deny_unknown_fields)]\npub struct AddCartLine {",
        )
        .replace("range(min = 1, max = 10)", "range(min = 1, max = 5)")
        .replace("(1..=10)", "(1..=5)")
        .replace("pub weight: f64,", "pub weight: u32,\n    /// Gift wrap.\n    pub wrap: bool,")
        // A wrapper serde reads as its one field, whose schema is written by hand: what it
        // publishes is not known, so no change is claimed for `registry`.
        .replace("pub registry: Option<String>,", "pub registry: Registry,")
        .replace(
            "#[derive(Default)]\npub struct CartServer;",
            "#[derive(Debug, Default, Deserialize)]\n#[serde(transparent)]\npub struct Registry {\n    value: Option<String>,\n}\n\nimpl JsonSchema for Registry {\n    fn schema_name() -> std::borrow::Cow<'static, str> {\n        \"string\".into()\n    }\n\n    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {\n        schemars::json_schema!({\"type\": \"string\"})\n    }\n}\n\n#[derive(Default)]\npub struct CartServer;",
        )
        // Published under a new name, the old one still accepted: no call breaks.
        .replace(
            "    pub sku: String,",
            "    #[serde(alias = \"sku\")]\n    pub product: String,",
        )
        .replace("Content::text(input.sku)", "Content::text(input.product)")
        .replace("name = \"listLines\"", "name = \"showLines\"")
        .replace("fn list_lines(", "fn show_lines(");
    repo.commit("v2", &[("src/main.rs", &v2)]);
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert_eq!(
        changes,
        set(&[
            ("X002", "showLines"),
            ("X004", "addCartLine"),
            ("X005", "addCartLine"),
            ("X007", "addCartLine"),
            ("X008", "addCartLine"),
            ("X203", "addCartLine"),
        ]),
        "{v:#}"
    );
    assert_eq!(code, 1);
    let messages: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.contains(
            &"property `sku` of tool `addCartLine` is published as `product`; the code still accepts `sku` (a serde alias)"
        ),
        "{messages:#?}"
    );
    let bound = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "X007")
        .unwrap();
    assert_eq!(bound["primary"]["file"], "src/main.rs");
    assert_eq!(bound["related"][0]["file"], "v1:src/main.rs");
    // A suppression where the change is reported silences it, as it does a finding.
    let allowed = v2.replace(
        "    #[schemars(range(min = 1, max = 5))]",
        "    // contractlint: allow(X007) the warehouse ships at most five\n    #[schemars(range(min = 1, max = 5))]",
    );
    repo.commit("v3", &[("src/main.rs", &allowed)]);
    let (changes, v, _) = diff(repo.path(), &["v1..v3"]);
    let about = |code: &str, word: &str| {
        v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == code && d["message"].as_str().unwrap().contains(word))
    };
    assert!(!about("X007", "`quantity`"), "{v:#}");
    assert!(about("X007", "`weight`"), "{v:#}");
    assert!(
        changes.contains(&("X008".into(), "addCartLine".into())),
        "{v:#}"
    );
    // `check` does not take the suppression of a change class for an unused one (U001).
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(repo.path())
        .args(["check", ".", "--format", "json", "--select", "ALL"])
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        !report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "U001"),
        "{report:#}"
    );
}

const RMCP_CART: &str = r#"//! A read-only tool over the cart.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct Cart {
    lines: BTreeMap<String, u8>,
}

impl Cart {
    pub fn add(&mut self, sku: &str, quantity: u8) {
        *self.lines.entry(sku.to_string()).or_insert(0) += quantity;
    }

    pub fn count(&self) -> usize {
        self.lines.len()
    }
}

/// Arguments of `countLines`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CountLines {
    /// Only lines of this SKU.
    pub sku: Option<String>,
}

#[derive(Default)]
pub struct CartServer {
    cart: Mutex<Cart>,
}

#[tool_router]
impl CartServer {
    #[tool(name = "countLines", description = "Counts the cart's lines.", annotations(read_only_hint = true))]
    async fn count_lines(
        &self,
        Parameters(input): Parameters<CountLines>,
    ) -> Result<CallToolResult, ErrorData> {
        let n = self.cart.lock().unwrap().count();
        Ok(CallToolResult::success(vec![Content::text(format!("{n} {:?}", input.sku))]))
    }
}

fn main() {}
"#;

#[test]
fn a_read_only_tool_whose_handler_now_writes_is_breaking() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[("Cargo.toml", RMCP_CARGO), ("src/main.rs", RMCP_CART)],
    );
    let v2 = RMCP_CART.replace(
        "        let n = self.cart.lock().unwrap().count();",
        "        self.cart.lock().unwrap().add(\"VIEWED\", 1);\n        let n = self.cart.lock().unwrap().count();",
    );
    repo.write(&[("src/main.rs", &v2)]);
    let (changes, v, code) = diff(repo.path(), &["v1"]);
    assert_eq!(changes, set(&[("X009", "countLines")]), "{v:#}");
    assert_eq!(code, 1);
    let d = &v["diagnostics"][0];
    assert_eq!(d["primary"]["file"], "src/main.rs");
    assert_eq!(d["related"][0]["file"], "v1:src/main.rs");
}

const JSON_CARGO: &str = r#"[package]
name = "weather-mcp"
version = "0.1.0"
edition = "2024"

[dependencies]
serde_json = "1"
"#;

const JSON_V1: &str = r#"//! A JSON-RPC MCP server without an SDK: `tools/list` answers with a `json!` literal.

use serde_json::{Map, Value, json};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "forecast",
                "description": "Daily forecast for a city.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "city": {"type": "string"},
                        "days": {"type": "integer", "maximum": 14, "default": 7}
                    },
                    "required": ["city"]
                }
            },
            {
                "name": "alerts",
                "description": "Weather alerts for a region.",
                "inputSchema": {
                    "type": "object",
                    "properties": {"region": {"type": "string"}}
                }
            }
        ]
    })
}

fn call_tool(name: &str, args: &Map<String, Value>) -> Result<Value, String> {
    let city = args.get("city").and_then(Value::as_str).unwrap_or_default();
    Ok(json!({"content": [{"type": "text", "text": format!("{name} {city}")}]}))
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("forecast", &Map::new());
}
"#;

#[test]
fn json_macro_tools_are_compared() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[("Cargo.toml", JSON_CARGO), ("src/main.rs", JSON_V1)],
    );
    let v2 = JSON_V1
        .replace(
            r#""maximum": 14, "default": 7"#,
            r#""maximum": 7, "default": 3"#,
        )
        .replace(
            r#",
            {
                "name": "alerts",
                "description": "Weather alerts for a region.",
                "inputSchema": {
                    "type": "object",
                    "properties": {"region": {"type": "string"}}
                }
            }"#,
            "",
        );
    assert_ne!(v2, JSON_V1);
    repo.commit("v2", &[("src/main.rs", &v2)]);
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert_eq!(
        changes,
        set(&[
            ("X001", "alerts"),
            ("X007", "forecast"),
            ("X102", "forecast"),
        ]),
        "{v:#}"
    );
    assert_eq!(code, 1);
}

const PAGE_V1: &str = r#"// Registers the shop's cart tools with the browser's agent.
document.modelContext.registerTool({
  name: "addCartLine",
  description: "Adds a product to the shopping cart.",
  inputSchema: {
    type: "object",
    properties: {
      sku: { type: "string", maxLength: 32 },
      quantity: { type: "integer", minimum: 1, maximum: 5 },
    },
    required: ["sku"],
  },
  annotations: { readOnlyHint: false },
  execute: async (input) => ({ content: [{ type: "text", text: "Added." }] }),
});

document.modelContext.registerTool({
  name: "findProduct",
  description: "Finds a product by name.",
  inputSchema: { type: "object", properties: { query: { type: "string", maxLength: 64 } } },
  annotations: { readOnlyHint: true },
  execute: async (input) => ({ content: [{ type: "text", text: input.query }] }),
});
"#;

#[test]
fn webmcp_page_tools_are_compared() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[
            ("web/shop.js", PAGE_V1),
            (
                "web/index.html",
                "<!doctype html><script src=\"shop.js\"></script>\n",
            ),
        ],
    );
    let v2 = PAGE_V1
        .replace("maxLength: 32", "maxLength: 16")
        .replace(r#"required: ["sku"]"#, r#"required: ["sku", "quantity"]"#)
        .replace("readOnlyHint: true", "readOnlyHint: false");
    repo.commit("v2", &[("web/shop.js", &v2)]);
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert_eq!(
        changes,
        set(&[
            ("X004", "addCartLine"),
            ("X007", "addCartLine"),
            ("X009", "findProduct"),
        ]),
        "{v:#}"
    );
    assert_eq!(code, 1);
}

/// A tree whose `.git/config` names commands for git to run (fsmonitor, hooks, filters, a
/// pager, an external diff, credentials, ssh) and a committed `.gitattributes` that routes
/// every file through the filter: `diff` reads both revisions and the working tree and runs
/// none of them.
#[test]
fn a_trees_git_config_runs_nothing() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[
            ("tools.json", MANIFEST_V1),
            (".gitattributes", "* filter=evil diff=evil\n"),
        ],
    );
    repo.commit("v2", &[("tools.json", MANIFEST_V2)]);
    let canary = repo.path().join("executed");
    let script = repo.path().join("payload.sh");
    fs::write(
        &script,
        format!("#!/bin/sh\ntouch '{}'\ncat\n", canary.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let hooks = repo.path().join("hooks");
    fs::create_dir(&hooks).unwrap();
    for hook in [
        "post-checkout",
        "pre-commit",
        "post-index-change",
        "reference-transaction",
        "fsmonitor-watchman",
    ] {
        fs::copy(&script, hooks.join(hook)).unwrap();
    }
    let s = script.display();
    let config = repo.path().join(".git/config");
    let mut text = fs::read_to_string(&config).unwrap();
    text.push_str(&format!(
        "[core]\n\tfsmonitor = {s}\n\thooksPath = {h}\n\tpager = {s}\n\tsshCommand = {s}\n\taskPass = {s}\n\
         [filter \"evil\"]\n\tclean = {s}\n\tsmudge = {s}\n\tprocess = {s}\n\trequired = true\n\
         [diff \"evil\"]\n\ttextconv = {s}\n\tcommand = {s}\n\
         [diff]\n\texternal = {s}\n\
         [credential]\n\thelper = !{s}\n\
         [include]\n\tpath = {s}\n\
         [safe]\n\tdirectory = *\n",
        h = hooks.display(),
    ));
    fs::write(&config, text).unwrap();
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert!(
        changes.contains(&("X002".into(), "searchTables".into())),
        "{v:#}"
    );
    assert_eq!(code, 1);
    let (changes, v, _) = diff(repo.path(), &["v1"]);
    assert!(
        changes.contains(&("X002".into(), "searchTables".into())),
        "{v:#}"
    );
    assert!(
        !canary.exists(),
        "a command from the tree's .git/config was run"
    );
}

#[test]
fn an_unknown_revision_and_a_path_outside_the_repository_are_usage_errors() {
    let repo = Repo::new();
    repo.commit("v1", &[("tools.json", MANIFEST_V1)]);
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(repo.path())
        .args(["diff", "no-such-tag"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no-such-tag"),
        "{out:?}"
    );
    let outside = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(repo.path())
        .args(["diff", "v1..v1"])
        .arg(outside.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn markdown_lists_every_change_with_its_class() {
    let repo = Repo::new();
    repo.commit("v1", &[("tools.json", MANIFEST_V1)]);
    repo.commit("v2", &[("tools.json", MANIFEST_V2)]);
    let out = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(repo.path())
        .args(["diff", "v1..v2", "--format", "markdown"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("## contractlint diff\n\nFound 18 changes (11 breaking, 2 degrading, 5 compatible) from v1 ("), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| ")).collect();
    // The header and one row per change, breaking first.
    assert_eq!(rows.len(), 19, "{text}");
    assert!(rows[1].starts_with("| breaking |"), "{text}");
    assert!(rows[18].starts_with("| compatible |"), "{text}");
    assert!(
        text.contains("| breaking | X002 tool-renamed | `searchTables` |"),
        "{text}"
    );
}

/// Output goes the other way: what a client relied on (a required property) gone, or what it
/// must now handle (a new value, null, a wider bound), is breaking; a promise added is not.
#[test]
fn an_output_schema_is_compared_from_the_clients_side() {
    let tool = |name: &str, output: &str| {
        format!(
            r#"{{"name": "{name}", "description": "Reads an order.", "inputSchema": {{"type": "object"}}, "outputSchema": {output}}}"#
        )
    };
    let v1 = [
        tool(
            "getOrder",
            r#"{"type": "object", "properties": {"id": {"type": "string"}, "total": {"type": "number", "maximum": 1000},
               "status": {"enum": ["open", "paid"]}}, "required": ["id", "total"]}"#,
        ),
        tool(
            "getInvoice",
            r#"{"type": "object", "properties": {"id": {"type": "string"}, "pdf": {"type": "string"}}, "required": ["id"]}"#,
        ),
        tool(
            "getStock",
            r#"{"type": "object", "properties": {"count": {"type": "integer"}}}"#,
        ),
    ];
    let v2 = [
        // `total` is no longer required, `status` may be `cancelled`, `id` may be null.
        tool(
            "getOrder",
            r#"{"type": "object", "properties": {"id": {"type": ["string", "null"]}, "total": {"type": "number", "maximum": 1000},
               "status": {"enum": ["open", "paid", "cancelled"]}}, "required": ["id"]}"#,
        ),
        // `pdf` is removed (it was optional) and `pages` is new and required: compatible.
        tool(
            "getInvoice",
            r#"{"type": "object", "properties": {"id": {"type": "string"}, "pages": {"type": "integer"}}, "required": ["id", "pages"]}"#,
        ),
        // The schema is gone.
        r#"{"name": "getStock", "description": "Reads an order.", "inputSchema": {"type": "object"}}"#.to_string(),
    ];
    let repo = Repo::new();
    repo.commit("v1", &[("tools.json", &format!("[{}]", v1.join(",\n")))]);
    repo.commit("v2", &[("tools.json", &format!("[{}]", v2.join(",\n")))]);
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert_eq!(
        changes,
        set(&[
            ("X011", "getOrder"),
            ("X012", "getOrder"),
            ("X206", "getInvoice"),
            ("X011", "getStock"),
        ]),
        "{v:#}"
    );
    assert_eq!(code, 1);
    let messages: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    for m in [
        "output property `total` of tool `getOrder` is no longer required: clients that read it may find nothing",
        "output `status` of tool `getOrder` may now be \"cancelled\"",
        "output `id` of tool `getOrder` may now be null: clients must handle it",
        "output property `pages` of tool `getInvoice` is now always present",
    ] {
        assert!(messages.contains(&m), "{m}: {messages:#?}");
    }
}

/// The schema is unchanged, the handler's check is not: the new code rejects a quantity of 6
/// and a SKU 21 bytes long that the schema allows and the old code accepted.
#[test]
fn a_handler_that_now_rejects_what_the_schema_allows_is_breaking() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[("Cargo.toml", RMCP_CARGO), ("src/main.rs", RMCP_V1)],
    );
    let v2 = RMCP_V1.replace("(1..=10)", "(1..=5)").replace(
        "        Ok(CallToolResult::success(vec![Content::text(input.sku)]))",
        "        if input.sku.len() > 20 {\n            return Err(ErrorData::invalid_params(\"sku too long\", None));\n        }\n        Ok(CallToolResult::success(vec![Content::text(input.sku)]))",
    );
    repo.commit("v2", &[("src/main.rs", &v2)]);
    let (changes, v, code) = diff(repo.path(), &["v1..v2"]);
    assert_eq!(changes, set(&[("X013", "addCartLine")]), "{v:#}");
    assert_eq!(code, 1);
    let diags = v["diagnostics"].as_array().unwrap();
    let messages: Vec<&str> = diags
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages.len(),
        2,
        "one change per property and side: {messages:#?}"
    );
    for m in [
        "`quantity` of tool `addCartLine`: the code now rejects 6, which the schema allows and the old code accepted",
        "`sku` of tool `addCartLine`: the code now rejects a length of 21, which the schema allows and the old code accepted",
    ] {
        assert!(messages.contains(&m), "{m}: {messages:#?}");
    }
    // Both locations: the new check, and the old handler.
    let q = diags
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("`quantity`"))
        .unwrap();
    assert_eq!(q["primary"]["file"], "src/main.rs");
    assert_eq!(q["related"][0]["file"], "v1:src/main.rs");
    // A side whose check of `quantity` compares it with a value that is not a constant does
    // not say what it accepted: silence.
    let opaque = RMCP_V1
        .replace("(1..=10).contains(&input.quantity)", "(1..=self.max()).contains(&input.quantity)")
        .replace(
            "#[tool_router]\nimpl CartServer {",
            "impl CartServer {\n    fn max(&self) -> u8 {\n        std::env::args().count() as u8\n    }\n}\n\n#[tool_router]\nimpl CartServer {",
        );
    assert_ne!(opaque, RMCP_V1);
    repo.commit("v1-opaque", &[("src/main.rs", &opaque)]);
    let (changes, v, _) = diff(repo.path(), &["v1-opaque..v2"]);
    assert!(
        !v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["message"].as_str().unwrap().contains("`quantity`")),
        "{changes:?} {v:#}"
    );
    // Narrowed in the schema as well: the schema's change (X007) says it, not the code's.
    let v3 = v2.replace("range(min = 1, max = 10)", "range(min = 1, max = 5)");
    repo.commit("v3", &[("src/main.rs", &v3)]);
    let (changes, v, _) = diff(repo.path(), &["v2..v3"]);
    assert_eq!(changes, set(&[("X007", "addCartLine")]), "{v:#}");
}

/// `report --diff-against REV`: the auditor's report carries the changes since a named release,
/// in every format, and only when asked.
#[test]
fn a_report_lists_the_changes_since_a_named_release() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[("Cargo.toml", RMCP_CARGO), ("src/main.rs", RMCP_V1)],
    );
    repo.commit(
        "v2",
        &[("src/main.rs", &RMCP_V1.replace("(1..=10)", "(1..=5)"))],
    );
    let report = |args: &[&str]| {
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(repo.path())
            .arg("report")
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let v: Value =
        serde_json::from_str(&report(&["--format", "json", "--diff-against", "v1"])).unwrap();
    let changes = v["diff"]["changes"].as_array().unwrap();
    assert!(
        v["diff"]["base"].as_str().unwrap().starts_with("v1"),
        "{v:#}"
    );
    assert!(
        changes.iter().any(|c| c["class"] == "breaking"
            && c["code"] == "X013"
            && c["tool"] == "addCartLine"
            && c["location"]["file"] == "src/main.rs"),
        "{changes:#?}"
    );
    let md = report(&["--format", "md", "--diff-against", "v1"]);
    assert!(md.contains("## Changes since `v1"), "{md}");
    assert!(md.contains("| breaking | X013 | `addCartLine` |"), "{md}");
    let html = report(&["--diff-against", "v1"]);
    assert!(html.contains(r#"<section class="changes" id="changes"><h2>Changes since <code>v1"#));
    // Not asked: no section, no key.
    let plain: Value = serde_json::from_str(&report(&["--format", "json"])).unwrap();
    assert!(plain.get("diff").is_none());
    assert!(!report(&["--format", "md"]).contains("## Changes since"));
}

/// `diff --write-baseline` records the changes a release accepts; `--baseline` then reports
/// only new ones, and a later change still fails.
#[test]
fn a_baseline_accepts_known_changes_and_reports_new_ones() {
    let repo = Repo::new();
    repo.commit(
        "v1",
        &[("Cargo.toml", RMCP_CARGO), ("src/main.rs", RMCP_V1)],
    );
    let v2 = RMCP_V1.replace("(1..=10)", "(1..=5)");
    repo.commit("v2", &[("src/main.rs", &v2)]);
    let wrote = Command::cargo_bin("contractlint")
        .unwrap()
        .current_dir(repo.path())
        .args(["diff", "v1..v2", "--write-baseline", "accepted.json"])
        .output()
        .unwrap();
    assert_eq!(wrote.status.code(), Some(0), "writing a baseline exits 0");
    assert!(String::from_utf8_lossy(&wrote.stderr).contains("to baseline accepted.json"));
    let (changes, v, code) = diff(repo.path(), &["v1..v2", "--baseline", "accepted.json"]);
    assert!(changes.is_empty(), "{v:#}");
    assert_eq!(code, 0);
    // A narrowing of another property is new (one of the same bound is the same change:
    // fingerprints ignore digits).
    let v3 = v2.replace(
        "        Ok(CallToolResult::success(vec![Content::text(input.sku)]))",
        "        if input.sku.len() > 20 {\n            return Err(ErrorData::invalid_params(\"sku too long\", None));\n        }\n        Ok(CallToolResult::success(vec![Content::text(input.sku)]))",
    );
    repo.commit("v3", &[("src/main.rs", &v3)]);
    let (changes, v, code) = diff(repo.path(), &["v1..v3", "--baseline", "accepted.json"]);
    assert!(!changes.is_empty(), "{v:#}");
    assert_eq!(code, 1);
}
