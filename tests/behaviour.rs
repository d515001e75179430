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
    let b = behaviour("testdata/cart/rust-write-before-validate", "addCartLine");
    assert_eq!(shape(&b), ["write", "validate"]);
}

#[test]
fn catalogue_check_is_a_validation_step_on_sku() {
    let b = behaviour("testdata/cart/rust-unknown-product", "addCartLine");
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
    let b = behaviour("testdata/folding/rust-correct", "find_folding_table");
    assert!(writes(&b).is_empty(), "{b:?}");
    assert!(
        shape(&b).starts_with(&["validate", "validate", "read"]),
        "{b:?}"
    );
    assert!(b.swallows.is_empty());
    let b = behaviour(
        "testdata/folding/b002-read-only-writes",
        "find_folding_table",
    );
    assert_eq!(writes(&b), [("`push`".to_string(), WriteKind::Mutator)]);
}

#[test]
fn comparisons_name_the_data_field_and_the_input_property() {
    let b = behaviour("testdata/folding/rust-correct", "find_folding_table");
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
    let b = behaviour(
        "testdata/folding/b004-unknown-as-zero",
        "find_folding_table",
    );
    let d = b.comparisons.iter().find_map(|c| c.defaulted.clone());
    assert_eq!(d.and_then(|d| d.value), Some(0.0));
}

#[test]
fn swallowed_failures_need_a_result() {
    let b = behaviour(
        "testdata/folding/b003-failure-as-empty",
        "find_folding_table",
    );
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
