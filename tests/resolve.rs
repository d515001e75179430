//! Name resolution across the crates of a workspace: a call reaches only the caller's own
//! package and the packages it depends on, and a tool's input type is the one its crate
//! can name. The collision fixture's admin crate defines `execute`, `save`, a swallowed
//! failure and a `SearchInput` of its own; the server does not depend on it.

use contractlint::config::Config;
use contractlint::contract::{CodeFactKind, Contract, StepKind};
use contractlint::{Options, check};
use std::path::{Path, PathBuf};

fn contract(dir: &Path, tool: &str) -> Contract {
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config: Config::load(None, dir).unwrap(),
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let found = outcome.project.contracts.iter().find(|c| c.name == tool);
    found
        .unwrap_or_else(|| panic!("tool {tool} not found"))
        .clone()
}

fn writes(c: &Contract) -> Vec<String> {
    let b = &c.rust.as_ref().expect("linked").behaviour;
    b.steps
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Write { what, .. } => Some(what.clone()),
            _ => None,
        })
        .collect()
}

const COLLISION: &str = "testdata/resolve/workspace-collision";

#[test]
fn a_sibling_crate_nobody_depends_on_is_never_entered() {
    let c = contract(Path::new(COLLISION), "search_notes");
    assert_eq!(
        writes(&c),
        Vec::<String>::new(),
        "counter, out-parameter, admin's writes"
    );
    let rust = c.rust.as_ref().unwrap();
    assert!(rust.behaviour.swallows.is_empty());
    let ty = rust.ty.as_ref().expect("input type");
    assert_eq!(
        ty.fields.len(),
        1,
        "the server's own SearchInput, not the admin's"
    );
}

