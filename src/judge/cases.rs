//! The failure-case table of a tool, derived from its published schema: a valid base input,
//! one case per way the schema says an input is wrong, and positive controls at every
//! inclusive numeric bound (so a validator that rejects everything cannot pass the table).
//!
//! Every row is also evaluated against the schema itself with `jsonschema`: a failure case the
//! schema accepts, or a control it rejects, is a finding about the schema. Application rules
//! no schema states come from the linked Rust code: a property the handler looks up in a
//! collection (a catalogue) gets an unknown-reference row. Each row names the fact (schema
//! keyword or code) it was derived from.

mod records;

use crate::config::CasesConfig;
use crate::contract::{
    Claim, ClaimKind, CodeFactKind, Contract, Dialect, JsonType, ObjectFacts, Project,
    PropertyFacts, ReadWritten, RecordList, RustInput, SchemaFacts, SchemaNode, format_number,
};
use crate::source::escape::visible;
use crate::source::normalize;
use crate::source::{FileId, SourceMap, Span};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The probe value sent with the undeclared property of the `unknown-field` case.
const UNKNOWN_FIELD_VALUE: &str = "X";
const DEFAULT_UNKNOWN_FIELD: &str = "coupon";
/// The id of the control that sends the base input unchanged.
const VALID_INPUT: &str = "valid-input";
/// Longest string or array a case will build: a `maxLength` of a million gets no
/// too-long case rather than a megabyte of JSON.
const MAX_GENERATED: f64 = 10_000.0;

/// Most items a sample array gets (its `minItems`, realistically a handful).
const MAX_ITEMS: usize = 100;

/// Most JSON values one table may build, its base input counted once per row that copies it
/// (a string counts one more per 64 bytes). A realistic table holds a few thousand; required
/// properties whose `$ref`s each name a definition twice double the base input per link, and
/// the table is refused rather than built (`tests/budget.rs`).
pub const MAX_TABLE_VALUES: usize = 500_000;

/// Top-level properties past which a table's rows are charged before they are built
/// ([`derive`]): a tool of a real server has tens.
const COUNT_FIRST: usize = 1_000;

/// A length bound as a count, at most [`MAX_GENERATED`].
fn capped(v: f64) -> usize {
    v.clamp(0.0, MAX_GENERATED) as usize
}

/// The expected application error, in the seed's vocabulary (renamable in config).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    MissingField,
    InvalidType,
    OutOfRange,
    UnknownField,
    InvalidValue,
}

impl ErrorCode {
    pub fn canonical(self) -> &'static str {
        match self {
            ErrorCode::MissingField => "MISSING_FIELD",
            ErrorCode::InvalidType => "INVALID_TYPE",
            ErrorCode::OutOfRange => "OUT_OF_RANGE",
            ErrorCode::UnknownField => "UNKNOWN_FIELD",
            ErrorCode::InvalidValue => "INVALID_VALUE",
        }
    }

    /// The code as the application spells it: the config's rename, else the canonical name.
    pub fn name(self, config: &CasesConfig) -> String {
        let c = &config.codes;
        let renamed = match self {
            ErrorCode::MissingField => &c.missing_field,
            ErrorCode::InvalidType => &c.invalid_type,
            ErrorCode::OutOfRange => &c.out_of_range,
            ErrorCode::UnknownField => &c.unknown_field,
            ErrorCode::InvalidValue => &c.invalid_value,
        };
        renamed
            .clone()
            .unwrap_or_else(|| self.canonical().to_string())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Rejected,
    Accepted,
}

/// What a case changes in the base input, and so what it expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Missing,
    /// A number or boolean sent as a string.
    StringTyped,
    Null,
    /// An integer sent with a fractional part.
    Fractional,
    BelowMinimum,
    Negative,
    AboveMaximum,
    TooShort,
    TooLong,
    /// An array with fewer items than `minItems`.
    TooFew,
    /// An array with more items than `maxItems`.
    TooMany,
    OffPattern,
    /// A value outside `enum`/`const`.
    Unlisted,
    UnknownField,
    /// A value the code looks up in a collection and does not find there (an unknown
    /// product): rejected by the application, though the schema accepts it.
    UnknownReference,
    /// The base input sent while the sandbox simulates a backend failure
    /// (`[cases] outage`): the tool must fail, not answer as if nothing matched.
    Outage,
    /// Control: the base input unchanged.
    ValidInput,
    /// Control: a property at its inclusive minimum.
    AtMinimum,
    /// Control: a property at its inclusive maximum.
    AtMaximum,
    /// A search's input limit exactly at a record's value (`cases/records.rs`): the answer
    /// lists the records the limit admits, that one included when the limit includes it.
    AtLimit,
    /// The same limit one past that record's value: the record is no longer listed.
    PastLimit,
    /// The loosest limit the records' values call for, with a record whose value is
    /// unknown: that record is never listed.
    UnknownValue,
    /// The base input after the records it finds were removed (`[cases] remove`): nothing
    /// is listed (the seed's "no verified match").
    WithoutRecords,
}

impl Kind {
    /// The row id: the seed's own where it has one (`below-minimum`, `unknown-field`),
    /// else the kind and the property path (`null-quantity`).
    pub fn id(self, property: &str) -> String {
        let prefix = match self {
            Kind::Missing => "missing",
            Kind::StringTyped => "string",
            Kind::Null => "null",
            Kind::Fractional => "fractional",
            Kind::BelowMinimum => return "below-minimum".into(),
            Kind::Negative => "negative",
            Kind::AboveMaximum => return "above-maximum".into(),
            Kind::TooShort => "too-short",
            Kind::TooLong => "too-long",
            Kind::TooFew => "too-few",
            Kind::TooMany => "too-many",
            Kind::OffPattern => "off-pattern",
            Kind::Unlisted => "unlisted",
            Kind::UnknownField => return "unknown-field".into(),
            Kind::UnknownReference => "unknown",
            Kind::Outage => return "backend-outage".into(),
            Kind::ValidInput => return VALID_INPUT.into(),
            Kind::AtMinimum => "minimum",
            Kind::AtMaximum => "maximum",
            Kind::AtLimit => "at-limit",
            Kind::PastLimit => "past-limit",
            Kind::UnknownValue => "unknown-value",
            Kind::WithoutRecords => "without",
        };
        format!("{prefix}-{property}")
    }

