//! The Rust extractor on small sources: wire names and defaults as serde sees them, the
//! schema schemars would derive, and the checks read from function bodies.

use contractlint::contract::{
    ClosedSet, CmpOp, CodeFactKind, Composed, FnBody, JsonType, Others, RustCrate, RustTy, RustType,
};
use contractlint::extract::rust::{FileFacts, extract};
use contractlint::link::effective;
use contractlint::source::FileId;
use serde_json::json;

fn facts(src: &str) -> FileFacts {
    extract(FileId(0), src).expect("parses")
}

fn ty<'a>(f: &'a FileFacts, name: &str) -> &'a RustType {
    f.types.iter().find(|t| t.name == name).expect("type found")
}

/// The body of the fn `name` (read whole: `extract` reads every body).
fn func<'a>(f: &'a FileFacts, name: &str) -> &'a FnBody {
    let found = f.fns.iter().find(|x| x.name == name).expect("fn found");
    found.body.as_ref().expect("body read")
}

/// The rejecting comparisons a function makes on `field`, as (op, value).
fn rejects(f: &FnBody, field: &str) -> Vec<(CmpOp, f64)> {
    f.facts
        .iter()
        .filter(|x| x.rejects && x.subject.key == field)
        .filter_map(|x| match x.kind {
            CodeFactKind::Compare { op, value } => Some((op, value)),
            _ => None,
        })
        .collect()
}

#[test]
fn serde_attributes_give_wire_names_defaults_and_policy() {
    let f = facts(
        r#"
        fn one() -> u8 { 1 }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct AddCartLineInput {
            /// Product code.
            pub sku_code: String,
            #[serde(default = "one")]
            pub quantity: u8,
            #[serde(rename = "giftWrapped", alias = "gift")]
            pub wrapped: Option<bool>,
            #[serde(skip)]
            pub internal: u32,
            #[serde(deserialize_with = "lenient::number")]
            pub count: i64,
        }
        "#,
    );
    let t = ty(&f, "AddCartLineInput");
    assert!(t.deny_unknown_fields.is_some());
    let names: Vec<&str> = t.fields.iter().map(|f| f.wire_name.as_str()).collect();
    assert_eq!(names, ["skuCode", "quantity", "giftWrapped", "count"]);
    assert_eq!(t.fields[0].doc.as_ref().unwrap().value, "Product code.");
    assert_eq!(t.fields[1].default.as_ref().unwrap().value, Some(json!(1)));
    assert_eq!(t.fields[2].aliases[..], ["gift"]);
    assert_eq!(t.fields[2].ty, RustTy::Option(Box::new(RustTy::Bool)));
    assert_eq!(
        t.fields[3].coercion.as_ref().unwrap().value,
        "lenient::number"
    );
}

#[test]
fn unit_enums_carry_their_wire_values() {
    let f = facts(
        r#"
        #[derive(Deserialize, JsonSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum Category { FoldingTable, #[serde(rename = "desk")] WritingDesk }
        "#,
    );
    let values: Vec<String> = ty(&f, "Category")
        .variants
        .iter()
        .flatten()
        .map(|v| v.value.clone())
        .collect();
    assert_eq!(values, ["folding_table", "desk"]);
}

#[test]
fn effective_schema_follows_schemars() {
    let f = facts(
        r#"
        #[derive(Deserialize, JsonSchema)]
        pub struct Params {
            #[schemars(range(min = 1, max = 5))]
            pub quantity: u8,
            pub small: i16,
            pub count: u32,
            #[validate(length(min = 1, max = 40))]
            pub sku: String,
            pub note: Option<String>,
            #[serde(default)]
            pub gift: bool,
            #[validate(range(exclusive_min = 0.0, max = 100.0))]
            pub ratio: f64,
            pub pages: std::num::NonZeroU32,
        }
        "#,
    );
    let krate = RustCrate {
        types: f.types.iter().cloned().map(std::sync::Arc::new).collect(),
        ..Default::default()
    };
    let (node, value) = effective::derive(&krate, ty(&f, "Params"), effective::Writer::Schemars);
    let o = node.object.as_ref().unwrap();
    let q = o.property("quantity").unwrap();
    assert!(q.required.is_some());
    assert_eq!(
        (
            q.schema.bounds().minimum.as_ref().unwrap().value,
            q.schema.bounds().maximum.as_ref().unwrap().value
        ),
        (1.0, 5.0)
    );
    let small = o.property("small").unwrap();
    assert_eq!(
        small.schema.bounds().minimum.as_ref().unwrap().value,
        -32768.0
    );
    assert_eq!(
        o.property("count")
            .unwrap()
            .schema
            .bounds()
            .minimum
            .as_ref()
            .unwrap()
            .value,
        0.0
    );
    assert_eq!(
        o.property("sku")
            .unwrap()
            .schema
            .bounds()
            .max_length
            .as_ref()
            .unwrap()
            .value,
        40.0
    );
    let note = o.property("note").unwrap();
    assert!(note.required.is_none() && note.schema.nullable);
    assert!(note.schema.has_type(JsonType::Null));
    let pages = o.property("pages").unwrap();
    assert_eq!(pages.schema.bounds().minimum.as_ref().unwrap().value, 1.0);
    // schemars drops validator's exclusive bounds.
    let ratio = o.property("ratio").unwrap();
    assert!(ratio.schema.bounds().minimum.is_none());
    assert_eq!(ratio.schema.bounds().maximum.as_ref().unwrap().value, 100.0);
    let gift = o.property("gift").unwrap();
    assert!(gift.required.is_none());
    assert_eq!(value["properties"]["gift"]["default"], json!(false));
    assert_eq!(
        value["required"],
        json!(["quantity", "small", "count", "sku", "ratio", "pages"])
    );
    assert!(value.get("additionalProperties").is_none());
}

