//! Handler behaviour as linked for each tool: the ordered validation, read and write steps,
//! data comparisons and swallowed failures. Golden reports show what the rules make of
//! them; these tests pin the facts themselves, including on code where no rule fires.

use contractlint::config::Config;
use contractlint::contract::{Behaviour, CmpOp, StepKind, WriteKind};
use contractlint::{Options, check};
use std::path::Path;

fn behaviour(dir: &str, tool: &str) -> Behaviour {
    let dir = Path::new(dir);
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config: Config::load(None, dir).unwrap(),
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let c = outcome
        .project
        .contracts
        .iter()
        .find(|c| c.name == tool)
        .unwrap_or_else(|| panic!("tool {tool} not found"));
    c.rust.as_ref().expect("linked").behaviour.clone()
}

/// Steps as short words: `validate`, `read`, `write`.
fn shape(b: &Behaviour) -> Vec<&'static str> {
    b.steps
        .iter()
        .map(|s| match s.kind {
            StepKind::Validate { .. } => "validate",
            StepKind::Read { .. } => "read",
            StepKind::Write { .. } => "write",
        })
        .collect()
}

fn writes(b: &Behaviour) -> Vec<(String, WriteKind)> {
    b.steps
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Write { what, kind } => Some((what.clone(), kind.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn cart_validates_then_writes_through_a_mut_method() {
    let b = behaviour("testdata/cart/rust-correct", "addCartLine");
    assert_eq!(shape(&b), ["validate", "write"]);
    assert_eq!(writes(&b), [("`add`".to_string(), WriteKind::MutMethod)]);
    let b = behaviour(
        "testdata/cart/b001-rust-write-before-validate",
        "addCartLine",
    );
    assert_eq!(shape(&b), ["write", "validate"]);
}

#[test]
fn catalogue_check_is_a_validation_step_on_sku() {
    let b = behaviour("testdata/cart/b001-rust-unknown-product", "addCartLine");
    assert_eq!(shape(&b), ["validate", "write", "validate", "read"]);
    assert!(matches!(
        &b.steps[2].kind,
        StepKind::Validate { property: Some(p), .. } if p == "sku"
    ));
}

#[test]
fn rmcp_cart_writes_through_a_lock_guard_after_its_checks() {
    let b = behaviour("testdata/rmcp/correct", "addCartLine");
    assert_eq!(shape(&b), ["validate", "validate", "write"]);
    // listCartLines reads through the same lock without writing.
    let b = behaviour("testdata/rmcp/correct", "listCartLines");
    assert!(writes(&b).is_empty(), "{b:?}");
}

#[test]
fn read_only_search_reads_and_never_writes() {
    let b = behaviour("testdata/folding/rust-correct", "findFoldingTable");
    assert!(writes(&b).is_empty(), "{b:?}");
    assert!(
        shape(&b).starts_with(&["validate", "validate", "read"]),
        "{b:?}"
    );
    assert!(b.swallows.is_empty());
    let b = behaviour("testdata/folding/b002-read-only-writes", "findFoldingTable");
    assert_eq!(writes(&b), [("`push`".to_string(), WriteKind::Mutator)]);
}

#[test]
fn comparisons_name_the_data_field_and_the_input_property() {
    let b = behaviour("testdata/folding/rust-correct", "findFoldingTable");
    let mut got: Vec<(String, CmpOp, String, bool)> = b
        .comparisons
        .iter()
        .map(|c| {
            (
                c.data.clone(),
                c.op,
                c.property.clone(),
                c.defaulted.is_some(),
            )
        })
        .collect();
    got.sort_by(|a, b| a.2.cmp(&b.2));
    assert_eq!(
        got,
        [
            (
                "folded_thickness_mm".into(),
                CmpOp::Le,
                "maxFoldedThicknessMm".into(),
                false
            ),
            (
                "open_width_mm".into(),
                CmpOp::Ge,
                "minOpenWidthMm".into(),
                false
            ),
        ]
    );
    let b = behaviour("testdata/folding/b004-unknown-as-zero", "findFoldingTable");
    let d = b.comparisons.iter().find_map(|c| c.defaulted.clone());
    assert_eq!(d.and_then(|d| d.value), Some(0.0));
}

#[test]
fn swallowed_failures_need_a_result() {
    let b = behaviour("testdata/folding/b003-failure-as-empty", "findFoldingTable");
    assert_eq!(b.swallows.len(), 1);
    // Option defaults, a JSON rendering, errors returned to the model: nothing swallowed.
    for tool in [
        "describe_table",
        "find_folding_table",
        "find_slim_tables",
        "summarise_tables",
    ] {
        let b = behaviour("testdata/folding/near-misses", tool);
        assert!(b.swallows.is_empty(), "{tool}: {:?}", b.swallows);
        assert!(writes(&b).is_empty(), "{tool}: {b:?}");
    }
}

#[test]
fn a_writes_own_failure_is_not_a_late_validation() {
    // `match self.record_hold(..) { Err(e) => CallToolResult::error(..) }` after the checks.
    let b = behaviour("testdata/folding/near-misses", "hold_table");
    let s = shape(&b);
    assert_eq!(s.last(), Some(&"write"));
    assert_eq!(s.iter().filter(|x| **x == "write").count(), 1);
    let first_write = s.iter().position(|x| *x == "write").unwrap();
    assert!(!s[first_write..].contains(&"validate"), "{s:?}");
}

#[test]
fn near_miss_comparisons_are_read_not_missed() {
    let ops = |tool: &str| -> Vec<(String, CmpOp, String)> {
        behaviour("testdata/folding/near-misses", tool)
            .comparisons
            .iter()
            .map(|c| (c.data.clone(), c.op, c.property.clone()))
            .collect()
    };
    assert!(ops("find_folding_table").contains(&(
        "folded_thickness_mm".into(),
        CmpOp::Le,
        "maxFoldedThicknessMm".into()
    )));
    assert_eq!(
        ops("find_slim_tables"),
        [(
            "folded_thickness_mm".into(),
            CmpOp::Lt,
            "foldedThicknessLimitMm".into()
        )]
    );
}

#[test]
fn a_limit_compared_with_a_field_of_a_record_list_carries_the_records() {
    // The folding sandbox: `for p in PRODUCTS.iter().filter(..)` over a const list of
    // struct literals; each limit is a local bound by `match Self::integer(args, "..") {
    // Ok(v) => v, Err(e) => return *e }`, the helper reading the key it is given.
    let b = behaviour("tests/sandboxes/folding", "findFoldingTable");
    let mut seen: Vec<(String, String, CmpOp, Option<String>)> = b
        .comparisons
        .iter()
        .map(|c| {
            (
                c.property.clone(),
                c.data.clone(),
                c.op,
                c.records.as_ref().map(|r| r.name.clone()),
            )
        })
        .collect();
    seen.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    let products = Some("PRODUCTS".to_string());
    assert_eq!(
        seen,
        [
            (
                "maxFoldedThicknessMm".into(),
                "folded_thickness_mm".into(),
                CmpOp::Le,
                products.clone()
            ),
            (
                "maxFoldedThicknessMm".into(),
                "folded_thickness_mm".into(),
                CmpOp::Le,
                products.clone()
            ),
            (
                "maxFoldedThicknessMm".into(),
                "tabletop_thickness_mm".into(),
                CmpOp::Le,
                products.clone()
            ),
            (
                "minOpenWidthMm".into(),
                "open_width_mm".into(),
                CmpOp::Ge,
                products
            ),
        ]
    );
    let list = b.comparisons[0].records.as_ref().unwrap();
    assert_eq!((list.ty.as_str(), list.key()), ("Product", Some("id")));
    let folded: Vec<&serde_json::Value> = list
        .records
        .iter()
        .map(|r| contractlint::contract::RecordList::value(r, "folded_thickness_mm").unwrap())
        .collect();
    assert_eq!(
        folded,
        [
            &serde_json::json!(70),
            &serde_json::json!(95),
            &serde_json::Value::Null
        ]
    );
}

mod extractor {
    //! Facts of single functions, before linking.

    use contractlint::contract::{EffectKind, FnBehaviour, Receiver};
    use contractlint::extract::rust::extract;
    use contractlint::source::FileId;

    pub fn of(src: &str, name: &str) -> FnBehaviour {
        let f = extract(FileId(0), src).expect("parses");
        f.fns
            .into_iter()
            .find(|f| f.name == name)
            .expect("fn found")
            .body
            .expect("body read")
            .behaviour
    }

    fn calls(b: &FnBehaviour) -> Vec<(String, Receiver)> {
        b.effects
            .iter()
            .filter_map(|e| match &e.kind {
                EffectKind::Call {
                    callee, receiver, ..
                } => Some((callee.clone(), *receiver)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn receivers_tell_shared_state_from_locals() {
        let b = of(
            r#"
            impl Shop {
                fn f(&self, cart: &mut Cart, pool: &Pool) {
                    let mut out = Vec::new();
                    out.push(1);
                    self.basket.lock().unwrap().push(2);
                    let mut guard = self.basket.write().unwrap();
                    guard.push(3);
                    cart.add(4);
                    let tx = pool.begin();
                    tx.commit();
                }
            }
            "#,
            "f",
        );
        let c = calls(&b);
        let find = |n: &str, i: usize| c.iter().filter(|x| x.0 == n).nth(i).unwrap().1;
        assert_eq!(find("push", 0), Receiver::Local);
        assert_eq!(find("push", 1), Receiver::Guard);
        assert_eq!(find("push", 2), Receiver::Guard);
        assert_eq!(find("add", 0), Receiver::MutParam);
        assert_eq!(find("commit", 0), Receiver::Handle);
    }

    #[test]
    fn sql_writes_are_read_from_the_statement() {
        let b = of(
            r#"
            async fn f(pool: &Pool, sku: &str) {
                sqlx::query("  insert into lines (sku) values (?)").bind(sku).execute(pool).await;
                sqlx::query("SELECT * FROM lines").fetch_all(pool).await;
                conn.execute("DELETE FROM lines WHERE sku = ?1", [sku]);
            }
            "#,
            "f",
        );
        let sql: Vec<&str> = b
            .effects
            .iter()
            .filter_map(|e| match &e.kind {
                EffectKind::SqlWrite { statement, .. } => Some(statement.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(sql, ["INSERT", "DELETE"]);
    }

    #[test]
    fn swallows_need_an_error_turned_empty() {
        let b = of(
            r#"
            fn f(&self) -> Vec<u8> {
                let a = load().ok().unwrap_or_default();
                let b = load().unwrap_or_else(|_| vec![]);
                let c = load().unwrap_or_default();
                let d = serde_json::to_string(&v).unwrap_or_default();
                let e = serde_json::from_value(json!({"a": 1})).unwrap_or_default();
                let g = name.clone().unwrap_or_default();
                let h = load().unwrap_or_else(|| vec![1]);
                let i = match load() { Ok(x) => x, Err(e) => return Err(e.to_string()) };
                let j = match load() { Ok(x) => x, Err(_) => Vec::new() };
                vec![]
            }
            "#,
            "f",
        );
        let got: Vec<(String, Option<String>)> = b
            .swallows
            .iter()
            .map(|s| (s.how.clone(), s.from_call.clone()))
            .collect();
        assert_eq!(
            got,
            [
                ("`.ok().unwrap_or_default()`".to_string(), None),
                (
                    "`unwrap_or_else(|_| ..)` with an empty value".to_string(),
                    None
                ),
                // Decided at link time: only if `load` is a crate fn returning `Result`.
                (
                    "`unwrap_or_default()`".to_string(),
                    Some("load".to_string())
                ),
                // `name.clone()`: linking finds no crate fn `clone` returning `Result`.
                (
                    "`unwrap_or_default()`".to_string(),
                    Some("clone".to_string())
                ),
                ("`Err(_) => <empty>`".to_string(), None),
            ]
        );
    }

    /// Left path, its default (if any, with its value if known), right path.
    type Side = (Vec<String>, Option<Option<f64>>, Vec<String>);

    #[test]
    fn comparisons_see_through_locals_and_defaults() {
        let b = of(
            r#"
            fn fits(p: &Product, params: &Params) -> bool {
                let folded = p.folded_thickness_mm.unwrap_or(0);
                let Some(width) = p.open_width_mm else { return false };
                folded <= params.max_folded_thickness_mm && width >= params.min_open_width_mm
            }
            "#,
            "fits",
        );
        let got: Vec<Side> = b
            .comparisons
            .iter()
            .map(|c| {
                (
                    c.left.path.clone(),
                    c.left.defaulted.as_ref().map(|d| d.value),
                    c.right.path.clone(),
                )
            })
            .collect();
        let path = |s: &str| s.split('.').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            got,
            [
                (
                    path("p.folded_thickness_mm"),
                    Some(Some(0.0)),
                    path("params.max_folded_thickness_mm")
                ),
                (
                    path("p.open_width_mm"),
                    None,
                    path("params.min_open_width_mm")
                ),
            ]
        );
    }
}

/// Precision: no B rule fires on a correct or near-miss fixture, nor on the cart variants
/// whose defect is not behavioural, whatever their goldens say (a re-bless cannot quietly
/// accept a false positive).
#[test]
fn no_b_rule_fires_on_correct_or_near_miss_fixtures() {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                // A pair's firing half is named by its parent (`b003-answer-flow/fires`).
                let named = if name == "fires" {
                    p.parent().unwrap().to_string_lossy().to_string()
                } else {
                    name
                };
                let behavioural = ["b00", "write-before", "unknown-product", "-kinds"]
                    .iter()
                    .any(|w| named.contains(w));
                if p.join("expected.json").is_file() && !behavioural {
                    out.push(p.clone());
                }
                walk(&p, out);
            }
        }
    }
    let mut dirs = Vec::new();
    walk(Path::new("testdata"), &mut dirs);
    assert!(dirs.len() >= 20, "fixtures not found: {dirs:?}");
    let mut failures = Vec::new();
    for dir in dirs {
        let opts = Options {
            paths: vec![dir.clone()],
            config: Config::load(None, &dir).unwrap(),
            preview: true,
            ..Options::default()
        };
        for d in check(&opts).unwrap().diagnostics {
            if d.code.starts_with('B') {
                failures.push(format!("{}: {} {}", dir.display(), d.code, d.message));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A statement in a transaction takes effect when the transaction is committed; one never
/// committed (rolled back, or dropped on an early return) writes nothing. A pool checkout
/// is no write.
#[test]
fn transaction_statements_write_at_their_commit() {
    let dir = "testdata/behaviour/transaction-kinds";
    assert!(
        writes(&behaviour(dir, "balance")).is_empty(),
        "pool checkout"
    );
    assert!(
        writes(&behaviour(dir, "preview_transfer")).is_empty(),
        "rolled back"
    );
    let sql = |n: usize| vec![("an SQL UPDATE".to_string(), WriteKind::Sql); n];
    assert_eq!(writes(&behaviour(dir, "preview_committed")), sql(1));
    let b = behaviour(dir, "transfer");
    assert_eq!(writes(&b), sql(2));
    let at_commit = !shape(&b).windows(2).any(|w| w == ["write", "validate"]);
    assert!(
        at_commit,
        "both at the commit, after every check: {:?}",
        shape(&b)
    );
    let b = behaviour(dir, "transfer_autocommit");
    assert!(shape(&b).windows(2).any(|w| w == ["write", "validate"]));
}

#[test]
fn a_loop_binds_its_element_only_over_a_record_list_and_only_through_adaptors_that_keep_it() {
    let b = extractor::of(
        r#"
            struct Row { name: &'static str, size: Option<u32>, weight: u32, label: String }
            static ROWS: [Row; 2] = [
                Row { name: "a", size: Some(3), weight: 10, label: "x".to_string() },
                Row { name: "b", size: None, weight: -2, label: make() },
            ];
            fn f(limit: u32, other: &[Row]) {
                for r in ROWS.iter().rev() {
                    if let Some(s) = r.size { let _ = s <= limit; }
                    match r.size { Some(s) => s <= limit, None => false };
                    let _ = r.weight >= limit;
                }
                for r in ROWS.iter().map(|r| r) { let _ = r.weight < limit; }
                for r in other { let _ = r.weight > limit; }
            }
            "#,
        "f",
    );
    let seen: Vec<(Vec<String>, Option<String>)> = b
        .comparisons
        .iter()
        .map(|c| (c.left.path.clone(), c.left.element_of.clone()))
        .collect();
    let rows = Some("ROWS".to_string());
    let path = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        seen,
        [
            // `if let Some(s)` and a `Some(s)` arm are the field matched.
            (path(&["r", "size"]), rows.clone()),
            (path(&["r", "size"]), rows.clone()),
            (path(&["r", "weight"]), rows),
            (path(&["r", "weight"]), None),
            (path(&["r", "weight"]), None),
        ]
    );
    let list = &b.records[0];
    assert_eq!(b.records.len(), 1);
    // A value that is not a literal is left out of its record, so `label` is no key.
    assert_eq!(list.records[1].len(), 3);
    assert_eq!(list.key(), Some("name"));
    assert_eq!(
        list.records[1][2],
        ("weight".to_string(), serde_json::json!(-2))
    );
}