    pub fn code(self) -> Option<ErrorCode> {
        Some(match self {
            Kind::Missing => ErrorCode::MissingField,
            Kind::StringTyped | Kind::Null | Kind::Fractional => ErrorCode::InvalidType,
            Kind::BelowMinimum | Kind::Negative | Kind::AboveMaximum => ErrorCode::OutOfRange,
            Kind::TooShort
            | Kind::TooLong
            | Kind::TooFew
            | Kind::TooMany
            | Kind::OffPattern
            | Kind::Unlisted => ErrorCode::InvalidValue,
            Kind::UnknownField => ErrorCode::UnknownField,
            // The application's own code, when its source names one (`Case::named_code`).
            Kind::UnknownReference | Kind::Outage => return None,
            Kind::ValidInput | Kind::AtMinimum | Kind::AtMaximum => return None,
            Kind::AtLimit | Kind::PastLimit | Kind::UnknownValue | Kind::WithoutRecords => {
                return None;
            }
        })
    }

    /// Whether the row expects a rejection (every kind but the positive controls).
    pub fn rejects(self) -> bool {
        !matches!(
            self,
            Kind::ValidInput
                | Kind::AtMinimum
                | Kind::AtMaximum
                | Kind::AtLimit
                | Kind::PastLimit
                | Kind::UnknownValue
                | Kind::WithoutRecords
        )
    }
}

/// What the published schema itself says about a row's input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SchemaVerdict {
    Rejects,
    Accepts,
    /// The schema could not be compiled (e.g. a `$ref` to another file); the reason.
    NotEvaluated(String),
}

impl SchemaVerdict {
    pub fn label(&self) -> &str {
        match self {
            SchemaVerdict::Rejects => "rejects",
            SchemaVerdict::Accepts => "accepts",
            SchemaVerdict::NotEvaluated(_) => "not evaluated",
        }
    }
}

/// One executable case.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub id: String,
    pub kind: Kind,
    /// The field the case is about (the undeclared one for `unknown-field`); `None` for the
    /// valid base input.
    pub property: Option<String>,
    pub input: Value,
    pub schema: SchemaVerdict,
    /// The schema keyword or code fact the case was derived from.
    pub derived_from: Option<Span>,
    /// That fact as the row names it: `schema tools.json:9:38 "maximum": 5`.
    pub from: Option<String>,
    /// The error code the code's rejecting branch names (`UNKNOWN_SKU`), for rows derived
    /// from code.
    pub named_code: Option<String>,
    /// What the response must hold (`{"pointer": "/matches", "contains": "FT-A"}`), for
    /// rows derived from the records the code searches.
    pub assert: Vec<Value>,
    /// Sandbox calls made after the reset and before the row
    /// (`{"tool": "hideProduct", "arguments": {"productId": "FT-A"}}`).
    pub setup: Vec<Value>,
}

impl Case {
    pub fn status(&self) -> Status {
        if self.kind.rejects() {
            Status::Rejected
        } else {
            Status::Accepted
        }
    }

    /// The expected application error; `None` for a positive control.
    pub fn code(&self) -> Option<ErrorCode> {
        self.kind.code()
    }

    /// The expected code as the application spells it; `None` for a control, or a
    /// code-derived row whose source names no code.
    pub fn code_name(&self, config: &CasesConfig) -> Option<String> {
        self.named_code
            .clone()
            .or_else(|| self.code().map(|c| c.name(config)))
    }

    /// The schema disagrees with the expectation: it accepts a failure case or rejects a
    /// control. An application rule (an unknown reference) is not the schema's to state.
    pub fn schema_disagrees(&self) -> bool {
        !matches!(self.kind, Kind::UnknownReference | Kind::Outage)
            && matches!(
                (self.status(), &self.schema),
                (Status::Rejected, SchemaVerdict::Accepts)
                    | (Status::Accepted, SchemaVerdict::Rejects)
            )
    }

    /// The row exactly as `contractlint cases` prints it (OUTPUT.md, plus `schema`).
    /// The row's `expect` member: what the server should do with the input.
    pub fn expect_json(&self, config: &CasesConfig) -> Value {
        match self.status() {
            Status::Rejected => json!({
                "status": "rejected",
                "code": self.code_name(config),
                "field": self.property,
                "mutation": "not_applied",
            }),
            Status::Accepted if self.assert.is_empty() => json!({"status": "accepted"}),
            Status::Accepted => json!({"status": "accepted", "assert": self.assert}),
        }
    }

    pub fn to_json(&self, config: &CasesConfig) -> Value {
        let mut row = json!({
            "id": self.id,
            "property": self.property,
            "input": self.input,
            "expect": self.expect_json(config),
            "schema": self.schema.label(),
        });
        if let Some(from) = &self.from {
            row["from"] = json!(from);
        }
        if let (Kind::Outage, Some(tool)) = (self.kind, &config.outage) {
            row["setup"] = json!(tool);
        }
        if !self.setup.is_empty() {
            row["setup"] = json!(self.setup);
        }
        if let SchemaVerdict::NotEvaluated(reason) = &self.schema {
            row["schema_note"] = json!(reason);
        } else if self.schema_disagrees() {
            row["schema_note"] = json!(self.disagreement());
        }
        row
    }

    /// One sentence on what a disagreement means for the schema.
    pub fn disagreement(&self) -> String {
        match self.status() {
            Status::Rejected => format!(
                "the published schema accepts this input, so it does not express the rule `{}` tests",
                self.id
            ),
            Status::Accepted => "the published schema rejects this input, meant to be valid: its \
                constraints admit no such value, or no valid value could be derived (give the \
                schema `examples`)"
                .to_string(),
        }
    }
}

/// A tool's cases, in a deterministic order: missing fields, then per property (declaration
/// order) its type, range, length, pattern and value cases, the unknown field, the controls.
#[derive(Clone, Debug)]
pub struct CaseTable {
    pub tool: String,
    pub cases: Vec<Case>,
}

impl CaseTable {
    pub fn to_json(&self, config: &CasesConfig) -> Value {
        Value::Array(self.cases.iter().map(|c| c.to_json(config)).collect())
    }
}

/// Why no table could be derived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTable {
    NoSchema,
    NotAnObject,
    /// The inputs would hold more than [`MAX_TABLE_VALUES`] values.
    TooLarge,
}

impl NoTable {
    pub fn message(&self, tool: &str) -> String {
        match self {
            NoTable::NoSchema => {
                format!("`{tool}` has no published input schema to derive cases from")
            }
            NoTable::NotAnObject => {
                format!("the input schema of `{tool}` does not describe an object with properties")
            }
            NoTable::TooLarge => format!(
                "the case table of `{tool}` would hold more than {MAX_TABLE_VALUES} JSON values \
                 (its required properties nest or repeat past that); no table is derived"
            ),
        }
    }
}