#[test]
fn rust_mcp_sdk_requires_every_field_not_an_option() {
    let f = facts(
        r#"
        #[derive(Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct Install {
            pub apk_path: String,
            pub device: Option<String>,
            #[serde(default)]
            pub reinstall: bool,
        }
        "#,
    );
    let krate = RustCrate {
        types: f.types.iter().cloned().map(std::sync::Arc::new).collect(),
        ..Default::default()
    };
    let (node, value) = effective::derive(&krate, ty(&f, "Install"), effective::Writer::RustMcpSdk);
    assert_eq!(value["required"], json!(["apk_path", "reinstall"]));
    assert!(value["properties"]["reinstall"].get("default").is_none());
    let o = node.object.as_ref().unwrap();
    assert!(o.property("reinstall").unwrap().required.is_some());
    assert!(o.property("device").unwrap().required.is_none());
}

#[test]
fn enums_say_how_schemars_composes_them() {
    let f = facts(
        r#"
        #[derive(Deserialize, JsonSchema)]
        pub enum Pickup { Locker { id: String }, Address(String) }
        #[derive(Deserialize, JsonSchema)]
        #[serde(tag = "method")]
        pub enum Payment { Card { token: String }, Invoice }
        #[derive(Deserialize, JsonSchema)]
        #[serde(untagged)]
        pub enum Either { Id(u64), Name(String) }
        #[derive(Deserialize, JsonSchema)]
        pub enum Speed {
            /// Three to five days.
            Standard,
            Express,
        }
        #[derive(Deserialize, JsonSchema)]
        pub enum Paper { Kraft, Gold }
        #[derive(Deserialize)]
        pub enum Plain { A(u8) }
        "#,
    );
    assert_eq!(ty(&f, "Pickup").composed, Some(Composed::External));
    assert_eq!(ty(&f, "Payment").composed, Some(Composed::Tagged));
    // A tagged unit variant is an object on the wire, not a string.
    assert!(ty(&f, "Payment").variants.is_none());
    assert_eq!(ty(&f, "Either").composed, Some(Composed::Untagged));
    assert_eq!(ty(&f, "Speed").composed, Some(Composed::DocumentedUnits));
    assert_eq!(ty(&f, "Paper").composed, None);
    assert_eq!(ty(&f, "Plain").composed, None);
}

#[test]
fn equivalent_range_checks_read_the_same() {
    let f = facts(
        r#"
        fn a(input: &In) -> Result<(), E> {
            if !(1..=5).contains(&input.quantity) { return Err(E::range()); }
            Ok(())
        }
        fn b(input: &In) -> Result<(), E> {
            if input.quantity < 1 || input.quantity > 5 { return Err(E::range()); }
            Ok(())
        }
        fn c(input: &In) -> Result<(), E> {
            if (1..=5).contains(&input.quantity) { Ok(()) } else { Err(E::range()) }
        }
        fn d(input: &In) -> anyhow::Result<()> {
            anyhow::ensure!(input.quantity >= 1 && input.quantity <= 5, "from 1 through 5");
            Ok(())
        }
        fn e(input: &In) -> Result<(), E> {
            if !matches!(input.quantity, 1..=5) { return Err(E::range()); }
            Ok(())
        }
        fn g(input: &In) -> Result<u8, E> {
            match input.quantity {
                q @ 1..=5 => Ok(q),
                _ => Err(E::range()),
            }
        }
        "#,
    );
    let want = vec![(CmpOp::Lt, 1.0), (CmpOp::Gt, 5.0)];
    for name in ["a", "b", "c", "d", "e", "g"] {
        assert_eq!(rejects(func(&f, name), "quantity"), want, "fn {name}");
    }
}