/// The same code with the server depending on the admin crate too: `search::execute` still
/// names the search crate's `execute`, never the admin's of the same name (a callee is not
/// guessed by name; the twin below reaches the admin's writes by naming `admin::`).
#[test]
fn a_dependency_edge_does_not_make_a_qualified_call_reach_another_crate() {
    let tmp = std::env::temp_dir().join(format!("cl-resolve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    copy(Path::new(COLLISION), &tmp);
    let manifest = tmp.join("server/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let text = text.replace(
        "[dependencies]\n",
        "[dependencies]\nnotes-admin = { path = \"../admin\" }\n",
    );
    std::fs::write(&manifest, text).unwrap();
    let c = contract(&tmp, "search_notes");
    let _ = std::fs::remove_dir_all(&tmp);
    assert_eq!(
        writes(&c),
        Vec::<String>::new(),
        "`search::execute` is not `admin::execute`"
    );
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target: PathBuf = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

const TWIN: &str = "testdata/resolve/workspace-collision-twin";

/// Three crates define `execute`, `save` and a `SearchInput`: the search server reaches only
/// its dependency's harmless ones and links its own input type; the ops server, which
/// depends on the admin crate, reaches the admin's writes and links its own `SearchInput`.
#[test]
fn same_names_in_three_crates_resolve_by_dependency() {
    let field_names = |c: &Contract| -> Vec<String> {
        let ty = c
            .rust
            .as_ref()
            .and_then(|r| r.ty.as_ref())
            .expect("input type");
        ty.fields.iter().map(|f| f.rust_name.clone()).collect()
    };
    let search = contract(Path::new(TWIN), "search_notes");
    assert_eq!(writes(&search), Vec::<String>::new());
    assert_eq!(
        field_names(&search),
        ["query"],
        "the server's own SearchInput"
    );
    let count = contract(Path::new(TWIN), "count_matches");
    assert_eq!(writes(&count), ["an SQL DELETE"]);
    assert_eq!(
        field_names(&count),
        ["query"],
        "the ops crate's own SearchInput"
    );
    let export = contract(Path::new(TWIN), "export_matches");
    assert_eq!(writes(&export), ["an SQL INSERT"]);
}

/// A tree of one rmcp server whose handler checks `quantity` through `checker`, written in
/// `body` (`self.limits.check(..)`, ...); `Limits::check` is the crate's only `check`.
fn cart_with_checker(body: &str) -> (Vec<String>, Contract) {
    let tmp =
        std::env::temp_dir().join(format!("cl-receiver-{}-{}", std::process::id(), body.len()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("src")).unwrap();
    std::fs::write(
        tmp.join("Cargo.toml"),
        "[package]\nname = \"cart\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [dependencies]\nrmcp = \"3\"\nschemars = \"1\"\nserde = \"1\"\n",
    )
    .unwrap();
    let src = format!(
        r#"use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{{CallToolResult, ErrorData}};
use rmcp::{{tool, tool_router}};

/// Arguments of `addCartLine`.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddCartLine {{
    /// Items to add, from 1 through 5.
    #[schemars(range(min = 1, max = 5))]
    pub quantity: u8,
}}

const MAX: u8 = 5;

pub struct Limits {{
    strict: bool,
}}

impl Limits {{
    pub fn new() -> Self {{
        Limits {{ strict: true }}
    }}

    pub fn check(&self, quantity: u8) -> Result<(), ErrorData> {{
        if quantity < 1 || quantity > MAX {{
            return Err(ErrorData::invalid_params("quantity must be 1 to 5", None));
        }}
        Ok(())
    }}
}}

pub fn limits() -> Limits {{
    Limits {{ strict: true }}
}}

pub struct Cart {{
    limits: Limits,
}}

#[tool_router]
impl Cart {{
    #[tool(name = "addCartLine", description = "Adds items to the cart.")]
    async fn add_cart_line(
        &self,
        Parameters(input): Parameters<AddCartLine>,
    ) -> Result<CallToolResult, ErrorData> {{
        {body}
        Ok(CallToolResult::success(vec![]))
    }}
}}
"#
    );
    std::fs::write(tmp.join("src/lib.rs"), src).unwrap();
    let opts = Options {
        paths: vec![tmp.clone()],
        config: Config::load(None, &tmp).unwrap(),
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let _ = std::fs::remove_dir_all(&tmp);
    let codes = outcome
        .diagnostics
        .iter()
        .map(|d| d.code.to_string())
        .collect();
    let c = outcome
        .project
        .contracts
        .into_iter()
        .next()
        .expect("the tool");
    (codes, c)
}

/// `self.limits.check(..)` is `Limits::check`, known from the type of the field: the check
/// is the property's. The same method called on a value whose type nothing states is not
/// followed, although the crate has only one `check`: a name alone resolves nothing. What
/// that call checks is then unknown, not absent: R009 does not claim nothing checks it.
#[test]
fn fields_and_made_locals_are_typed_and_an_unknown_receiver_is_never_guessed() {
    let (codes, typed) = cart_with_checker("self.limits.check(input.quantity)?;");
    // Checked through the field's type, so no range finding; the check's protocol error,
    // passed on with `?`, is the property's P011.
    assert_eq!(codes, vec!["P011"], "checked through the field's type");
    let rust = typed.rust.expect("linked");
    let compares = rust
        .checks
        .iter()
        .filter(|c| matches!(c.kind, CodeFactKind::Compare { .. }))
        .count();
    assert_eq!(compares, 2, "both bounds: {:?}", rust.checks);
    assert!(rust.passed_to_unknown.is_empty());

    // A local made by an associated function returning `Self`, or written as a literal.
    for made in [
        "let l = Limits::new(); l.check(input.quantity)?;",
        "let l = Limits { strict: false }; l.check(input.quantity)?;",
    ] {
        let (codes, c) = cart_with_checker(made);
        assert_eq!(codes, vec!["P011"], "{made}");
        assert!(
            c.rust.expect("linked").passed_to_unknown.is_empty(),
            "{made}"
        );
    }

    let (codes, untyped) = cart_with_checker("let l = limits(); l.check(input.quantity)?;");
    let rust = untyped.rust.expect("linked");
    assert!(rust.checks.is_empty(), "not followed: {:?}", rust.checks);
    assert_eq!(rust.passed_to_unknown, ["quantity"]);
    assert_eq!(
        codes,
        Vec::<String>::new(),
        "unknown is not reported as unchecked"
    );
}

/// A helper that reads whichever key it is given (`fn integer(args, field)` reading
/// `args.get(field)`, rejecting `Some(n) if n < 0`) checks, for each caller, the property
/// that caller names: the folding sandbox's two millimetre properties are both checked,
/// through the same helper, and a key no caller passes is attributed to nothing.
#[test]
fn a_helper_checks_the_property_each_caller_names_by_key() {
    use contractlint::contract::CmpOp;
    let c = contract(Path::new("tests/sandboxes/folding"), "findFoldingTable");
    let rust = c.rust.as_ref().expect("linked");
    for property in ["minOpenWidthMm", "maxFoldedThicknessMm"] {
        let lower: Vec<_> = rust
            .checks_on(property)
            .filter(|k| k.rejects)
            .filter_map(|k| match k.kind {
                CodeFactKind::Compare { op, value } => Some((op, value)),
                _ => None,
            })
            .collect();
        assert_eq!(lower, [(CmpOp::Lt, 0.0)], "{property}");
    }
    assert!(rust.checks.iter().all(|k| k.property != "field"));
}