/// The table of the tool named `tool`; an unknown name or a tool without an object schema
/// is an error that lists what is known.
pub fn for_tool(
    project: &Project,
    tool: &str,
    config: &CasesConfig,
    read: ReadWritten,
) -> Result<CaseTable, String> {
    let named: Vec<&Contract> = project
        .contracts
        .iter()
        .filter(|c| c.name == tool)
        .collect();
    if named.len() > 1 {
        // Independent projects in the paths each declare the tool: which table is meant?
        let places: Vec<String> = named
            .iter()
            .filter_map(|c| c.decls.first())
            .map(|d| project.sources.get(d.name_span.file).display.clone())
            .collect();
        return Err(format!(
            "{} projects under the given paths declare `{}` ({}); pass the path of one",
            named.len(),
            visible(tool),
            visible(&places.join(", "))
        ));
    }
    let Some(contract) = named.first().copied() else {
        let mut known: Vec<&str> = project.contracts.iter().map(|c| c.name.as_str()).collect();
        known.sort_unstable();
        known.dedup();
        // Names from the tree, shown on stderr: one line each, however they are spelled.
        let known: Vec<String> = known.iter().map(|k| visible(k).into_owned()).collect();
        let tool = visible(tool);
        return Err(if known.is_empty() {
            format!("unknown tool `{tool}`: no tools were found under the given paths")
        } else {
            format!("unknown tool `{tool}`; known tools: {}", known.join(", "))
        });
    };
    derive(contract, project, config, read).map_err(|e| e.message(tool))
}

/// Derive the case table of one tool from its first published schema.
pub fn derive(
    contract: &Contract,
    project: &Project,
    config: &CasesConfig,
    read: ReadWritten,
) -> Result<CaseTable, NoTable> {
    let sources = &project.sources;
    let removal = removal(project, contract, config);
    let removal = removal.as_ref().map(|(t, a)| (t.as_str(), a.as_str()));
    let schema = contract.schema().ok_or(NoTable::NoSchema)?;
    let object = schema.root.object.as_ref().ok_or(NoTable::NotAnObject)?;
    let written = read(schema, sources);
    let described = described_required(contract, object);
    let mut left = MAX_TABLE_VALUES;
    let base = Value::Object(base_input(&written, object, &described, &mut left));
    let base_weight = weigh(&base, usize::MAX);
    let mut d = Deriver {
        base,
        base_weight,
        left,
        cases: Vec::new(),
        counting: false,
    };
    let rows = |d: &mut Deriver| {
        d.missing(object, &[]);
        for (name, span) in &described {
            d.push(Kind::Missing, std::slice::from_ref(name), None, Some(*span));
            if let Some(case) = d.cases.last_mut() {
                case.from = Some(format!("description: says `{}` is required", visible(name)));
            }
        }
        for p in &object.properties {
            d.property(p, vec![p.name.clone()], raw_property(&written, &p.name));
        }
        let probe = unknown_field_name(config, object);
        d.push(
            Kind::UnknownField,
            std::slice::from_ref(&probe),
            Some(json!(UNKNOWN_FIELD_VALUE)),
            Some(match &object.unknown_fields {
                crate::contract::UnknownFields::Rejected(span) => *span,
                _ => object.span,
            }),
        );
        if let Some(rust) = &contract.rust {
            d.lookups(object, rust);
        }
        d.valid_input();
        d.controls(object, &[]);
    };
    // A table past the limit is refused, and building it to find that out held its rows (a
    // schema of 190,000 properties: 250,000 rows, most of a readiness report's memory).
    // With many properties the rows are charged first without being built; the charges are
    // the same, so the same tables are refused.
    if object.properties.len() > COUNT_FIRST {
        let mut counted = Deriver {
            base: d.base.clone(),
            cases: Vec::new(),
            counting: true,
            ..d
        };
        rows(&mut counted);
        if counted.left == 0 {
            return Err(NoTable::TooLarge);
        }
    }
    rows(&mut d);
    d.records(contract, object, config, removal);
    if d.left == 0 {
        return Err(NoTable::TooLarge);
    }
    // The sandbox's own tools are not asked to survive the outage they simulate or observe.
    if let Some(tool) = config
        .outage
        .as_ref()
        .filter(|_| !config.is_helper(&contract.name))
    {
        d.cases.push(Case {
            id: Kind::Outage.id(""),
            kind: Kind::Outage,
            property: None,
            input: d.base.clone(),
            schema: SchemaVerdict::Rejects,
            derived_from: None,
            from: Some(format!(
                "config: the sandbox simulates a backend failure with `{}`",
                visible(tool)
            )),
            named_code: None,
            assert: Vec::new(),
            setup: Vec::new(),
        });
    }
    let mut cases = d.cases;
    disambiguate(&mut cases);
    for c in &mut cases {
        c.from = match (c.from.take(), c.derived_from) {
            (Some(code), Some(span)) => Some(format!("{code} at {}", at(sources, span))),
            (None, Some(span)) if c.kind == Kind::Missing => Some(format!(
                "schema: `required` names {} at {}",
                visible(c.property.as_deref().unwrap_or_default()),
                at(sources, span)
            )),
            (None, Some(span)) => Some(fact_at(sources, span)),
            (from, None) => from,
        };
    }
    evaluate(schema, &written, sources, &mut cases);
    Ok(CaseTable {
        tool: contract.name.clone(),
        cases,
    })
}

/// A record's key as text (`FT-A`).
fn key_of(record: &[(String, Value)], key: &str) -> String {
    RecordList::value(record, key)
        .and_then(Value::as_str)
        .map(|k| visible(k).into_owned())
        .unwrap_or_default()
}

/// The `[cases] remove` tool of the tool's package and the one property its published
/// schema requires (the record's key).
fn removal(
    project: &Project,
    contract: &Contract,
    config: &CasesConfig,
) -> Option<(String, String)> {
    let tool = config.remove.as_ref()?;
    let helper = project
        .contracts
        .iter()
        .find(|c| c.name == *tool && c.package == contract.package)?;
    let object = helper.schema()?.root.object.as_ref()?;
    let [argument] = object.required.as_slice() else {
        return None;
    };
    Some((tool.clone(), argument.value.clone()))
}

/// Builds cases by changing the base input at one property path (`address.postcode`).
/// Nested objects are entered when the base input holds them.
struct Deriver {
    base: Value,
    /// What each row's copy of the base input costs of [`Deriver::left`].
    base_weight: usize,
    /// What is left of [`MAX_TABLE_VALUES`]; at 0 nothing more is built.
    left: usize,
    cases: Vec<Case>,
    /// Rows are charged to `left` and not built (see [`COUNT_FIRST`]).
    counting: bool,
}