#[test]
fn a_check_that_only_logs_does_not_reject() {
    let f = facts(
        r#"
        fn add(input: In) -> Result<(), E> {
            if input.quantity > 5 { tracing::warn!("large order: {}", input.quantity); }
            match input.quantity {
                0 => cart.remove(&input.sku),
                q => cart.add(&input.sku, q),
            }
            Ok(())
        }
        "#,
    );
    let add = func(&f, "add");
    assert!(rejects(add, "quantity").is_empty());
    assert!(add.facts.iter().any(|x| !x.rejects
        && x.kind
            == CodeFactKind::Compare {
                op: CmpOp::Gt,
                value: 5.0
            }));
    let special = CodeFactKind::Compare {
        op: CmpOp::Eq,
        value: 0.0,
    };
    assert!(add.facts.iter().any(|x| !x.rejects && x.kind == special));
}

#[test]
fn matched_string_literals_are_the_accepted_values() {
    let f = facts(
        r#"
        fn v(input: &In) -> Result<(), E> {
            match input.wrap.as_str() {
                "none" | "paper" => {}
                "ribbon" => {}
                _ => return Err(E::new("unknown wrapping")),
            }
            Ok(())
        }
        "#,
    );
    let one_of: Vec<&CodeFactKind> = func(&f, "v")
        .facts
        .iter()
        .filter(|x| x.rejects && x.subject.key == "wrap")
        .map(|x| &x.kind)
        .collect();
    let values = vec!["none".to_string(), "paper".into(), "ribbon".into()];
    let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
        values,
        others: Others::Rejected,
        folded: false,
        table: None,
    }));
    assert_eq!(one_of, [&kind]);
}