impl Deriver {
    /// The base input with `path` set to `value`, or removed when `value` is `None`.
    fn input(&self, path: &[String], value: Option<Value>) -> Value {
        let mut input = self.base.clone();
        let Some((last, parents)) = path.split_last() else {
            return input;
        };
        let parent = parents
            .iter()
            .try_fold(&mut input, |v, key| v.get_mut(key.as_str()));
        if let Some(Value::Object(m)) = parent {
            match value {
                Some(v) => {
                    m.insert(last.clone(), v);
                }
                None => {
                    m.shift_remove(last);
                }
            }
        }
        input
    }

    fn base_at(&self, path: &[String]) -> Option<&Value> {
        path.iter().try_fold(&self.base, |v, key| v.get(key))
    }

    /// The case `kind` at `path`: the base input with `value` there (`None` removes it).
    fn push(&mut self, kind: Kind, path: &[String], value: Option<Value>, span: Option<Span>) {
        let cost = self.base_weight + value.as_ref().map_or(0, |v| weigh(v, self.left));
        if cost >= self.left {
            self.left = 0;
            return;
        }
        self.left -= cost;
        if self.counting {
            return;
        }
        let input = self.input(path, value);
        let property = path.join(".");
        self.cases.push(Case {
            id: kind.id(&property),
            kind,
            property: Some(property),
            input,
            schema: SchemaVerdict::Rejects,
            derived_from: span,
            from: None,
            named_code: None,
            assert: Vec::new(),
            setup: Vec::new(),
        });
    }

    /// The base input itself, as a row that the schema must accept (not charged: the base
    /// input was).
    fn valid_input(&mut self) {
        if self.counting {
            return;
        }
        self.cases.push(Case {
            id: Kind::ValidInput.id(""),
            kind: Kind::ValidInput,
            property: None,
            input: self.base.clone(),
            schema: SchemaVerdict::Rejects,
            derived_from: None,
            from: Some(
                "schema: the base input (`examples`, else a sample of each property)".into(),
            ),
            named_code: None,
            assert: Vec::new(),
            setup: Vec::new(),
        });
    }

    /// `unknown-P` for each top-level string property the handler looks up in a collection
    /// and rejects when it misses: the base input with a value outside the collection's
    /// known members.
    fn lookups(&mut self, object: &ObjectFacts, rust: &RustInput) {
        for p in &object.properties {
            let Some(Value::String(_)) = self.base.get(&p.name) else {
                continue;
            };
            let lookup = rust.checks_on(&p.name).find_map(|c| match &c.kind {
                CodeFactKind::Member(lookup) if c.rejects => {
                    Some((c.span, &lookup.collection, &lookup.members, &lookup.code))
                }
                _ => None,
            });
            let Some((span, collection, members, code)) = lookup else {
                continue;
            };
            let known = members.as_deref().unwrap_or_default();
            let absent = (1..)
                .map(|n| match n {
                    1 => "UNKNOWN".to_string(),
                    n => format!("UNKNOWN-{n}"),
                })
                .find(|v| !known.contains(v))
                .unwrap_or_default();
            let path = std::slice::from_ref(&p.name);
            self.push(
                Kind::UnknownReference,
                path,
                Some(json!(absent)),
                Some(span),
            );
            if let Some(case) = self.cases.last_mut() {
                case.named_code.clone_from(code);
                case.from = Some(format!(
                    "code: `{}` is looked up in `{}`{}",
                    p.name,
                    visible(collection),
                    match members {
                        Some(m) => format!(" (members: {})", visible(&m.join(", "))),
                        None => String::new(),
                    }
                ));
            }
        }
    }

    /// The rows of the records the code searches (`cases/records.rs`): the base input's
    /// answer checked, each limit at a record's value and one past it, a record of unknown
    /// value, and the base input's records removed. Only with `[cases.response] matches`,
    /// which says where the answer lists its records.
    fn records(
        &mut self,
        contract: &Contract,
        object: &ObjectFacts,
        config: &CasesConfig,
        removal: Option<(&str, &str)>,
    ) {
        let Some(pointer) = config.response.as_ref().and_then(|r| r.matches.clone()) else {
            return;
        };
        let Some((limits, list)) = records::limits(contract, object) else {
            return;
        };
        let Some(key) = list.key() else { return };
        let Some(base) = records::found(&limits, list, &self.base) else {
            return;
        };
        let assert = |found: &[usize]| records::assertions(list, key, &pointer, found);
        let first = Some(limits[0].at.span);
        if let Some(valid) = self.cases.iter_mut().find(|c| c.kind == Kind::ValidInput) {
            valid.assert = assert(&base);
            valid.from = Some(format!(
                "{}; the answer lists what the records of `{}` admit",
                valid.from.take().unwrap_or_default(),
                visible(&list.name)
            ));
        }
        for l in &limits {
            let from = l.describe(list);
            let span = Some(l.at.span);
            let path = std::slice::from_ref(&l.property);
            let Some(current) = self.base.get(&l.property).and_then(Value::as_f64) else {
                continue;
            };
            // The record the limit is tried at: of those the base input finds, the one
            // nearest the limit (the widest of them for a lower bound).
            let edge = base
                .iter()
                .filter_map(|&i| {
                    let v = RecordList::value(&list.records[i], &l.field)?.as_f64()?;
                    Some((i, v))
                })
                .min_by(|a, b| {
                    let (da, db) = ((a.1 - current).abs(), (b.1 - current).abs());
                    da.total_cmp(&db)
                });
            let mut rows: Vec<(Kind, Value, String)> = Vec::new();
            if let Some((i, v)) = edge
                && let Some(at) = records::at_value(l, &list.records[i], object)
            {
                let name = key_of(&list.records[i], key);
                // At the base input's own value the base row has asked already.
                if at.as_f64() != Some(current) {
                    rows.push((
                        Kind::AtLimit,
                        at,
                        format!("{from}: exactly {name}'s `{}`", l.field),
                    ));
                }
                let past = if l.upper { v - 1.0 } else { v + 1.0 };
                if let Some(past) = records::allowed(l, past, object) {
                    rows.push((
                        Kind::PastLimit,
                        past,
                        format!("{from}: one past {name}'s `{}`", l.field),
                    ));
                }
            }
            let unknown = list.records.iter().enumerate().find(|(i, r)| {
                RecordList::value(r, &l.field) == Some(&Value::Null)
                    && limits.iter().filter(|o| o.property != l.property).all(|o| {
                        records::found(std::slice::from_ref(o), list, &self.base)
                            .is_some_and(|f| f.contains(i))
                    })
            });
            let known = list
                .records
                .iter()
                .filter_map(|r| RecordList::value(r, &l.field)?.as_f64());
            let loosest = if l.upper {
                known.fold(current, f64::max)
            } else {
                known.fold(current, f64::min)
            };
            if let Some((_, r)) = unknown
                && let Some(x) = records::allowed(l, loosest, object)
            {
                let name = key_of(r, key);
                rows.push((
                    Kind::UnknownValue,
                    x,
                    format!("{from}: {name}'s `{}` is unknown", l.field),
                ));
            }
            for (kind, value, from) in rows {
                let before = self.cases.len();
                self.push(kind, path, Some(value), span);
                if self.cases.len() == before {
                    continue;
                }
                let Some(case) = self.cases.last_mut() else {
                    continue;
                };
                let Some(found) = records::found(&limits, list, &case.input) else {
                    continue;
                };
                case.assert = assert(&found);
                case.from = Some(from);
            }
        }
        let Some((tool, argument)) = removal.filter(|_| !base.is_empty()) else {
            return;
        };
        let keys: Vec<Value> = base
            .iter()
            .filter_map(|&i| RecordList::value(&list.records[i], key).cloned())
            .collect();
        let names: Vec<String> = keys
            .iter()
            .map(|k| k.as_str().unwrap_or_default().to_string())
            .collect();
        let before = self.cases.len();
        self.push(Kind::WithoutRecords, &[], None, first);
        if self.cases.len() > before
            && let Some(case) = self.cases.last_mut()
        {
            case.id = format!("without-{}", names.join("-"));
            case.property = None;
            case.setup = keys
                .iter()
                .map(|k| json!({"tool": tool, "arguments": {argument: k}}))
                .collect();
            case.assert = assert(&[]);
            case.from = Some(format!(
                "code: the records of `{}` the base input finds, removed with `{}`",
                visible(&list.name),
                visible(tool)
            ));
        }
    }

    /// `missing-P` for every required property, nested ones after their object's.
    fn missing(&mut self, object: &ObjectFacts, prefix: &[String]) {
        for r in &object.required {
            let path = [prefix, std::slice::from_ref(&r.value)].concat();
            self.push(Kind::Missing, &path, None, Some(r.span));
        }
        for p in &object.properties {
            let path = [prefix, std::slice::from_ref(&p.name)].concat();
            if let Some(o) = &p.schema.object
                && self.base_at(&path).is_some_and(Value::is_object)
            {
                self.missing(o, &path);
            }
        }
    }

    /// Positive controls at every inclusive numeric bound.
    fn controls(&mut self, object: &ObjectFacts, prefix: &[String]) {
        for p in &object.properties {
            let path = [prefix, std::slice::from_ref(&p.name)].concat();
            for (which, bound) in [
                (Kind::AtMinimum, &p.schema.bounds().minimum),
                (Kind::AtMaximum, &p.schema.bounds().maximum),
            ] {
                let Some(b) = bound.as_ref().filter(|b| !b.exclusive) else {
                    continue;
                };
                let integer = !p.schema.has_type(JsonType::Number);
                if integer && b.value.fract() != 0.0 {
                    continue;
                }
                self.push(which, &path, Some(number(b.value)), Some(b.span));
            }
            if let Some(o) = &p.schema.object
                && self.base_at(&path).is_some_and(Value::is_object)
            {
                self.controls(o, &path);
            }
        }
    }

    /// The type, range, length, pattern and value cases of one property, then its own
    /// properties when it is an object present in the base input.
    fn property(&mut self, p: &PropertyFacts, path: Vec<String>, raw: Option<&Value>) {
        if self.left == 0 {
            return;
        }
        let s = &p.schema;
        let types = s.non_null_types();
        let type_span = s.types.as_ref().map(|t| t.span);
        let sample = self
            .base_at(&path)
            .cloned()
            .unwrap_or_else(|| sample(s, raw, &mut self.left));
        let numeric = types.contains(&JsonType::Integer) || types.contains(&JsonType::Number);
        let stringly = types.contains(&JsonType::String);
        if (numeric || types.contains(&JsonType::Boolean)) && !stringly {
            let text = match &sample {
                Value::String(t) => t.clone(),
                other => other.to_string(),
            };
            self.push(
                Kind::StringTyped,
                &path,
                Some(Value::String(text)),
                type_span,
            );
        }
        if s.types.is_some() && !s.nullable {
            self.push(Kind::Null, &path, Some(Value::Null), type_span);
        }
        if types.contains(&JsonType::Integer) && !types.contains(&JsonType::Number) {
            let (lo, hi) = integer_range(s);
            let f = match lo {
                Some(lo) if hi.is_none_or(|hi| lo < hi) => lo as f64 + 0.5,
                _ => sample.as_f64().unwrap_or(1.0) + 0.5,
            };
            self.push(Kind::Fractional, &path, Some(number(f)), type_span);
        }
        if numeric {
            let integer = !types.contains(&JsonType::Number);
            if let Some(b) = &s.bounds().minimum {
                let below = if b.exclusive {
                    b.value
                } else if integer {
                    b.value.ceil() - 1.0
                } else {
                    b.value - 1.0
                };
                self.push(Kind::BelowMinimum, &path, Some(number(below)), Some(b.span));
                let excludes_minus_one = if b.exclusive {
                    b.value >= -1.0
                } else {
                    b.value > -1.0
                };
                if excludes_minus_one && below != -1.0 {
                    self.push(Kind::Negative, &path, Some(json!(-1)), Some(b.span));
                }
            }
            if let Some(b) = &s.bounds().maximum {
                let above = if b.exclusive {
                    b.value
                } else if integer {
                    b.value.floor() + 1.0
                } else {
                    b.value + 1.0
                };
                self.push(Kind::AboveMaximum, &path, Some(number(above)), Some(b.span));
            }
        }
        if types.contains(&JsonType::Array) {
            // One item short of `minItems`, one past `maxItems`: the sample's first item
            // (or the item schema's sample) repeated.
            let item = sample
                .as_array()
                .and_then(|a| a.first().cloned())
                .unwrap_or_else(|| {
                    s.items
                        .as_deref()
                        .map_or(json!("example"), |i| self::sample(i, None, &mut self.left))
                });
            if let Some(b) = s
                .bounds()
                .min_items
                .as_ref()
                .filter(|b| (1.0..MAX_GENERATED).contains(&b.value))
            {
                if weigh(&item, self.left).saturating_mul(b.value as usize) >= self.left {
                    self.left = 0;
                    return;
                }
                let few = vec![item.clone(); b.value as usize - 1];
                self.push(Kind::TooFew, &path, Some(Value::Array(few)), Some(b.span));
            }
            if let Some(b) = s
                .bounds()
                .max_items
                .as_ref()
                .filter(|b| b.value < MAX_GENERATED)
            {
                if weigh(&item, self.left).saturating_mul(b.value as usize + 1) >= self.left {
                    self.left = 0;
                    return;
                }
                let many = vec![item; b.value as usize + 1];
                self.push(Kind::TooMany, &path, Some(Value::Array(many)), Some(b.span));
            }
        }
        if stringly {
            let text = sample.as_str().unwrap_or("example");
            if let Some(b) = s
                .bounds()
                .min_length
                .as_ref()
                .filter(|b| (1.0..MAX_GENERATED).contains(&b.value))
            {
                self.push(
                    Kind::TooShort,
                    &path,
                    Some(Value::String(resize(text, b.value as usize - 1))),
                    Some(b.span),
                );
            }
            if let Some(b) = s
                .bounds()
                .max_length
                .as_ref()
                .filter(|b| b.value < MAX_GENERATED)
            {
                self.push(
                    Kind::TooLong,
                    &path,
                    Some(Value::String(resize(text, b.value as usize + 1))),
                    Some(b.span),
                );
            }
            if let Some(pattern) = &s.pattern
                && let Some(off) = off_pattern(&pattern.value, text)
            {
                self.push(
                    Kind::OffPattern,
                    &path,
                    Some(Value::String(off)),
                    Some(pattern.span),
                );
            }
        }
        let allowed = s
            .const_value
            .as_ref()
            .map(|c| (vec![c.value.clone()], c.span))
            .or_else(|| s.enum_values.as_ref().map(|e| (e.value.clone(), e.span)));
        if let Some((values, span)) = allowed
            && let Some(v) = non_member(&values)
        {
            self.push(Kind::Unlisted, &path, Some(v), Some(span));
        }
        if let Some(o) = &s.object
            && self.base_at(&path).is_some_and(Value::is_object)
        {
            for child in &o.properties {
                let child_path = [path.as_slice(), std::slice::from_ref(&child.name)].concat();
                let child_raw = raw_property_of(raw, &child.name);
                self.property(child, child_path, child_raw);
            }
        }
    }
}