#[test]
fn a_message_belongs_to_the_values_it_names() {
    let f = facts(
        r#"
        fn v(input: &In) -> Result<(), E> {
            if input.sku.is_empty() || input.quantity > 5 {
                return Err(E::new("quantity must be from 1 through 5"));
            }
            if input.note.len() > 200 {
                return Err(E::new("at most 200 characters"));
            }
            Ok(())
        }
        "#,
    );
    let messages = |key: &str| -> Vec<String> {
        func(&f, "v")
            .facts
            .iter()
            .filter(|x| x.subject.key == key)
            .filter_map(|x| match &x.kind {
                CodeFactKind::Message { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(messages("quantity"), ["quantity must be from 1 through 5"]);
    assert!(messages("sku").is_empty());
    assert_eq!(messages("note"), ["at most 200 characters"]);
}

#[test]
fn adjustments_and_json_map_reads_are_facts() {
    let f = facts(
        r#"
        fn handle(args: &Map<String, Value>) -> Result<(), E> {
            let q = args.get("quantity").and_then(|v| v.as_u64()).unwrap_or(1);
            let capped = q.min(5);
            let width = args["width"].as_f64().unwrap_or_default() as u32;
            Ok(())
        }
        "#,
    );
    let h = func(&f, "handle");
    let kinds = |key: &str| -> Vec<&CodeFactKind> {
        h.facts
            .iter()
            .filter(|x| x.subject.key == key)
            .map(|x| &x.kind)
            .collect()
    };
    let q = kinds("quantity");
    assert!(q.contains(&&CodeFactKind::Default {
        value: Some(Box::new(json!(1))),
        fallback: None,
    }));
    assert!(q.contains(&&CodeFactKind::Clamp {
        lo: None,
        hi: Some(5.0)
    }));
    assert!(q.contains(&&CodeFactKind::ReadAs {
        json: "unsigned integer"
    }));
    let w = kinds("width");
    assert!(w.contains(&&CodeFactKind::Cast {
        to: "u32".into(),
        range: (0.0, 4294967295.0)
    }));
    assert!(w.contains(&&CodeFactKind::ReadAs { json: "number" }));
    assert!(h.facts.iter().all(|x| x.subject.by_key));
}

#[test]
fn rmcp_and_mcp_tool_declarations() {
    let f = facts(
        r#"
        #[tool_router]
        impl Server {
            /// Lists the cart.
            ///
            /// Read-only.
            #[tool(annotations(read_only_hint = true))]
            async fn list_lines(&self, Parameters(p): Parameters<ListLines>) -> String { todo!() }

            #[tool(name = "addCartLine", description = "Adds a line.")]
            async fn add(&self, Parameters(p): Parameters<AddCartLine>) -> String { todo!() }
        }
        #[mcp_tool(name = "removeCartLine", description = "Removes a line.", destructive_hint = true)]
        #[derive(Deserialize, JsonSchema)]
        pub struct RemoveCartLine { pub sku: String }
        "#,
    );
    let names: Vec<&str> = f.tools.iter().map(|t| t.name.value.as_str()).collect();
    assert_eq!(names, ["list_lines", "addCartLine", "removeCartLine"]);
    assert_eq!(
        f.tools[0].description.as_ref().unwrap().value,
        "Lists the cart.\nRead-only."
    );
    assert!(f.tools[0].annotations.read_only.as_ref().unwrap().value);
    assert_eq!(f.tools[0].input.as_deref(), Some("ListLines"));
    assert_eq!(
        f.tools[1].description.as_ref().unwrap().value,
        "Adds a line."
    );
    assert_eq!(f.tools[2].input.as_deref(), Some("RemoveCartLine"));
    assert!(f.tools[2].annotations.destructive.as_ref().unwrap().value);
}

#[test]
fn spans_are_byte_offsets_into_the_file() {
    let src = "// é\n#[derive(Deserialize)]\npub struct In { pub quantity: u8 }\n";
    let f = facts(src);
    let field = &ty(&f, "In").fields[0];
    assert_eq!(&src[field.span.range()], "quantity");
    assert_eq!(&src[field.ty_span.range()], "u8");
}

#[test]
fn syntax_errors_and_deep_nesting_are_unreadable() {
    let bad = extract(FileId(0), "fn f() { let x = ; }").unwrap_err();
    assert!(bad.message.contains("invalid Rust"), "{}", bad.message);
    let deep = format!(
        "fn f() -> i32 {{ {}1{} }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let err = extract(FileId(0), &deep).unwrap_err();
    assert!(err.message.contains("nested"), "{}", err.message);
}

#[test]
fn constants_from_other_files_bound_checks() {
    use contractlint::extract::rust::{crate_consts, extract_with};
    use std::sync::Arc;
    let limits = "pub const MAX_QUANTITY: u8 = 5;\npub(crate) const MIN_QUANTITY: u8 = 1_u8;\n\
                  const SHADOWED: u32 = 3;\nconst WORDS: &str = \"x\";\nconst BIG: u64 = u64::MAX;\n";
    let other = "const SHADOWED: u32 = 4;\n";
    let consts = crate_consts([limits, other].into_iter());
    assert_eq!(consts.number("MAX_QUANTITY"), Some(5.0));
    assert_eq!(consts.number("MIN_QUANTITY"), Some(1.0));
    // Defined twice with different values, not a number, or not a literal: unknown.
    assert_eq!(consts.number("SHADOWED"), None);
    assert!(consts.number("WORDS").is_none() && consts.number("BIG").is_none());
    // A string constant is a string, never a number.
    assert_eq!(consts.string("WORDS"), Some("x"));
    let src = r#"
        fn v(input: &In) -> Result<(), E> {
            if input.quantity < crate::limits::MIN_QUANTITY || input.quantity > MAX_QUANTITY {
                return Err(E::range());
            }
            Ok(())
        }
    "#;
    let f = extract_with(FileId(0), Arc::from(src), Arc::new(consts)).unwrap();
    assert_eq!(
        rejects(func(&f, "v"), "quantity"),
        [(CmpOp::Lt, 1.0), (CmpOp::Gt, 5.0)]
    );
}

#[test]
fn a_length_kept_in_a_local_is_still_the_length_checked() {
    let f = facts(
        r#"
        fn validate(input: &Input) -> Result<(), String> {
            let chars = input.sku.chars().count();
            if !(1 <= chars && chars <= 40) {
                return Err("sku must be 1 to 40 characters long".into());
            }
            Ok(())
        }
        "#,
    );
    let lengths: Vec<(CmpOp, f64)> = func(&f, "validate")
        .facts
        .iter()
        .filter(|x| x.rejects && x.subject.key == "sku")
        .filter_map(|x| match x.kind {
            CodeFactKind::Length { op, value } => Some((op, value)),
            _ => None,
        })
        .collect();
    assert_eq!(lengths, [(CmpOp::Lt, 1.0), (CmpOp::Gt, 40.0)]);
}

#[test]
fn assignments_name_the_field_they_set() {
    use contractlint::contract::EffectKind;
    let f = facts(
        r#"
        impl Cursors {
            pub fn get(&mut self, id: &str) -> Option<usize> {
                let entry = self.entries.get_mut(id)?;
                entry.expires_at = Instant::now() + self.ttl;
                Some(entry.offset)
            }
            pub fn advance(&mut self, id: &str, by: usize) -> Option<()> {
                let entry = self.entries.get_mut(id)?;
                entry.offset = entry.offset + by;
                Some(())
            }
        }
        "#,
    );
    // Each assignment is recorded with the field it sets; linking tells the expiry refresh
    // (bookkeeping) from the offset (a change).
    let members = |name: &str| -> Vec<Option<String>> {
        func(&f, name)
            .behaviour
            .effects
            .iter()
            .filter_map(|e| match &e.kind {
                EffectKind::Assign { member, .. } => Some(member.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(members("get"), [Some("expires_at".to_string())]);
    assert_eq!(members("advance"), [Some("offset".to_string())]);
}

#[test]
fn sdk_attributes_are_recognised_with_their_crate_path() {
    let f = facts(
        r#"
        #[rust_mcp_sdk::macros::mcp_tool(name = "say_hello", description = "Says hello.")]
        #[derive(Deserialize, JsonSchema)]
        pub struct SayHello { name: String }

        #[other_crate::mcp_tool(name = "not_a_tool", description = "Another macro.")]
        pub struct NotATool { name: String }

        #[rmcp::tool_router]
        impl Server {
            #[rmcp::tool(name = "greet", description = "Greets.")]
            async fn greet(&self) -> String { String::new() }

            #[tracing::tool]
            async fn traced(&self) -> String { String::new() }
        }
        "#,
    );
    let mut names: Vec<&str> = f.tools.iter().map(|t| t.name.value.as_str()).collect();
    names.sort();
    assert_eq!(names, ["greet", "say_hello"]);
}

/// The value sets of `mode` that `v` records, with what becomes of the others.
fn value_sets(src: &str) -> Vec<(Vec<String>, bool, bool)> {
    let f = facts(src);
    func(&f, "v")
        .facts
        .iter()
        .filter(|x| x.subject.key == "mode")
        .filter_map(|x| match &x.kind {
            CodeFactKind::OneOf(set) => Some((
                set.values.clone(),
                matches!(set.others, Others::Mapped { .. }),
                set.folded,
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn a_catch_all_giving_a_variant_maps_the_other_values() {
    let sets = value_sets(
        r#"
        fn v(input: &In) -> Mode {
            match input.mode.trim().to_ascii_lowercase().as_str() {
                "fast" => Mode::Fast,
                "slow" => Mode::Slow,
                _ => Mode::Fast,
            }
        }
        "#,
    );
    assert_eq!(
        sets,
        [(vec!["fast".to_string(), "slow".into()], true, true)]
    );
}

#[test]
fn labels_forwarded_values_and_open_arms_are_no_set() {
    for body in [
        // A label: strings, not a behaviour.
        r#"match input.mode.as_str() { "fast" => "Fast", _ => "Other" }"#,
        // The others go on to a callee.
        r#"match input.mode.as_str() { "fast" => Ok(1), other => lookup(other).map_err(|e| E::invalid(e)) }"#,
        // A guard and a binding arm take values no literal names.
        r#"match input.mode.as_str() { "fast" => Ok(1), m if m.ends_with("!") => Ok(2), _ => Err(E::new("no")) }"#,
        r#"match input.mode.as_deref() { Some("fast") => Ok(1), Some(m) => Ok(2), _ => Err(E::new("no")) }"#,
    ] {
        let src = format!("fn v(input: &In) -> R {{ {body} }}");
        assert_eq!(value_sets(&src), [], "{body}");
    }
}

#[test]
fn matches_and_literal_lists_are_sets_when_the_others_are_refused() {
    let sets = value_sets(
        r#"
        fn v(input: &In) -> Result<(), E> {
            if !matches!(input.mode.as_str(), "a" | "b") {
                return Err(E::new("mode"));
            }
            if !["a", "b"].contains(&input.mode.to_lowercase().as_str()) {
                return Err(E::new("mode"));
            }
            Ok(())
        }
        "#,
    );
    let ab = vec!["a".to_string(), "b".into()];
    assert_eq!(sets, [(ab.clone(), false, false), (ab, false, true)]);
}

#[test]
fn parse_into_a_crate_type_calls_its_from_str() {
    let f = facts(
        r#"
        fn v(input: &In) -> Result<(), E> {
            let a = input.mode.parse::<Mode>()?;
            let b: Level = input.level.parse().map_err(E::from)?;
            let n = input.count.parse::<u32>()?;
            Ok(())
        }
        "#,
    );
    let called: Vec<(Option<&str>, String)> = func(&f, "v")
        .calls
        .iter()
        .filter(|c| c.callee == "from_str")
        .map(|c| {
            let arg = c.args[0].value().map(|v| v.key.clone()).unwrap_or_default();
            (c.qualifier(), arg)
        })
        .collect();
    assert_eq!(
        called,
        [
            (Some("Mode"), "mode".to_string()),
            (Some("Level"), "level".into())
        ]
    );
}

#[test]
fn keys_read_from_a_map_are_facts_and_a_computed_key_is_none() {
    let f = facts(
        r#"
        fn v(args: &Map<String, Value>, name: &str) -> bool {
            let a = args.get("index");
            let b = &args["encoding"];
            let c = args.contains_key("follow");
            let d = args.get(name);
            let e = args.get("options").and_then(|o| o.get("depth"));
            true
        }
        "#,
    );
    let read: Vec<&str> = func(&f, "v")
        .facts
        .iter()
        .filter(|x| x.kind == CodeFactKind::KeyRead && x.subject.root == "args")
        .map(|x| x.subject.key.as_str())
        .collect();
    assert_eq!(read, ["index", "encoding", "follow", "options"]);
}

/// `if let Some(d) = input.days && d == 0 { return Err(..) }`: the `let` only says the value
/// is present; the rest of the let-chain is a reject-condition on it.
#[test]
fn a_let_chain_rejects_on_its_condition() {
    let f = facts(
        r#"
        fn v(input: &In) -> Result<(), E> {
            if let Some(days) = input.days
                && days == 0
            {
                return Err(E::new("days must be at least 1"));
            }
            Ok(())
        }
        "#,
    );
    let zero = CodeFactKind::Compare {
        op: CmpOp::Eq,
        value: 0.0,
    };
    assert!(
        func(&f, "v")
            .facts
            .iter()
            .any(|x| x.rejects && x.subject.key == "days" && x.kind == zero),
        "{:#?}",
        func(&f, "v").facts
    );
}

/// `(1..=self.max()).contains(&q)`: the end that is no constant still bounds `q`, in a way
/// not known here; it is not read as no bound at all.
#[test]
fn a_range_end_that_is_not_a_constant_is_an_opaque_bound() {
    let f = facts(
        r#"
        fn v(&self, input: &In) -> Result<(), E> {
            if !(1..=self.max()).contains(&input.quantity) {
                return Err(E::new("quantity out of range"));
            }
            Ok(())
        }
        "#,
    );
    let body = func(&f, "v");
    assert_eq!(rejects(body, "quantity"), [(CmpOp::Lt, 1.0)]);
    let opaque = CodeFactKind::CompareOpaque {
        op: CmpOp::Gt,
        length: false,
        against: None,
    };
    assert!(
        body.facts
            .iter()
            .any(|x| x.rejects && x.subject.key == "quantity" && x.kind == opaque),
        "{:#?}",
        body.facts
    );
}

/// `value < min` in a helper that takes its limits: each side is compared with a parameter,
/// named so that linking can read the bound from what each caller passes there.
#[test]
fn a_comparison_with_a_parameter_names_it() {
    let f = facts(
        r#"
        fn ensure(value: u32, min: u32, max: u32, len: &str, most: usize) -> Result<(), E> {
            if value < min || max < value {
                return Err(E::new("out of range"));
            }
            if len.chars().count() > most {
                return Err(E::new("too long"));
            }
            Ok(())
        }
        "#,
    );
    let body = func(&f, "ensure");
    let on = |root: &str| -> Vec<CodeFactKind> {
        body.facts
            .iter()
            .filter(|x| x.rejects && x.subject.root == root)
            .map(|x| x.kind.clone())
            .collect()
    };
    let opaque = |op, length, against: &str| CodeFactKind::CompareOpaque {
        op,
        length,
        against: Some(against.to_string()),
    };
    assert_eq!(
        on("value"),
        [
            opaque(CmpOp::Lt, false, "min"),
            opaque(CmpOp::Gt, false, "max")
        ]
    );
    assert_eq!(on("min"), [opaque(CmpOp::Gt, false, "value")]);
    assert_eq!(on("len"), [opaque(CmpOp::Gt, true, "most")]);
}

/// A function that first answers with the value it finds stored, and makes one only when
/// there is none, fills a binding lazily; one that answers with something else does not.
#[test]
fn a_stored_value_returned_first_marks_a_lazy_binding() {
    let f = facts(
        r#"
        fn session(&self) -> Result<Session, E> {
            if let Some(saved) = self.load() { return Ok(saved.clone()); }
            let s = self.login()?;
            Ok(s)
        }
        fn refresh(&self) -> Result<Session, E> {
            if let Some(saved) = self.load() { return Ok(self.renew(saved)?); }
            self.login()
        }
        "#,
    );
    assert!(func(&f, "session").behaviour.lazy);
    assert!(!func(&f, "refresh").behaviour.lazy);
}

/// An output type's fields are what serde writes only when no attribute reshapes the value
/// on the way out: P013 compares nothing else.
#[test]
fn types_say_when_what_serde_writes_differs_from_the_fields() {
    let f = facts(
        r#"
        #[derive(Serialize, JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct Plain { pub high_c: f64, #[serde(rename = "sum")] pub summary: String }
        #[derive(Serialize, JsonSchema)]
        pub struct Sometimes { #[serde(skip_serializing_if = "Option::is_none")] pub rain: Option<u32> }
        #[derive(Serialize, JsonSchema)]
        pub struct WrittenOnly { #[serde(skip_deserializing)] pub id: u64 }
        #[derive(Serialize, JsonSchema)]
        pub struct Renamed { #[serde(rename(serialize = "n"))] pub name: String }
        #[derive(Serialize, JsonSchema)]
        pub struct Nested { #[serde(flatten)] pub inner: Plain }
        #[derive(Serialize, JsonSchema)]
        #[serde(tag = "kind")]
        pub struct Tagged { pub a: u8 }
        #[derive(Serialize, JsonSchema)]
        pub struct SchemaName { #[schemars(rename = "x")] pub y: u8 }
        #[derive(Serialize, JsonSchema)]
        pub struct Tuple(pub u8);
        #[derive(Serialize, JsonSchema)]
        pub enum Shape { Circle { r: f64 }, Square(f64) }
        #[derive(Serialize, JsonSchema)]
        pub enum Unit { North, South }
        "#,
    );
    for plain in ["Plain", "Unit"] {
        assert!(!ty(&f, plain).writes_differ, "{plain}");
    }
    for differs in [
        "Sometimes",
        "WrittenOnly",
        "Renamed",
        "Nested",
        "Tagged",
        "SchemaName",
        "Tuple",
        "Shape",
    ] {
        assert!(ty(&f, differs).writes_differ, "{differs}");
    }
}

/// A successful exit that returns `CallToolResult::success(..)` as built there carries no
/// structured content; an error result, a structured one or a helper's value is not it.
#[test]
fn bodies_record_exits_that_return_content_without_structure() {
    let f = facts(
        r#"
        async fn get(&self, stale: bool) -> Result<CallToolResult, McpError> {
            if stale {
                return Ok(CallToolResult::success(vec![Content::text("later")]));
            }
            match self.mode {
                Mode::Text => Ok(rmcp::model::CallToolResult::success(vec![])),
                Mode::Fail => Ok(CallToolResult::error(vec![])),
                Mode::Json => Ok(CallToolResult::structured(json!({}))),
                Mode::Helper => Ok(self.render()),
            }
        }
        fn closure_only(&self) -> Result<CallToolResult, McpError> {
            let later = || CallToolResult::success(vec![]);
            Ok(CallToolResult::structured(json!({ "n": later().content.len() })))
        }
        "#,
    );
    assert_eq!(func(&f, "get").unstructured.len(), 2);
    assert!(func(&f, "closure_only").unstructured.is_empty());
}

/// A failure emptied into a value the function answers with is "nothing found"; one that
/// only fills a lookup table the answer consults is a fallback.
#[test]
fn a_swallow_answers_only_when_its_value_reaches_the_answer() {
    let f = facts(
        r#"
        fn search(&self, q: &str) -> Result<Vec<String>, E> {
            let names = self.load_names().unwrap_or_default();
            let hits = match self.fetch(q) { Ok(h) => h, Err(_) => Vec::new() };
            let mut out = Vec::new();
            for h in hits {
                out.push(names.get(&h).cloned().unwrap_or(h));
            }
            Ok(out)
        }
        "#,
    );
    let answers: Vec<(String, bool)> = func(&f, "search")
        .behaviour
        .swallows
        .iter()
        .map(|s| (s.how.clone(), s.answers))
        .collect();
    assert_eq!(
        answers,
        [
            ("`unwrap_or_default()`".to_string(), false),
            ("`Err(_) => <empty>`".to_string(), true),
        ]
    );
}

/// A tool built by a helper of the file (`tool("x", "..", json!(..))`) is read from the
/// call's arguments, the schema through a helper without arguments too; a call that does
/// not resolve to that helper (a closure shadowing it, a path into another module, a name
/// the caller was given) is never read as one, nor a helper building a value without a
/// description. A helper generic over the input type declares the type its call names
/// (`typed::<ReadArgs>(..)`) only when its body derives the schema from that parameter
/// (`schema_for!(I)`); called without naming it, or building another schema, it declares
/// nothing known.
#[test]
fn tool_builder_helpers_are_read_only_where_the_call_resolves() {
    let f = facts(
        r#"
        use serde_json::{json, Value};

        pub fn tools() -> Vec<Tool> {
            vec![
                tool("read_note", "Read one note.", json!({"type": "object", "properties": {"id": {"type": "string"}}})),
                tool("list_notes", "List notes.", empty()),
                other::tool("not_this_files", "Another module's helper.", empty()),
            ]
        }

        pub fn more() -> Vec<Tool> {
            let tool = |n: &str, _d: &str, _s: Value| n.to_string();
            vec![tool("shadowed", "A closure, not the helper.", empty())]
        }

        pub fn wrap(name: &str) -> Tool {
            tool(name, "Named by the caller.", empty())
        }

        mod inner {
            pub fn tools() -> Vec<super::Tool> {
                vec![tool("inner_scope", "Not the file's helper.", super::empty())]
            }
            fn tool(n: &str, _d: &str, _s: serde_json::Value) -> String { n.to_string() }
        }

        fn tool(name: &str, description: &str, input_schema: Value) -> Tool {
            Tool { name: name.to_string(), description: Some(description.to_string()), input_schema }
        }

        fn empty() -> Value {
            json!({"type": "object", "properties": {}})
        }

        pub fn registry() -> Vec<Entry> {
            vec![
                typed::<ReadArgs>("typed_entry", "Generic over its input."),
                typed("inferred_entry", "The type is not written here."),
                fixed::<ReadArgs>("fixed_entry", "The schema is not the type's."),
                planned("planned_entry", "Not listed yet."),
            ]
        }

        fn fixed<I: JsonSchema>(name: &str, description: &str) -> Entry {
            Entry { name: name.into(), description: description.into(), input_schema: empty() }
        }

        fn typed<I: JsonSchema>(name: &str, description: &str) -> Entry {
            Entry { name: name.into(), description: description.into(), input_schema: schema_for!(I) }
        }

        fn planned(name: &str, summary: &str) -> Entry {
            Entry { name: name.into(), summary: summary.into(), input_schema: empty() }
        }
        "#,
    );
    let mut names: Vec<&str> = f.tools.iter().map(|t| t.name.value.as_str()).collect();
    names.sort();
    assert_eq!(names, ["list_notes", "read_note", "typed_entry"]);
    let typed = f.tools.iter().find(|t| t.name.value == "typed_entry");
    assert_eq!(typed.unwrap().input.as_deref(), Some("ReadArgs"));
    let read = f
        .tools
        .iter()
        .find(|t| t.name.value == "read_note")
        .unwrap();
    assert_eq!(read.description.as_ref().unwrap().value, "Read one note.");
    let list = f
        .tools
        .iter()
        .find(|t| t.name.value == "list_notes")
        .unwrap();
    assert!(list.schema.is_some(), "the helper's schema is read");
    assert!(list.not_static.is_empty());
}

/// `let text = |key: &str| args.get(key)..; text("pattern")`: the key is read through the
/// closure, and its value goes where the closure's result goes (not followed), so nothing
/// may be claimed absent about it. A closure reading something else reads no key.
#[test]
fn a_closure_reading_the_map_by_its_parameter_reads_each_key_it_is_called_with() {
    let f = facts(
        r#"
        fn v(args: &Map<String, Value>) -> Result<String, String> {
            let text = |key: &str| args.get(key).and_then(Value::as_str).map(str::to_owned).ok_or(key.to_string());
            let shout = |key: &str| key.to_uppercase();
            let p = text("pattern")?;
            let q = shout("ignored");
            Ok(p + &q)
        }
        "#,
    );
    let body = func(&f, "v");
    let of = |kind: CodeFactKind| -> Vec<&str> {
        body.facts
            .iter()
            .filter(|x| x.kind == kind && x.subject.root == "args")
            .map(|x| x.subject.key.as_str())
            .collect()
    };
    assert_eq!(of(CodeFactKind::KeyRead), ["pattern"]);
    assert_eq!(
        of(CodeFactKind::Escapes { handed_back: false }),
        ["pattern"]
    );
}

/// `page.is_some_and(|p| p < 1)`, `!rack.is_none_or(|r| (1..=40).contains(&r))`: the
/// closure tests the value inside the option, so its comparisons reject the property's
/// values; `is_none_or` in a reject-condition turns absence away too, `is_some_and` does not.
#[test]
fn an_option_tested_by_a_closure_is_compared_inside_it() {
    let f = facts(
        r#"
        fn v(page: Option<u32>, rack: Option<u32>, tag: Option<String>) -> Result<(), String> {
            if page.is_some_and(|p| p < 1) {
                return Err("page".into());
            }
            if !rack.is_none_or(|r| (1..=40).contains(&r)) {
                return Err("rack".into());
            }
            if tag.is_none_or(|t| t.is_empty()) {
                return Err("tag".into());
            }
            Ok(())
        }
        "#,
    );
    let body = func(&f, "v");
    let rejecting = |root: &str| -> Vec<String> {
        body.facts
            .iter()
            .filter(|x| x.subject.root == root && x.rejects)
            .map(|x| format!("{:?}", x.kind))
            .collect()
    };
    assert_eq!(rejecting("page"), ["Compare { op: Lt, value: 1.0 }"]);
    assert_eq!(
        rejecting("rack"),
        [
            "Compare { op: Lt, value: 1.0 }",
            "Compare { op: Gt, value: 40.0 }"
        ]
    );
    assert!(rejecting("tag").contains(&"Absent".to_string()));
}