/// Where a span starts, as `file:line:column`.
fn at(sources: &SourceMap, span: Span) -> String {
    let f = sources.get(span.file);
    let p = f.position(span.start());
    format!("{}:{}:{}", f.display, p.line, p.column)
}

/// A schema keyword as a row names it: its text on one line (with its key when the span
/// holds only the value) and where it is.
fn fact_at(sources: &SourceMap, span: Span) -> String {
    let f = sources.get(span.file);
    let before = f.text.get(..span.start()).unwrap_or_default().trim_end();
    let start = before
        .strip_suffix(':')
        .map(str::trim_end)
        .and_then(|b| b.strip_suffix('"'))
        .and_then(|b| b.rfind('"'))
        .filter(|&q| span.start() - q <= 64)
        .unwrap_or(span.start());
    let text: String = f
        .text
        .get(start..span.end())
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let text = if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    };
    format!("schema: {} at {}", visible(&text), at(sources, span))
}

/// `below-minimum` and `above-maximum` carry the property name only when several
/// properties have that bound, so the seed's ids stay as written.
fn disambiguate(cases: &mut [Case]) {
    for id in ["below-minimum", "above-maximum"] {
        if cases.iter().filter(|c| c.id == id).count() > 1 {
            for c in cases.iter_mut().filter(|c| c.id == id) {
                c.id = format!("{id}-{}", c.property.as_deref().unwrap_or(""));
            }
        }
    }
}

/// Serves `$ref`s to other files of the project from the texts already read, so a schema
/// split over files is evaluated whole; anything else (remote, unread) is refused, and
/// remembered: jsonschema stops at the first refusal, in an order that changes from run to
/// run, so [`evaluate`] asks again with a stand-in for each refused one until it knows
/// them all.
struct ProjectFiles {
    files: HashMap<PathBuf, Arc<str>>,
    /// Refused before: served as `{}` so that the next refusal shows.
    stand_ins: BTreeSet<String>,
    refused: Arc<Mutex<BTreeSet<String>>>,
}

impl jsonschema::Retrieve for ProjectFiles {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri.to_string();
        if self.stand_ins.contains(&name) {
            return Ok(json!({}));
        }
        let text = (uri.scheme().as_str() == "file")
            .then(|| PathBuf::from(decode(uri.path().as_str())))
            .and_then(|path| self.files.get(&normalize(&path)));
        match text {
            Some(text) => Ok(serde_json::from_str(text)?),
            None => {
                self.refused
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(name.clone());
                Err(format!("`{name}` is not a file of the project").into())
            }
        }
    }
}

/// How many refused resources [`evaluate`] asks about before it stops naming them.
const MAX_REFUSED: usize = 16;

/// The `file:` URI of an absolute path; only the characters a URI cannot hold are escaped.
fn file_uri(path: &Path) -> String {
    let mut uri = String::from("file://");
    for c in path.to_string_lossy().replace('\\', "/").chars() {
        match c {
            ' ' => uri.push_str("%20"),
            '%' => uri.push_str("%25"),
            '#' => uri.push_str("%23"),
            '?' => uri.push_str("%3F"),
            c => uri.push(c),
        }
    }
    uri
}

/// Whether a `$ref` points outside the schema document.
fn external_ref(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.iter().any(|(k, v)| {
            (k == "$ref" && v.as_str().is_some_and(|r| !r.starts_with('#'))) || external_ref(v)
        }),
        Value::Array(items) => items.iter().any(external_ref),
        _ => false,
    }
}

fn decode(path: &str) -> String {
    path.replace("%20", " ")
        .replace("%23", "#")
        .replace("%3F", "?")
        .replace("%25", "%")
}

/// Mark every row with what the schema says about its input.
/// `written` is the schema as written ([`ReadWritten`]).
fn evaluate(schema: &SchemaFacts, written: &Value, sources: &SourceMap, cases: &mut [Case]) {
    let draft = match schema.dialect {
        Dialect::Draft4 => jsonschema::Draft::Draft4,
        Dialect::Draft6 => jsonschema::Draft::Draft6,
        Dialect::Draft7 => jsonschema::Draft::Draft7,
        Dialect::Draft2019_09 => jsonschema::Draft::Draft201909,
        Dialect::Draft2020_12 => jsonschema::Draft::Draft202012,
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let files: HashMap<PathBuf, Arc<str>> = if external_ref(written) {
        (0..sources.len())
            .map(|i| sources.get(FileId(i as u32)))
            .map(|f| (normalize(&cwd.join(&f.path)), f.text.clone()))
            .collect()
    } else {
        HashMap::new()
    };
    let base = normalize(&cwd.join(&sources.get(schema.span.file).path));
    let refused = Arc::new(Mutex::new(BTreeSet::new()));
    let mut stand_ins = BTreeSet::new();
    let built = loop {
        let options = jsonschema::options()
            .with_draft(draft)
            .with_base_uri(file_uri(&base))
            .with_retriever(ProjectFiles {
                files: files.clone(),
                stand_ins: stand_ins.clone(),
                refused: Arc::clone(&refused),
            });
        let built = options.build(written);
        let now = refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        if built.is_ok() || now.len() == stand_ins.len() || now.len() > MAX_REFUSED {
            break built.map_err(|e| e.to_string());
        }
        stand_ins = now;
    };
    let built = match (built, stand_ins.is_empty()) {
        (Ok(v), true) => Ok(v),
        // Compiled only with stand-ins: what it says proves nothing.
        (_, false) if stand_ins.len() <= MAX_REFUSED => Err(format!(
            "its `$ref`s name {} of the project: {}",
            if stand_ins.len() == 1 {
                "a resource that is not a file"
            } else {
                "resources that are not files"
            },
            stand_ins
                .iter()
                .map(|u| format!("`{u}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        (_, false) => Err(format!(
            "its `$ref`s name more than {MAX_REFUSED} resources that are not files of the project"
        )),
        (Err(e), true) => Err(e),
    };
    match built {
        Ok(v) => {
            // A failure case differs from the base input in one place; if the base is
            // already invalid, the schema rejecting the case proves nothing.
            let base_valid = cases
                .iter()
                .find(|c| c.id == VALID_INPUT)
                .is_none_or(|c| v.is_valid(&c.input));
            for c in cases {
                c.schema = if v.is_valid(&c.input) {
                    SchemaVerdict::Accepts
                } else if base_valid || c.status() == Status::Accepted {
                    SchemaVerdict::Rejects
                } else {
                    SchemaVerdict::NotEvaluated(
                        "the schema rejects the valid base input too, so this rejection shows \
                         nothing (give the schema `examples`)"
                            .to_string(),
                    )
                };
            }
        }
        Err(e) => {
            // A schema's problems (S002/S007) list its bad `$ref`s in order, with locations.
            let reason = if schema.problems.is_empty() {
                format!("the schema cannot be compiled: {e}")
            } else {
                "the schema cannot be compiled: see its S002/S007 findings".to_string()
            };
            for c in cases {
                c.schema = SchemaVerdict::NotEvaluated(reason.clone());
            }
        }
    }
}

fn unknown_field_name(config: &CasesConfig, object: &ObjectFacts) -> String {
    let wanted = config
        .unknown_field
        .clone()
        .unwrap_or_else(|| DEFAULT_UNKNOWN_FIELD.to_string());
    let mut name = wanted.clone();
    let mut n = 1;
    while object.property(&name).is_some() {
        n += 1;
        name = format!("{wanted}{n}");
    }
    name
}

/// The top-level properties the description calls required that the schema does not
/// require (a `#[serde(default)]` takes a property out of a derived schema's `required`),
/// each with the claim: the contract an agent reads requires them, so the table does too,
/// and the schema accepting their `missing-` row is the disagreement. Not when the prose
/// also calls the property optional or gives it a default.
fn described_required(contract: &Contract, object: &ObjectFacts) -> Vec<(String, Span)> {
    let claims: Vec<&Claim> = contract.claimed().flat_map(|(_, c)| c).collect();
    let about = |c: &Claim| match c.subject.property() {
        Some(("", name)) => Some(name.to_string()),
        _ => None,
    };
    let relaxed: BTreeSet<String> = claims
        .iter()
        .filter(|c| matches!(c.kind, ClaimKind::Optional | ClaimKind::Default(_)))
        .filter_map(|c| about(c))
        .collect();
    let mut out: Vec<(String, Span)> = Vec::new();
    for c in claims.iter().filter(|c| c.kind == ClaimKind::Required) {
        let Some(name) = about(c) else { continue };
        let required = object.required.iter().any(|r| r.value == name);
        let known = object.property(&name).is_some() && !out.iter().any(|(n, _)| *n == name);
        if known && !required && !relaxed.contains(&name) {
            out.push((name, c.span));
        }
    }
    out
}

/// A valid input: the root's first object `examples` entry, else a sample of every
/// required property, and of every property the description calls required.
fn base_input(
    written: &Value,
    object: &ObjectFacts,
    described: &[(String, Span)],
    left: &mut usize,
) -> Map<String, Value> {
    let example = written
        .get("examples")
        .and_then(Value::as_array)
        .and_then(|e| e.iter().find_map(Value::as_object));
    let mut base = match example {
        Some(e) if charge(left, e.values().map(|v| weigh(v, *left)).sum()) => e.clone(),
        _ => Map::new(),
    };
    let names = object.required.iter().map(|r| &r.value);
    for name in names.chain(described.iter().map(|(n, _)| n)) {
        if base.contains_key(name) || *left == 0 {
            continue;
        }
        let v = match object.property(name) {
            Some(PropertyFacts { schema: s, .. }) => sample(s, raw_property(written, name), left),
            None => json!("example"),
        };
        base.insert(name.clone(), v);
    }
    base
}

/// The property's schema as written, for keywords the facts do not carry (`examples`).
fn raw_property<'a>(schema: &'a Value, name: &str) -> Option<&'a Value> {
    schema.get("properties")?.get(name)
}

fn raw_property_of<'a>(schema: Option<&'a Value>, name: &str) -> Option<&'a Value> {
    raw_property(schema?, name)
}

/// What a value costs of [`MAX_TABLE_VALUES`]: one per value, one more per 64 bytes of a
/// string; counting stops past `cap`.
fn weigh(v: &Value, cap: usize) -> usize {
    let mut total = 0usize;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        total += 1;
        match v {
            Value::String(s) => total += s.len() / 64,
            Value::Array(items) => stack.extend(items),
            Value::Object(m) => stack.extend(m.values()),
            _ => {}
        }
        if total > cap {
            break;
        }
    }
    total
}

/// Takes `cost` from `left`; false (and `left` at 0) when it does not fit.
fn charge(left: &mut usize, cost: usize) -> bool {
    if cost >= *left {
        *left = 0;
        false
    } else {
        *left -= cost;
        true
    }
}

/// A value the property's schema accepts: `examples`, `const`, `default`, the first `enum`
/// member, else one built from the type, bounds and format. Each value built is taken from
/// `left`; once it is 0 the value is `null` and the table is refused.
fn sample(s: &SchemaNode, raw: Option<&Value>, left: &mut usize) -> Value {
    let given = raw
        .and_then(|r| r.get("examples"))
        .and_then(Value::as_array)
        .and_then(|e| e.first())
        .or(s.const_value.as_ref().map(|c| &c.value))
        .or(s.default.as_ref().map(|d| &d.value))
        .or(s.enum_values.as_ref().and_then(|e| e.value.first()));
    if let Some(v) = given {
        return if charge(left, weigh(v, *left)) {
            v.clone()
        } else {
            Value::Null
        };
    }
    if !charge(left, 1) {
        return Value::Null;
    }
    let types = s.non_null_types();
    let t = types.first().copied().unwrap_or(
        if s.bounds().minimum.is_some() || s.bounds().maximum.is_some() {
            JsonType::Integer
        } else {
            JsonType::String
        },
    );
    match t {
        JsonType::Integer | JsonType::Number => {
            let (lo, hi) = integer_range(s);
            let v = match (lo, hi) {
                (Some(lo), Some(hi)) if lo > hi => {
                    // No integer inside (a number range like 0.1..0.2): its midpoint.
                    return number(
                        (s.bounds().minimum.as_ref().map_or(0.0, |b| b.value)
                            + s.bounds().maximum.as_ref().map_or(0.0, |b| b.value))
                            / 2.0,
                    );
                }
                (Some(lo), hi) if hi.is_none_or(|hi| lo < hi) => lo.saturating_add(1),
                (Some(lo), _) => lo,
                (None, Some(hi)) => hi.min(1),
                (None, None) => 1,
            };
            json!(v)
        }
        JsonType::Boolean => json!(true),
        JsonType::Null => Value::Null,
        JsonType::Array => {
            let min = s
                .bounds()
                .min_items
                .as_ref()
                .map_or(0, |b| capped(b.value).min(MAX_ITEMS));
            let item = s
                .items
                .as_deref()
                .map_or(json!("example"), |i| sample(i, None, left));
            if !charge(left, weigh(&item, *left).saturating_mul(min)) {
                return Value::Null;
            }
            Value::Array(vec![item; min])
        }
        JsonType::Object => {
            let mut m = Map::new();
            if let Some(o) = &s.object {
                for r in &o.required {
                    if *left == 0 {
                        break;
                    }
                    let v = o
                        .property(&r.value)
                        .map_or(json!("example"), |p| sample(&p.schema, None, left));
                    m.insert(r.value.clone(), v);
                }
            }
            Value::Object(m)
        }
        JsonType::String => Value::String(sample_string(s)),
    }
}

fn sample_string(s: &SchemaNode) -> String {
    let by_format = s.format.as_ref().and_then(|f| {
        Some(match f.value.as_str() {
            "email" | "idn-email" => "agent@example.com",
            "uri" | "iri" | "url" => "https://example.com/",
            "uri-reference" | "iri-reference" => "/example",
            "date" => "2026-01-01",
            "date-time" => "2026-01-01T00:00:00Z",
            "time" => "12:00:00Z",
            "duration" => "P1D",
            "uuid" => "00000000-0000-4000-8000-000000000000",
            "hostname" | "idn-hostname" => "example.com",
            "ipv4" => "192.0.2.1",
            "ipv6" => "2001:db8::1",
            _ => return None,
        })
    });
    let min = s
        .bounds()
        .min_length
        .as_ref()
        .map_or(0, |b| capped(b.value));
    let max = s.bounds().max_length.as_ref().map(|b| capped(b.value));
    let fits = |c: &str| {
        let n = c.chars().count();
        n >= min && max.is_none_or(|m| n <= m)
    };
    let Some(pattern) = &s.pattern else {
        let text = by_format.unwrap_or("example");
        return if fits(text) {
            text.to_string()
        } else {
            resize(text, min.max(max.unwrap_or(min).min(text.chars().count())))
        };
    };
    let check = json!({"type": "string", "pattern": pattern.value, "minLength": min});
    let fixed = [
        "example",
        "EXAMPLE-1",
        "abc-123",
        "A1",
        "x_1",
        "a-b",
        "a.b",
        "a b",
    ];
    // Runs of one character class, shortest first, fit most `^[...]{n}$` patterns.
    let runs = (1..=12).flat_map(|n| ["a", "A", "1", "aA1"].map(|c| c.repeat(n)));
    let mut candidates = by_format
        .map(str::to_string)
        .into_iter()
        .chain(fixed.map(str::to_string))
        .chain(runs);
    // A pattern jsonschema cannot compile is S002's business; any sample will do.
    let Ok(validator) = jsonschema::validator_for(&check) else {
        return "example".to_string();
    };
    candidates
        .find(|c| fits(c) && validator.is_valid(&json!(c)))
        .unwrap_or_else(|| "example".to_string())
}

/// A string that fails `pattern`, preferring one close to the valid sample.
fn off_pattern(pattern: &str, valid: &str) -> Option<String> {
    let check = json!({"pattern": pattern});
    let mut candidates = vec![format!("{valid} !"), "!".into(), " ".into(), String::new()];
    candidates.extend(["0", "a", "A", "-"].map(String::from));
    // A pattern jsonschema cannot compile rejects nothing; S002 reports it.
    let validator = jsonschema::validator_for(&check).ok()?;
    candidates
        .into_iter()
        .find(|c| !validator.is_valid(&json!(c)))
}

/// A value of the same kind as the allowed ones that is not among them.
fn non_member(values: &[Value]) -> Option<Value> {
    let first = values.first()?;
    let candidate = match first {
        Value::String(_) => (1..)
            .map(|n| {
                if n == 1 {
                    json!("UNLISTED")
                } else {
                    json!(format!("UNLISTED-{n}"))
                }
            })
            .find(|c| !values.contains(c))?,
        Value::Number(_) => {
            let max = values
                .iter()
                .filter_map(Value::as_f64)
                .fold(f64::MIN, f64::max);
            number(max.floor() + 1.0)
        }
        Value::Bool(b) if !values.contains(&json!(!b)) => json!(!b),
        _ => return None,
    };
    Some(candidate)
}

/// The smallest and largest integers inside the numeric bounds.
fn integer_range(s: &SchemaNode) -> (Option<i64>, Option<i64>) {
    let lo = s.bounds().minimum.as_ref().map(|b| {
        if b.exclusive {
            b.value.floor() as i64 + 1
        } else {
            b.value.ceil() as i64
        }
    });
    let hi = s.bounds().maximum.as_ref().map(|b| {
        if b.exclusive {
            b.value.ceil() as i64 - 1
        } else {
            b.value.floor() as i64
        }
    });
    (lo, hi)
}

/// An integral float as a JSON integer (`6`, not `6.0`), anything else as a float.
fn number(v: f64) -> Value {
    let text = format_number(v);
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// The text cut or repeated to exactly `len` characters.
fn resize(text: &str, len: usize) -> String {
    let seed = if text.is_empty() { "x" } else { text };
    seed.chars().cycle().take(len).collect()
}
