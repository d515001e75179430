//! The Rust side of the model: input types as serde reads them, functions as the checks
//! and adjustments they make to their inputs, and what linking found for one tool.

use super::{Annotations, Bound, Few, NotStatic, SchemaFacts, Text, norm};
use crate::source::{Span, Spanned};
use serde_json::Value;
use std::sync::Arc;

/// A Rust type as JSON sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum RustTy {
    Integer {
        signed: bool,
        bits: u32,
        /// `NonZeroU*`: serde rejects 0.
        nonzero: bool,
    },
    Float,
    String,
    Bool,
    Vec(Box<RustTy>),
    Option(Box<RustTy>),
    Map,
    /// `serde_json::Value` and friends: anything goes.
    Any,
    /// Another type of the crate (struct or enum), by its last path segment.
    Named(String),
    /// Something the extractor cannot map (generic, foreign type).
    Unknown(String),
}

impl RustTy {
    /// The type with one `Option` removed.
    pub fn unoption(&self) -> &RustTy {
        match self {
            RustTy::Option(t) => t,
            t => t,
        }
    }

    pub fn is_float(&self) -> bool {
        matches!(self.unoption(), RustTy::Float)
    }

    /// The smallest and largest value of an integer type.
    pub fn int_range(&self) -> Option<(f64, f64)> {
        match self.unoption() {
            RustTy::Integer {
                signed: false,
                bits,
                nonzero,
            } => Some((
                if *nonzero { 1.0 } else { 0.0 },
                2f64.powi(*bits as i32) - 1.0,
            )),
            RustTy::Integer {
                signed: true, bits, ..
            } => Some((
                -(2f64.powi(*bits as i32 - 1)),
                2f64.powi(*bits as i32 - 1) - 1.0,
            )),
            _ => None,
        }
    }

    /// How a person writes the type: `u8`, `f64`, `String`.
    pub fn display(&self) -> String {
        match self {
            RustTy::Integer {
                signed,
                bits,
                nonzero,
            } => {
                let prim = format!("{}{bits}", if *signed { "i" } else { "u" });
                if *nonzero {
                    format!("NonZero{}", prim.to_uppercase())
                } else {
                    prim
                }
            }
            RustTy::Float => "f64".into(),
            RustTy::String => "String".into(),
            RustTy::Bool => "bool".into(),
            RustTy::Vec(t) => format!("Vec<{}>", t.display()),
            RustTy::Option(t) => format!("Option<{}>", t.display()),
            RustTy::Map => "map".into(),
            RustTy::Any => "Value".into(),
            RustTy::Named(n) | RustTy::Unknown(n) => n.clone(),
        }
    }
}

/// A limit stated in prose, and whether the value itself is excluded ("less than 6").
pub type Stated = Option<(f64, bool)>;

/// Which attribute crate stated a constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrCrate {
    /// `#[validate(..)]`: enforced only where `.validate()` is called.
    Validator,
    /// `#[garde(..)]`: enforced only where `.validate()` is called.
    Garde,
    /// `#[schemars(..)]`: a schema claim, never enforced.
    Schemars,
    /// rust-mcp-sdk `#[json_schema(..)]`: a schema claim, never enforced.
    JsonSchema,
    /// turul-mcp-framework's `#[param(min = .., max = ..)]`: a schema claim, never enforced.
    Param,
}

impl AttrCrate {
    pub fn enforces(self) -> bool {
        matches!(self, AttrCrate::Validator | AttrCrate::Garde)
    }
}

/// Range and length constraints written as attributes on a field.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttrBounds {
    pub minimum: Option<(Bound, AttrCrate)>,
    pub maximum: Option<(Bound, AttrCrate)>,
    pub min_length: Option<(Bound, AttrCrate)>,
    pub max_length: Option<(Bound, AttrCrate)>,
    pub pattern: Option<Spanned<String>>,
    /// The lengths the pattern admits, when the attribute writes its regex as a literal.
    pub pattern_lengths: Option<super::Lengths>,
    /// `#[validate(required)]` and friends: an `Option` that must be present.
    pub required: Option<Span>,
    pub description: Option<Text>,
    /// rust-mcp-sdk's `#[json_schema(default = "1")]`: published as the schema's `default`,
    /// as the string written, whatever the field's type.
    pub schema_default: Option<Spanned<Value>>,
    /// schemars' `schema_with = "String::json_schema"` or `with = "Mode"`: the field is
    /// published with another schema than its type's.
    pub schema_with: Option<SchemaWith>,
}

/// Another schema a field is published with, and the type whose schema that is when the
/// attribute names one (`with` names the type; `schema_with` a function, read as a type's
/// only when it is `T::json_schema`).
#[derive(Clone, Debug, PartialEq)]
pub struct SchemaWith {
    /// The attribute's key, `schema_with` or `with`.
    pub key: &'static str,
    /// The path it gives.
    pub path: Spanned<String>,
    pub ty: Option<RustTy>,
}

/// How a field gets a value when the key is absent.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDefault {
    /// The attribute (`#[serde(default)]`, `default = "f"`, or the container's).
    pub span: Span,
    /// The value, when statically known (`Default` of a primitive, a fn returning a literal).
    pub value: Option<Value>,
    pub from_container: bool,
}

/// One field of a Rust input type as serde deserializes it.
#[derive(Clone, Debug, PartialEq)]
pub struct RustField {
    pub rust_name: String,
    /// The key on the wire after `rename`/`rename_all`.
    pub wire_name: String,
    /// The rare attributes (aliases, a default, a helper, a header) are each a word when
    /// absent: inline, they were half of a field's size, held for every field of every type.
    pub aliases: Few<String>,
    pub span: Span,
    pub ty: RustTy,
    pub ty_span: Span,
    pub default: Option<Box<FieldDefault>>,
    pub flatten: bool,
    /// `deserialize_with`/`with`/`serde_as`: the helper's path, which decides what is accepted.
    pub coercion: Option<Box<Spanned<String>>>,
    /// Whether that helper is one known to take numbers written as strings
    /// (`serde_with::DisplayFromStr`, `serde_aux`'s `number_from_string`, …).
    pub numeric_strings: bool,
    /// Absent when the field has none of these attributes, as most fields: read it through
    /// [`RustField::attrs`]. Inline, it was most of a field's size.
    pub bounds: Option<Box<AttrBounds>>,
    pub doc: Option<Text>,
    /// `#[schemars(extend("x-mcp-header" = ..))]`: the header name it publishes, `None` inside
    /// when the value is not a string literal.
    pub mcp_header: Option<Box<Spanned<Option<String>>>>,
}

/// The attributes of a field that has none.
static NO_ATTRS: AttrBounds = AttrBounds {
    minimum: None,
    maximum: None,
    min_length: None,
    max_length: None,
    pattern: None,
    pattern_lengths: None,
    required: None,
    description: None,
    schema_default: None,
    schema_with: None,
};

impl RustField {
    /// Its range and length attributes (none when it has none).
    pub fn attrs(&self) -> &AttrBounds {
        self.bounds.as_deref().unwrap_or(&NO_ATTRS)
    }
}

/// `#[serde(try_from = "U")]` or `#[serde(from = "U")]` on a type: serde reads a `U` and
/// converts it, so the wire value is a `U` and `TryFrom<U>::try_from` may refuse it.
#[derive(Clone, Debug, PartialEq)]
pub struct Conversion {
    /// The type read from the wire.
    pub from: RustTy,
    /// That type as written, spaces removed: the parameter type of the `try_from` serde calls.
    pub written: String,
    /// `try_from`: the conversion may fail, and its failure rejects the input.
    pub fallible: bool,
    pub span: Span,
}

/// The named fields of a struct (any struct, not only inputs), each with the type whose
/// methods a call on it answers ([`RustField`]s are only the inputs'): what
/// `self.store.save(..)` calls is `save` of the type of the field `store`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructFields {
    pub name: String,
    pub span: Span,
    /// Field name and its method-receiver type (the last path segment through references
    /// and `Arc`/`Rc`/`Box`); fields of a generic or unnameable type are left out.
    pub fields: Vec<(String, String)>,
    /// Fields that are locks (`Mutex<T>`, `RwLock<T>`, `RefCell<T>`, behind `Arc` too), with
    /// the type `T` a guard of them derefs to.
    pub guarded: Vec<(String, String)>,
}

/// A struct or enum deriving `Deserialize` and/or `JsonSchema`.
#[derive(Clone, Debug, PartialEq)]
pub struct RustType {
    pub name: String,
    pub span: Span,
    pub deserialize: bool,
    /// `#[derive(Validate)]` (validator or garde): `.validate()` enforces the attributes.
    pub validate_derive: bool,
    /// `#[serde(deny_unknown_fields)]`.
    pub deny_unknown_fields: Option<Span>,
    /// `#[serde(try_from = "..")]`/`from`: deserialization goes through a conversion.
    pub conversion: Option<Conversion>,
    pub fields: Vec<RustField>,
    /// For an enum of unit variants, their wire values.
    pub variants: Option<Vec<Spanned<String>>>,
    /// serde also takes values no variant is named for (a `#[serde(other)]` variant, an
    /// `alias`): the variants are not every value it accepts.
    pub other_values: bool,
    pub doc: Option<Text>,
    /// A serde attribute makes what serde writes differ from the fields as read here
    /// (`skip_serializing_if`, `rename(serialize = ..)`, `flatten`, `tag`, ...): the value's
    /// written shape, for an output type, is not known from `fields`.
    pub writes_differ: bool,
    /// Derives `JsonSchema` as a named schema (no `#[schemars(inline)]`, `transparent` or
    /// `with`): schemars writes it once under `$defs` and a `$ref` wherever a schema holds
    /// it, which the WebMCP subset rejects (P012).
    pub referenced: bool,
    /// How schemars writes an enum that is not a plain `enum` of strings, when that is
    /// known (the clients' profiles of P012 accept different compositions).
    pub composed: Option<Composed>,
    /// The fields are the parameters of the function at this span, which a derive made a
    /// tool of (turul's `#[mcp_tool]` fn): the handler binds each property to its parameter.
    pub params_of: Option<Span>,
}

/// The composition schemars (0.8 and 1) writes for an enum deriving `JsonSchema`, by the
/// enum's serde representation. Each is what schemars' own expected schemas show
/// (`enums.rs` snapshots in 1.x, `tests/expected/enum-*.json` in 0.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Composed {
    /// Unit variants one of which is documented (a doc comment, a schemars `title` or
    /// `description`): that variant is a branch of its own (`{"const": .., "description":
    /// ..}`), so the schema is a `oneOf`, where an undocumented enum is a plain `enum`.
    DocumentedUnits,
    /// Externally tagged with data: a `oneOf` with one branch per data variant, an object
    /// `{"properties": {variant: ..}, "required": [variant], "additionalProperties":
    /// false}` (the unit variants together as one string `enum` branch).
    External,
    /// Internally or adjacently tagged (`#[serde(tag = ..)]`, with `content` or not): a
    /// `oneOf` of objects whose tag property names the variant, as `"const"` in schemars
    /// 1 and a one-value `"enum"` in 0.8.
    Tagged,
    /// `#[serde(untagged)]`: an `anyOf` of the variants' own schemas.
    Untagged,
}

impl Composed {
    /// The composition keyword written.
    pub fn keyword(self) -> &'static str {
        match self {
            Composed::Untagged => "anyOf",
            _ => "oneOf",
        }
    }
}

impl RustType {
    pub fn field_by_rust_name(&self, name: &str) -> Option<&RustField> {
        self.fields.iter().find(|f| f.rust_name == name)
    }

    pub fn field_by_wire_name(&self, name: &str) -> Option<&RustField> {
        self.fields
            .iter()
            .find(|f| f.wire_name == name || f.aliases.iter().any(|a| a == name))
    }
}

/// Comparison operators, read as `subject OP value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    /// `!(a OP b)` as `a OP' b`.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
        }
    }

    /// Whether `x OP v` holds.
    pub fn holds(self, x: f64, v: f64) -> bool {
        match self {
            CmpOp::Lt => x < v,
            CmpOp::Le => x <= v,
            CmpOp::Gt => x > v,
            CmpOp::Ge => x >= v,
            CmpOp::Eq => x == v,
            CmpOp::Ne => x != v,
        }
    }

    /// `b OP a` as `a OP' b`.
    pub fn flip(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            o => o,
        }
    }
}

/// What a function does with one input value, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum CodeFactKind {
    /// `subject OP value` is a condition under which the code rejects (or, with
    /// `rejects == false`, merely branches).
    Compare { op: CmpOp, value: f64 },
    /// `subject.len()`/`chars().count()` compared.
    Length { op: CmpOp, value: f64 },
    /// The value (or, with `length`, its length) compared with something that is not a
    /// constant here: a parameter (`v < min` in a shared helper), a field, a call, another
    /// property. The code may enforce a bound, but which one is not known.
    /// `against` names the function's parameter the value is compared with, when it is one
    /// (`value < min` in `fn in_range(value, min, max)`): linking reads the bound from the
    /// literal each caller passes there.
    CompareOpaque {
        op: CmpOp,
        length: bool,
        against: Option<String>,
    },
    /// The value tested for (in)equality with a string literal (`if kind == "mind_map"`):
    /// the code tells that value apart, whatever a closed set elsewhere holds it to.
    StrCompare { value: String },
    /// The value is put in a list (`for t in [&a.query, &a.from] { check(t)? }`) or in a
    /// struct literal's field: where it goes from there is not followed, so what is done to
    /// it there is unknown. A field of the struct a function returns is none: linking
    /// follows it into the caller ([`FnBody::returns_record`]). `handed_back`: the value that
    /// goes is what a callee returned of it (`limit: u32_param(args, "limit")`), after the
    /// default or clamp the callee applied, so what the call finally gets in place of that
    /// default is unknown too.
    Escapes { handed_back: bool },
    /// `clamp`/`min`/`max`: values below `lo` or above `hi` are replaced.
    Clamp { lo: Option<f64>, hi: Option<f64> },
    /// `clamp`/`min`/`max` against another parameter of the function, whole (`maximum` in
    /// `fn clamp_limit(limit, default, maximum) { limit.unwrap_or(default).min(maximum) }`):
    /// a bound is applied, its value is what each caller passes there. `upper` is the side
    /// (`min` caps from above). Linking makes it the [`CodeFactKind::Clamp`] of the literal a
    /// caller passes; otherwise which values are adjusted is not known.
    ClampOpaque { upper: bool, against: String },
    /// `min` against a field of the server's state or of another argument, not of the input
    /// (`.min(policy.max_rows)`, `.min(self.config.max_results)`): values above a cap chosen at
    /// run time, whatever its value, are lowered to it. `against` is the path as written.
    ClampRuntime { against: String },
    /// The field's `deserialize_with` helper takes this JSON type (`"string"`, `"array"`..)
    /// rather than refusing it, at this arm of its `match` on the `serde_json::Value` read.
    JsonForm { json: super::JsonType },
    /// `unwrap_or(v)`/`unwrap_or_default()`/`map_or(v, ..)` on the value. `fallback` is
    /// set when the default is another parameter of the function (`mode.unwrap_or(preferred)`):
    /// linking fills `value` in from what each caller passes there.
    Default {
        /// Boxed, as the payloads of `OneOf` and `Member`: a kind is as large as its largest
        /// variant, and these rare ones made every fact and every linked check larger.
        value: Option<Box<Value>>,
        /// Boxed: rarely set, and inline it was the largest variant of every fact.
        fallback: Option<Box<ValueRef>>,
    },
    /// `subject as <int>`: `to` as written, `range` the values that type holds (an `as`
    /// between integers wraps what lies outside it).
    Cast { to: String, range: (f64, f64) },
    /// `round`/`trunc`/`floor`/`ceil`.
    Round,
    /// `.parse()` of the value.
    Parse,
    /// The value is converted to a Rust type (`let q: u8 = ..parse()?`, `parse::<u8>()`).
    Typed { ty: RustTy },
    /// `.as_u64()`/`.as_str()` ... on a JSON value: the type the code reads it as.
    ReadAs { json: &'static str },
    /// A string literal in the rejecting branch of a check on the value, with the limits
    /// it states.
    Message {
        text: String,
        lower: Stated,
        upper: Stated,
    },
    /// A closed set of string values: `match v { "a" | "b" => .., _ => reject }`,
    /// `!matches!(v, "a" | "b")`, `!["a", "b"].contains(&v)`,
    /// `if v == "a" { .. } else if v == "b" { .. } else { reject }`; what becomes of the others is
    /// `others` (the fact's `rejects`, or its `via`, says whether the call is turned away).
    OneOf(Box<ClosedSet>),
    /// `.validate()`/`.validate_with()` on the whole input.
    ValidateCall,
    /// The branch that rejects the value builds a JSON-RPC protocol error for bad arguments
    /// (rmcp's `McpError::invalid_params`), at its constructor: the call fails as a protocol
    /// error, not as a tool result with `isError: true`.
    ProtocolError,
    /// The value is read by its key from the JSON object holding it (`args.get("index")`,
    /// `params["x"]`, `args.contains_key("x")`): the code expects the key there.
    KeyRead,
    /// The code iterates or checks the keys of the input map.
    KeysChecked,
    /// The condition holds when the value is absent (`args.get("value").is_none()`,
    /// `!input.query.is_some()`): with `rejects`, a call without it is turned away there,
    /// whatever a later fallback fills in.
    Absent,
    /// The value is looked up in a collection (`CATALOGUE.contains(&sku)`,
    /// `!map.contains_key(&id)`, `store.get(&id).is_none()`) and the miss branches:
    /// an application rule no schema states, such as an unknown product.
    Member(Box<Lookup>),
    /// The value reaches a panic: an `.unwrap()`/`.expect(..)` of what fails on it, or an
    /// index or slice bound it sets, with no test of the value before it in the function.
    /// A call it fails is answered with no result at all, not with a tool error.
    Panics { on: PanicOn },
}

/// What a value must be for the code to get past a [`CodeFactKind::Panics`].
/// A closed set of string values ([`CodeFactKind::OneOf`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ClosedSet {
    pub values: Vec<String>,
    pub others: Others,
    /// The value is compared after `to_lowercase()`/`to_ascii_uppercase()`: any spelling
    /// of a listed value in another case is accepted too.
    pub folded: bool,
    /// The named list the values come from (`SCOPES.contains(..)`), when they are not
    /// written where they are compared: such a list may be the contract's set of values
    /// or a table of entries looked up (a catalogue), which is not known.
    pub table: Option<String>,
}

/// A lookup in a collection ([`CodeFactKind::Member`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Lookup {
    /// The collection as written (`CATALOGUE`, `self.products`).
    pub collection: String,
    /// Its members when it is a constant list of string literals: a value outside them
    /// is known to miss.
    pub members: Option<Vec<String>>,
    /// An error code the missing branch names (`"UNKNOWN_SKU"`): an upper-case
    /// identifier among its string literals.
    pub code: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PanicOn {
    /// `input.limit.unwrap()`, `args.get("path").unwrap()`: present (and not null).
    Present,
    /// `args["path"].as_str().unwrap()`: of this JSON type, as [`CodeFactKind::ReadAs`] names
    /// it (`string`, `unsigned integer`, ...), and present.
    Json(&'static str),
    /// `input.port.parse::<u16>().unwrap()`: a string that parses as this standard type,
    /// as written (`u16`, `f64`, `IpAddr`).
    Parses(String),
    /// `lines[input.line]`, `&text[..input.end]`: no larger than the sequence it indexes
    /// or slices is long.
    InBounds,
}
#[derive(Clone, Debug, PartialEq)]
pub enum Others {
    /// The branch taken for the others turns the call away (or leaves with a call's value,
    /// which linking judges).
    Rejected,
    /// A catch-all arm that ignores the value maps every other value to one fixed value of
    /// the set's type (`_ => Order::Newest`), written `to`, at `at`.
    Mapped { to: String, at: Span },
}

/// Where a fact's value comes from: a parameter (by name) and a field or key path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueRef {
    /// The parameter (or `self`) the value is read from.
    pub root: String,
    /// Field (Rust name) or key (wire name) read from it; empty for the whole root. A value
    /// read from inside that one has the path: `details/host`.
    pub key: String,
    /// Whether `key`'s first step is a JSON key (`args["k"]`) rather than a Rust field.
    pub by_key: bool,
    /// The parameter whose value is `key`'s first step (`args.get(field)` in a helper that
    /// reads whichever key it is given): linking puts in the string each caller passes.
    pub key_from: Option<Box<str>>,
}

impl ValueRef {
    /// The value of field or key `step` of this one.
    pub fn read(&self, step: &str, by_key: bool) -> ValueRef {
        if self.key.is_empty() {
            ValueRef {
                root: self.root.clone(),
                key: step.to_string(),
                by_key,
                key_from: None,
            }
        } else {
            ValueRef {
                key: nested(&self.key, step),
                ..self.clone()
            }
        }
    }
}

impl ValueRef {
    /// The key path with the caller's string in place of [`ValueRef::key_from`]: `None`
    /// when the parameter is not given a string literal (`literal` answers for a name).
    pub fn key_given<'a>(&self, literal: impl Fn(&str) -> Option<&'a str>) -> Option<String> {
        let Some(param) = &self.key_from else {
            return Some(self.key.clone());
        };
        let given = literal(param)?;
        Some(match inside(&self.key, param) {
            Some(rest) => nested(given, rest),
            None => given.to_string(),
        })
    }
}

/// The path of `step` read from inside the value at `path`.
pub fn nested(path: &str, step: &str) -> String {
    format!("{path}/{step}")
}

/// What `path` reads inside the value at `outer`: `host` for `details/host` in `details`.
pub fn inside<'p>(path: &'p str, outer: &str) -> Option<&'p str> {
    path.strip_prefix(outer)?.strip_prefix('/')
}

/// Whether `path` names a value at the top level of the input (`details`, not `details/host`).
pub fn top_level(path: &str) -> bool {
    !path.contains('/')
}

#[derive(Clone, Debug, PartialEq)]
pub struct CodeFact {
    pub subject: ValueRef,
    pub kind: CodeFactKind,
    pub span: Span,
    /// The fact sits in a condition whose branch rejects the call.
    pub rejects: bool,
    /// The condition's branch leaves with the value of the call at this span
    /// (`return Self::err(..)`): linking decides, from the callee, whether that rejects.
    pub via: Option<Span>,
    /// The fact sits in a branch taken only under another condition (`if url.starts_with(
    /// "sc-domain:") { if url.len() <= 10 { .. } }`, `if strict { .. }`): what it rejects is
    /// rejected only sometimes, so it is no bound of the property.
    pub conditional: bool,
    /// The function answers `None` (or `false`) for the values the fact turns down, not an
    /// error (`_ => None` in `fn parse(s: &str) -> Option<Kind>`, a `bool` predicate's
    /// `matches!`): they are turned away along a call whose caller refuses that answer
    /// ([`CallFact::refuses_none`]), and along no other.
    pub as_none: bool,
}

/// A local deserialized from JSON into a type.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// The root the local's facts are about.
    pub root: String,
    /// The type as written.
    pub ty: String,
    /// The value it was deserialized from, when that is read from a parameter.
    pub from: Option<ValueRef>,
    /// The `let` that decodes it: in a dispatcher's arm, that arm's tool's alone.
    pub at: Span,
}

/// What a function returns, as far as turning a call away goes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Outcome {
    /// Not known to be an error.
    #[default]
    Other,
    /// An error value built here: `Err(..)`, `CallToolResult::error(..)`, `bail!(..)`.
    Rejects,
    /// The value of the call at this span, whatever that returns.
    Call(Span),
}

/// A call to another function, with what each argument is.
#[derive(Clone, Debug, PartialEq)]
pub struct CallFact {
    /// Last path segment of the callee (`validate`, `add_cart_line`).
    pub callee: String,
    /// Set for method calls: `x.validate()`; the receiver is the first argument.
    pub method: bool,
    pub args: Vec<CallArg>,
    pub span: Span,
    /// The caller carries on with a value of its own when the call fails (`match f(x) { Ok(v)
    /// => v, Err(_) => DEFAULT }`, `.unwrap_or(..)`): what the callee rejects does not turn
    /// the caller's request away along this call.
    pub swallowed: bool,
    /// The caller turns its request away when the call answers `None` or `false`:
    /// `f(x).ok_or_else(|| err)?`, `let Some(v) = f(x) else { return Err(..) }`,
    /// `if !f(x) { return Err(..) }`.
    pub refuses_none: bool,
    /// Read through [`CallFact::qualifier`], [`CallFact::receiver_ty`] and
    /// [`CallFact::receiver_hint`]; absent when none is known, as for most calls (inline,
    /// it was more than half of every call's size).
    target: Option<Box<CallTarget>>,
}

/// What names a call's callee besides its name: see [`CallFact`]'s readers.
#[derive(Clone, Debug, Default, PartialEq)]
struct CallTarget {
    qualifier: Option<String>,
    receiver_ty: Option<String>,
    receiver_hint: Option<TypeHint>,
}

impl CallFact {
    /// `qualifier`: the path segment before the callee's name (`Self`, a type, a module).
    pub fn new(
        callee: String,
        qualifier: Option<String>,
        method: bool,
        args: Vec<CallArg>,
        span: Span,
    ) -> CallFact {
        let mut call = CallFact {
            callee,
            method,
            args,
            span,
            swallowed: false,
            refuses_none: false,
            target: None,
        };
        call.set(|t| t.qualifier = qualifier);
        call
    }

    /// The path segment before the name: `Self`, a type (`DocumentId::from_str`) or a module.
    pub fn qualifier(&self) -> Option<&str> {
        self.target.as_ref()?.qualifier.as_deref()
    }

    /// For a method called on a parameter `p: &T` (`Arc<T>`, ...): `T`, whose methods alone
    /// it may be ([`crate::contract`] keeps it as written: the last path segment).
    pub fn receiver_ty(&self) -> Option<&str> {
        self.target.as_ref()?.receiver_ty.as_deref()
    }

    /// How the receiver's type is found when syn does not show it here.
    pub fn receiver_hint(&self) -> Option<&TypeHint> {
        self.target.as_ref()?.receiver_hint.as_ref()
    }

    /// Set the receiver's type and how it is found.
    pub fn set_receiver(&mut self, ty: Option<String>, hint: Option<TypeHint>) {
        self.set(|t| (t.receiver_ty, t.receiver_hint) = (ty, hint));
    }

    /// Set how the receiver's type is found.
    pub fn set_receiver_hint(&mut self, hint: Option<TypeHint>) {
        self.set(|t| t.receiver_hint = hint);
    }

    /// Change the target, kept absent when nothing is known (equal calls stay equal).
    fn set(&mut self, change: impl FnOnce(&mut CallTarget)) {
        let mut t = self.target.take().map_or_else(CallTarget::default, |b| *b);
        change(&mut t);
        self.target = (t != CallTarget::default()).then(|| Box::new(t));
    }
}

/// Where the type of a method call's receiver is to be read, when the call's own function
/// does not state it: linking reads it from another item of the crate.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeHint {
    /// A field (`self.store`, `ctx.client` with `ctx: &Ctx`): the owner's type (`None` for
    /// `self`), the field, and whether the receiver is a lock guard of it
    /// (`self.cart.lock().unwrap()`: the type the field's `Mutex` holds).
    Field {
        owner: Option<String>,
        field: String,
        guarded: bool,
    },
    /// A local made by an associated function (`let c = Client::new(..)?`): `Client` if
    /// that function returns `Self`.
    Made { ty: String, by: String },
    /// A parameter of a trait's type (`&dyn Store`, `impl Store`, `S: Store`): any
    /// implementation of the trait.
    Trait(String),
}

/// What one argument of a call is, as far as value flow cares.
#[derive(Clone, Debug, PartialEq)]
pub enum CallArg {
    /// A value read from a parameter (or `self`); boxed, so that the other arguments (most
    /// of them: `Ok(())`, a message, a tuple) take 16 bytes instead of a `ValueRef`'s 72.
    Value(Box<ValueRef>),
    /// A literal: a string, number or boolean written at the call (boxed: a JSON value is
    /// three times the size of the other variants, and most arguments are not literals).
    Literal(Box<Value>, Span),
    /// A struct literal (or a local bound to one) whose named fields read values of
    /// parameters: `validate(&Request { flags: input.flags.clone(), .. })`. The callee's
    /// `request.flags` is then the caller's `input.flags`.
    Record(Vec<(String, ValueRef)>),
    /// A value read from a parameter's JSON by a typed accessor (`v.as_u64()`, `v.as_str()`):
    /// the callee is handed a Rust number or string, so it cannot read the JSON another way.
    Read(Box<ValueRef>),
    /// Anything else.
    Other,
}

impl CallArg {
    pub fn value(&self) -> Option<&ValueRef> {
        match self {
            CallArg::Value(v) | CallArg::Read(v) => Some(v.as_ref()),
            _ => None,
        }
    }
}

/// A function or method of the crate: its signature, and what its body does to its
/// parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct FnFacts {
    pub name: String,
    pub span: Span,
    /// The `impl` block's self type, for methods.
    pub self_ty: Option<String>,
    /// The trait an `impl Trait for X` block implements (its last path segment): a call
    /// through `dyn Trait`, `impl Trait` or a `T: Trait` bound may run this method.
    pub impl_trait: Option<String>,
    /// Takes `&mut self`: calling it changes the receiver.
    pub mut_self: bool,
    /// Takes `&self`: through it, a plain field of `self` cannot reach a `&mut self` method.
    pub shared_self: bool,
    /// Takes `self` in any form: only such a function answers method-call syntax
    /// (`x.connect()` is never the associated `Client::connect(host)`).
    pub takes_self: bool,
    /// Has no parameter at all: nothing of a call can be handed to it.
    pub takes_nothing: bool,
    /// The return type as written, spaces removed.
    pub returns: String,
    /// Returns its own `impl` type (`Self`, the type's name, inside `Result`/`Option`/`Arc`):
    /// a constructor, so a local it makes has that type.
    pub returns_self: bool,
    /// `None` when the file was read for its signatures only: read it through
    /// [`RustCrate::body`], which asks for the rest.
    pub body: Option<FnBody>,
}

/// What a function does with its parameters: what its body checks, calls and does.
///
/// The lists most bodies leave empty are [`Few`]s and the rare values boxed: a body is held
/// from the parse round to the end of the run, for every function read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FnBody {
    /// Parameter name (or `#N` for a destructured one) and its type as written (read with
    /// the body: only the functions linking reaches need them).
    pub params: Vec<(String, String)>,
    pub facts: Vec<CodeFact>,
    pub calls: Vec<CallFact>,
    /// What the function's value is.
    pub outcome: Outcome,
    /// Locals deserialized from JSON into a type (`let input = serde_json::from_value::<Input>(v)?`).
    pub decoded: Few<Decoded>,
    /// Serde types declared in the body's own block (`fn execute(..) { #[derive(Deserialize)]
    /// struct Args { .. } .. }`): in scope there only, where they hide a module's type of
    /// the same name, and nowhere else.
    pub local_types: Few<Arc<RustType>>,
    /// What the function returns when that is a value read from a parameter, the same at
    /// every exit that is no error (`Ok(map)` where `map` is `req.arguments` as an object).
    pub returns: Option<Box<ValueRef>>,
    /// The struct the function builds and returns when named fields of it read values of
    /// its parameters, the same at every exit that is no error (`Ok(Request { flags:
    /// input.flags.clone(), .. })`): a value passed through a constructor is still the
    /// caller's, under the field's name.
    pub returns_record: Option<Box<Vec<(String, ValueRef)>>>,
    /// Locals bound to the value of a call (`let args = extract_args(req)?`), with the span
    /// its [`CallFact`] carries: linking binds the local to what the callee returns.
    pub results: Few<(String, Span)>,
    pub behaviour: super::FnBehaviour,
    /// `match` expressions whose arms are picked by string literals (`"add_disk" => ..`),
    /// and `if name == "add_disk" {..} else if ..` chains read the same way: each arm's
    /// span and its literals (none for a catch-all).
    pub named_arms: Few<Vec<(Span, Vec<String>)>>,
    /// Branches (an `if`'s block, a `match` arm) that end by returning: nothing after the
    /// branch runs once it has.
    pub returning: Few<Span>,
    /// Exits that return `CallToolResult::success(..)` as built there: a result with content
    /// blocks and no structured content.
    pub unstructured: Few<Span>,
    /// Calls whose error this function passes on as it is, with `?` straight on the call
    /// (`validate(&args)?`, `self.check(x).await?`): the spans their [`CallFact`]s carry.
    pub passed_on: Few<Span>,
    /// How each parameter's value is used (see [`RootUse`]).
    pub uses: Vec<RootUse>,
    /// For a hand-written deserializer (generic over a `Deserializer`, matching on the
    /// `serde_json::Value` it reads): each JSON type an arm takes rather than refuses, and
    /// that arm. A field `deserialize_with` it accepts those forms.
    pub json_forms: Few<(super::JsonType, Span)>,
    /// The schema a schemars `schema_with` function writes as a literal (`fn
    /// x(_: &mut SchemaGenerator) -> Schema { json_schema!({..}) }`), and the same as JSON:
    /// a field naming the function is published with it.
    pub schema: Option<Box<(super::SchemaNode, Value)>>,
}

/// The uses of a parameter's value in one body: the fields read of it (Rust names), the
/// keys read of it as a JSON map, how many call arguments hand it on whole (linking follows
/// those calls), and whether some other use (a method of its own, a macro printing it, a
/// rebinding) leaves what becomes of it unknown.
#[derive(Clone, Debug, PartialEq)]
pub struct RootUse {
    pub root: String,
    pub fields: Vec<String>,
    /// Keys read by their written name (`args.get("bed")`, `args["litres"]`).
    pub keys: Vec<String>,
    /// Parameters of the function whose value is the key read (`args.get(key)` in a helper
    /// given the key): each caller's string is the key.
    pub keyed_by: Vec<String>,
    pub passed: usize,
    pub opaque: bool,
}

impl FnBody {
    /// Whether `at` lies in an arm that `tool` never runs: some `match` of this body has an
    /// arm picked by the tool's name, and `at` is in another of its arms. A dispatcher's
    /// arms are per tool.
    pub fn outside_arm(&self, at: Span, tool: &str) -> bool {
        self.named_arms.iter().any(|arms| {
            picks(arms, tool)
                && arms
                    .iter()
                    .any(|(span, names)| span.encloses(at) && !names.iter().any(|n| n == tool))
        })
    }
}

impl FnBody {
    /// Drop what linking alone reads, once its last round is done: rules, the judge and
    /// the reports read of a body its facts, parameters, outcome, decoded locals, returns,
    /// arms and exits, and of its calls only those whose error it passes on (a call's
    /// callee and span, P011). The behaviour facts, the other calls, every call's arguments
    /// and target, the locals bound to calls and the body's own types were held to the end
    /// of the run for nothing (docs/performance.md, session 54).
    pub fn end_linking(&mut self) {
        self.behaviour = Default::default();
        self.local_types = Few::new();
        self.schema = None;
        self.results = Few::new();
        let passed_on = &self.passed_on;
        self.calls.retain(|c| passed_on.contains(&c.span));
        for call in &mut self.calls {
            call.args = Vec::new();
            call.target = None;
        }
        self.calls.shrink_to_fit();
    }

    /// Whether no run of this body reaches `later` after `a`: they lie in different arms of
    /// one `match`, or `a` in a branch that returns and `later` outside it.
    pub fn excludes(&self, a: Span, later: Span) -> bool {
        self.named_arms.iter().any(|arms| {
            let arm_of = |at| arms.iter().position(|(s, _)| s.encloses(at));
            matches!((arm_of(a), arm_of(later)), (Some(x), Some(y)) if x != y)
        }) || self
            .returning
            .iter()
            .any(|s| s.encloses(a) && !s.encloses(later))
    }

    /// Whether some `match` of this body has an arm picked by `tool`'s name: what it reads
    /// and does there is per tool.
    pub fn has_arm_for(&self, tool: &str) -> bool {
        self.named_arms.iter().any(|arms| picks(arms, tool))
    }
}

/// Whether one of a `match`'s arms is picked by `tool`'s name.
fn picks(arms: &[(Span, Vec<String>)], tool: &str) -> bool {
    arms.iter()
        .any(|(_, names)| names.iter().any(|n| n == tool))
}

/// The body of a function not read yet: nothing known.
static UNREAD: FnBody = FnBody {
    params: Vec::new(),
    facts: Vec::new(),
    calls: Vec::new(),
    outcome: Outcome::Other,
    decoded: Few::new(),
    local_types: Few::new(),
    returns: None,
    returns_record: None,
    results: Few::new(),
    behaviour: super::FnBehaviour {
        effects: Vec::new(),
        comparisons: Few::new(),
        swallows: Few::new(),
        records: Few::new(),
        lazy: false,
        fails_only_absent: false,
        answers: Few::new(),
        variant_arms: Few::new(),
    },
    named_arms: Few::new(),
    returning: Few::new(),
    unstructured: Few::new(),
    passed_on: Few::new(),
    uses: Vec::new(),
    json_forms: Few::new(),
    schema: None,
};

/// Index of a function in [`RustCrate::fns`].
pub type FnId = usize;

/// Every Rust input type and function found in the tree.
///
/// Linking looks functions and types up through [`RustLookup`], never by scanning
/// `fns`/`types`: the lookups are indexed, and the engine wraps them to learn which files
/// may answer them. Build a new crate rather than mutate one that was already asked (the
/// index is built on first use).
#[derive(Clone, Debug, Default)]
pub struct RustCrate {
    /// Shared with the contracts linked to them ([`RustInput::ty`]): a contract holds its
    /// input type without a copy of it.
    pub types: Vec<Arc<RustType>>,
    pub fns: Vec<FnFacts>,
    pub structs: Vec<StructFields>,
    /// Some `.rs` file was found (read or not): coverage rules apply.
    pub has_sources: bool,
    /// rmcp `ServerHandler` impls and the protocol version each declares; every file that
    /// names `ServerHandler` is read for them.
    pub servers: Vec<super::ServerProtocol>,
    /// Which package each file belongs to: calls resolve only where Cargo lets them.
    pub crates: CrateGraph,
    /// Built on first lookup; leave it to `Default`.
    pub index: std::sync::OnceLock<Index>,
}

/// How linking reads the crate. Every question by name goes through here, so that the
/// engine can record it and parse the files that may answer it before it trusts the
/// answer (parse on demand); [`RustCrate`] answers them directly.
pub trait RustLookup: Sync {
    /// The functions, by the ids the lookups return.
    fn fns(&self) -> &[FnFacts];
    /// What the body of `f` does; empty when its file was read for signatures only.
    fn body(&self, f: FnId) -> &FnBody;
    /// The first type of this name (in file order).
    fn ty(&self, name: &str) -> Option<&Arc<RustType>>;
    /// Every type of this name, in file order.
    fn types_named(&self, name: &str) -> Vec<&Arc<RustType>>;
    /// The field types of every struct of this name, in file order.
    fn structs_named(&self, name: &str) -> Vec<&StructFields>;
    /// Which package each file belongs to, for resolving across crates.
    fn crates(&self) -> &CrateGraph;
    /// Types whose name is `key` in [`norm`] form, in file order.
    fn types_normed(&self, key: &str) -> Vec<&Arc<RustType>>;
    /// Every fn of this name, in file order.
    fn fns_named(&self, name: &str) -> &[FnId];
    /// Fns of this name with this `impl` self type (`None`: free functions), in file order.
    fn fns_of(&self, name: &str, self_ty: Option<&str>) -> Vec<FnId>;
    /// Fns whose name is `key` in [`norm`] form, in file order.
    fn fns_normed(&self, key: &str) -> &[FnId];
}

/// Lookups by name and by [`norm`]ed name.
#[derive(Clone, Debug, Default)]
pub struct Index {
    fns: Names,
    fns_norm: Names,
    types: Names,
    types_norm: Names,
    structs: Names,
}

/// Positions of items, sorted by (hash of the name, name, position): the items of one name
/// are one run, in file order. Two vectors for a whole crate, where a map of names to
/// vectors held a string and a vector per name.
#[derive(Clone, Debug, Default)]
struct Names {
    keys: Vec<u64>,
    at: Vec<usize>,
}

fn name_key(name: &str) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(name.as_bytes());
    h.finish()
}

impl Names {
    /// The index of `n` items, the `i`th named `name(i)`.
    fn new<'a>(n: usize, name: impl Fn(usize) -> std::borrow::Cow<'a, str>) -> Names {
        let mut pairs: Vec<(u64, usize)> = (0..n).map(|i| (name_key(&name(i)), i)).collect();
        pairs.sort_unstable();
        // Names that share a hash are told apart by the name itself.
        let mut start = 0;
        while start < pairs.len() {
            let key = pairs[start].0;
            let end = start + pairs[start..].partition_point(|p| p.0 == key);
            if end - start > 1 {
                pairs[start..end].sort_by_cached_key(|&(_, i)| (name(i).into_owned(), i));
            }
            start = end;
        }
        let (keys, at) = pairs.into_iter().unzip();
        Names { keys, at }
    }

    /// The positions of the items named `wanted`, in file order.
    fn get<'a>(&self, wanted: &str, name: impl Fn(usize) -> std::borrow::Cow<'a, str>) -> &[usize] {
        let key = name_key(wanted);
        let lo = self.keys.partition_point(|&k| k < key);
        let hi = lo + self.keys[lo..].partition_point(|&k| k == key);
        let run = &self.at[lo..hi];
        match (run.first(), run.last()) {
            (Some(&a), Some(&b)) if name(a) == wanted && name(b) == wanted => run,
            _ => {
                let from = run.partition_point(|&i| name(i).as_ref() < wanted);
                let to = run.partition_point(|&i| name(i).as_ref() <= wanted);
                &run[from..to]
            }
        }
    }
}

impl RustCrate {
    fn index(&self) -> &Index {
        use std::borrow::Cow;
        self.index.get_or_init(|| Index {
            fns: Names::new(self.fns.len(), |i| Cow::Borrowed(&self.fns[i].name)),
            fns_norm: Names::new(self.fns.len(), |i| Cow::Owned(norm(&self.fns[i].name))),
            types: Names::new(self.types.len(), |i| Cow::Borrowed(&self.types[i].name)),
            types_norm: Names::new(self.types.len(), |i| Cow::Owned(norm(&self.types[i].name))),
            structs: Names::new(self.structs.len(), |i| Cow::Borrowed(&self.structs[i].name)),
        })
    }

    fn fn_name(&self, i: usize) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Borrowed(&self.fns[i].name)
    }

    fn type_name(&self, i: usize) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Borrowed(&self.types[i].name)
    }

    /// What the body of `f` does; empty when its file was read for signatures only.
    pub fn body(&self, f: FnId) -> &FnBody {
        self.fns[f].body.as_ref().unwrap_or(&UNREAD)
    }

    /// The first type of this name (in file order).
    pub fn ty(&self, name: &str) -> Option<&Arc<RustType>> {
        let i = *self
            .index()
            .types
            .get(name, |i| self.type_name(i))
            .first()?;
        self.types.get(i)
    }

    /// The field types of every struct of this name, in file order.
    pub fn structs_named(&self, name: &str) -> impl Iterator<Item = &StructFields> {
        let named = |i: usize| std::borrow::Cow::Borrowed(self.structs[i].name.as_str());
        self.index()
            .structs
            .get(name, named)
            .iter()
            .filter_map(|&i| self.structs.get(i))
    }

    /// Every type of this name, in file order.
    pub fn types_named(&self, name: &str) -> impl Iterator<Item = &Arc<RustType>> {
        self.index()
            .types
            .get(name, |i| self.type_name(i))
            .iter()
            .filter_map(|&i| self.types.get(i))
    }

    /// Types whose name is `key` in [`norm`] form, in file order.
    pub fn types_normed(&self, key: &str) -> impl Iterator<Item = &Arc<RustType>> {
        let normed = |i: usize| std::borrow::Cow::Owned(norm(&self.types[i].name));
        self.index()
            .types_norm
            .get(key, normed)
            .iter()
            .filter_map(|&i| self.types.get(i))
    }

    /// Every fn of this name, in file order.
    pub fn fns_named(&self, name: &str) -> &[FnId] {
        self.index().fns.get(name, |i| self.fn_name(i))
    }

    /// Fns of this name with this `impl` self type (`None`: free functions), in file order.
    pub fn fns_of(&self, name: &str, self_ty: Option<&str>) -> Vec<FnId> {
        self.fns_named(name)
            .iter()
            .copied()
            .filter(|&i| self.fns[i].self_ty.as_deref() == self_ty)
            .collect()
    }

    /// Fns whose name is `key` in [`norm`] form, in file order.
    pub fn fns_normed(&self, key: &str) -> &[FnId] {
        let normed = |i: usize| std::borrow::Cow::Owned(norm(&self.fns[i].name));
        self.index().fns_norm.get(key, normed)
    }
}

impl RustLookup for RustCrate {
    fn fns(&self) -> &[FnFacts] {
        &self.fns
    }
    fn body(&self, f: FnId) -> &FnBody {
        RustCrate::body(self, f)
    }
    fn ty(&self, name: &str) -> Option<&Arc<RustType>> {
        RustCrate::ty(self, name)
    }
    fn types_named(&self, name: &str) -> Vec<&Arc<RustType>> {
        RustCrate::types_named(self, name).collect()
    }
    fn structs_named(&self, name: &str) -> Vec<&StructFields> {
        RustCrate::structs_named(self, name).collect()
    }
    fn crates(&self) -> &CrateGraph {
        &self.crates
    }
    fn types_normed(&self, key: &str) -> Vec<&Arc<RustType>> {
        RustCrate::types_normed(self, key).collect()
    }
    fn fns_named(&self, name: &str) -> &[FnId] {
        RustCrate::fns_named(self, name)
    }
    fn fns_of(&self, name: &str, self_ty: Option<&str>) -> Vec<FnId> {
        RustCrate::fns_of(self, name, self_ty)
    }
    fn fns_normed(&self, key: &str) -> &[FnId] {
        RustCrate::fns_normed(self, key)
    }
}

/// How a tool's Rust input was found.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkKind {
    /// rmcp `#[tool]` / rust-mcp-sdk `#[mcp_tool]`: the Rust type is the published schema.
    Declared,
    /// `contractlint.toml` `[[tool]]`.
    Config,
    /// A page tool's request followed to the route it matches and that route's handler.
    Route,
    /// Naming conventions.
    Convention,
}

/// A fact about one input property, after linking: field or key resolved to the wire name.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub property: String,
    pub kind: CodeFactKind,
    pub span: Span,
    pub rejects: bool,
    /// See [`CodeFact::via`]: the branch leaves with the value of the call at this span,
    /// and `rejects` says whether linking found that its callee turns the call away. A
    /// branch that neither leaves nor rejects (`errors.push(..)`) has none.
    pub via: Option<Span>,
    /// See [`CodeFact::conditional`].
    pub conditional: bool,
}

/// What the Rust code of one tool is: its input type, the functions that handle it, and
/// the checks those functions make on each property.
#[derive(Clone, Debug)]
pub struct RustInput {
    pub how: LinkKind,
    /// The input type, when there is one (hand-written servers read a JSON map instead):
    /// the crate's own, shared.
    pub ty: Option<Arc<RustType>>,
    pub handler: Option<FnId>,
    pub validator: Option<FnId>,
    /// Every crate function reached from the handler and validator (bounded depth).
    pub reached: Vec<FnId>,
    pub checks: Vec<Check>,
    /// A `.validate()` call on the input: validator/garde attributes are enforced.
    pub validated: Option<Span>,
    /// Properties whose type converts through a `try_from` of the crate that was read: its
    /// checks are among `checks`, made while the input is deserialized.
    pub converted: Vec<String>,
    /// Properties handed to a method call whose callee is unknown (a receiver of unknown
    /// type) but may be one of the crate's: what it checks of them is not known.
    pub passed_to_unknown: Vec<String>,
    /// A call that makes a new value of the whole input, read on under a local linking does
    /// not bind (a crate helper decoding it): no absence claim holds past it.
    pub remade: Option<Span>,
    /// Those of them handed on as JSON, not as a value a typed accessor already read out of
    /// it: how the callee reads their JSON is not known either.
    pub json_to_unknown: Vec<String>,
    /// Properties handed on past the depth calls are followed to: what the functions
    /// beyond it check of them is not known.
    pub past_depth: Vec<String>,
    /// Some function reached holds the input (whole, a property, or a request carrying it):
    /// where the code receives it is known. Without that, nothing is known of what the code
    /// does with any property, and no absence can be claimed.
    pub received: bool,
    /// What the handler does, in order; filled after linking.
    pub behaviour: super::Behaviour,
    /// The type the handler returns as structured content: `T` of rmcp's `Json<T>`.
    pub output: Option<Arc<RustType>>,
    /// The input's fields (wire names) some function reached reads, when every use of the
    /// input there is known: a field outside them is never read.
    pub fields_read: Option<Vec<String>>,
    /// The same of an input read as a JSON map (no input type): the keys the functions
    /// reached read, when every use of the map there is a read by a known key or a hand-off
    /// to a function followed.
    pub keys_read: Option<Vec<String>>,
    /// For an input read as a JSON map (no input type): each decode of the whole input into
    /// a type by the functions reached (`let a: RunArgs = from_value(args)?`), where it is
    /// and the type as it resolves (`None` where it does not). That type's serde attributes
    /// decide which keys the code takes.
    pub decoded_as: Vec<(Span, Option<Arc<RustType>>)>,
}

impl RustInput {
    /// Renumber function ids when this group's crate is appended after `offset` others.
    pub fn shift_fns(&mut self, offset: usize) {
        for f in self
            .handler
            .iter_mut()
            .chain(&mut self.validator)
            .chain(&mut self.reached)
        {
            *f += offset;
        }
    }

    pub fn checks_on<'a>(&'a self, property: &'a str) -> impl Iterator<Item = &'a Check> + 'a {
        self.checks.iter().filter(move |c| c.property == property)
    }

    /// The rejecting comparisons of `property` (of its length, with `length`) that turn `x`
    /// away: `x OP constant` holds.
    pub fn turning_away<'a>(
        &'a self,
        property: &'a str,
        x: f64,
        length: bool,
    ) -> impl Iterator<Item = &'a Check> + 'a {
        self.checks_on(property).filter(move |c| {
            c.rejects
                && match (&c.kind, length) {
                    (CodeFactKind::Compare { op, value }, false)
                    | (CodeFactKind::Length { op, value }, true) => op.holds(x, *value),
                    _ => false,
                }
        })
    }

    pub fn field(&self, wire: &str) -> Option<&RustField> {
        self.ty.as_ref()?.field_by_wire_name(wire)
    }
}

/// The Cargo packages the Rust files belong to and what each may call: a call resolves
/// only into its own package or one it depends on (directly or through its path
/// dependencies), never into a sibling crate of the workspace that happens to define a
/// function of the same name. Files outside any known package answer "may call" to
/// everything: unknown is not evidence of a boundary.
#[derive(Clone, Debug, Default)]
pub struct CrateGraph {
    pub packages: Vec<Package>,
    /// Each file's package and module path (`["tools", "search"]` for `src/tools/search.rs`).
    pub files: std::collections::HashMap<crate::source::FileId, FileHome>,
}

/// One Cargo package of the tree.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Package {
    /// The name its code is reached by (`[lib] name`, else the package name with `_`).
    pub name: String,
    /// The packages of the tree it depends on, by index, with the name its code uses for
    /// each (a renamed dependency's key).
    pub deps: Vec<(String, usize)>,
    /// Dependencies outside the tree (registry, git), by the name its code uses.
    pub external: Vec<String>,
    /// Itself and every package it reaches through `deps`, sorted.
    pub reach: Vec<usize>,
    /// Depends on schemars 0.x, whose integer schemas carry fewer bounds than 1.x's: an
    /// unsigned integer only `minimum: 0`, a signed one none (1.x bounds 8- and 16-bit
    /// integers both ways).
    pub schemars_0: bool,
    /// How its rmcp writes an `Option` of one JSON type in a derived schema: `Some(true)`
    /// as `"nullable": true` (0.2 to 0.16), `Some(false)` as a list of types with `"null"`
    /// (0.17 on), `None` when its requirement does not say (git, path, no rmcp).
    pub rmcp_nullable: Option<bool>,
    /// The keyword its rmcp writes a derived schema's named types under: `definitions`
    /// (up to 0.9.0, draft 07) or `$defs` (0.9.1 on, draft 2020-12); `None` when its
    /// requirement does not say.
    pub rmcp_defs: Option<&'static str>,
    /// The lines of the rmcp releases it may be built with: from `Cargo.lock` when one is
    /// found, else every line its requirement admits.
    /// Empty when neither says (no rmcp, a git dependency without a lock, a path).
    pub rmcp_lines: Vec<super::RmcpLine>,
}

/// Where a file sits: its package and its module path in that package.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileHome {
    pub package: usize,
    pub module: Vec<String>,
    /// Under the package's `tests/` or `benches/`: Cargo builds it only as a test or bench
    /// target, so a tool declared there is a fixture, never served.
    pub test_target: bool,
}

impl CrateGraph {
    /// Whether the file is compiled only as a test or bench target.
    pub fn test_target(&self, file: crate::source::FileId) -> bool {
        self.files.get(&file).is_some_and(|h| h.test_target)
    }

    pub fn package_of(&self, file: crate::source::FileId) -> Option<&Package> {
        self.packages.get(self.files.get(&file)?.package)
    }

    /// Whether code in `from` can call code in `to`: same package, or `to`'s package is a
    /// (transitive) dependency of `from`'s. Unknown on either side: yes.
    pub fn may_call(&self, from: crate::source::FileId, to: crate::source::FileId) -> bool {
        match (self.files.get(&from), self.files.get(&to)) {
            (Some(a), Some(b)) => self.packages[a.package]
                .reach
                .binary_search(&b.package)
                .is_ok(),
            _ => true,
        }
    }
}

/// How a tool is declared in Rust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// An SDK attribute (`#[tool]`, `#[mcp_tool]`).
    Attribute,
    /// A derive that writes the schema from the struct by its own rules (turul's
    /// `#[derive(McpTool)]`), not schemars'.
    Derive,
    /// A trait impl with the tool's name as an associated item.
    Trait,
    /// A value: `Tool { .. }`, `Tool::new(..)`, `json!({"name", "inputSchema"})`.
    Value,
    /// Not a declaration: a dispatch arm naming the tool and the calls that handle it.
    Dispatch,
    /// A tool value whose name is not statically known: only its reports are kept.
    Unnamed,
}

/// A tool declared in Rust.
#[derive(Clone, Debug)]
pub struct RustTool {
    pub name: Spanned<String>,
    pub description: Option<Text>,
    pub annotations: Annotations,
    /// The input type (`T` of `Parameters<T>`, the `#[mcp_tool]` struct itself, a trait
    /// impl's `type Args`, `schema_for!(T)`): its derived schema is the published one.
    pub input: Option<String>,
    /// A schema written in the code (`json!`), read into facts.
    pub schema: Option<SchemaFacts>,
    /// The derived schema is published without the root's `$schema`: schemars 0.8's
    /// `schema_for!(T).schema`, the root schema object without the `RootSchema`'s
    /// `meta_schema` (and `definitions`).
    pub dialect_dropped: bool,
    /// What the specifications check of a tool object or schema written in the code
    /// (`x-mcp-header`s, `execution.taskSupport`); `None` when nothing.
    pub spec: Option<Box<super::SpecFacts>>,
    /// The method implementing it (rmcp, trait impls), with its impl's self type; for a
    /// dispatch arm, the function whose `match` holds the arm.
    pub handler: Option<(String, Option<String>)>,
    /// The `impl` type a tool value is built in: its methods may handle the tool.
    pub owner: Option<String>,
    /// For a dispatch arm, the functions (by their path as written, `alerts::list`) and
    /// methods (`self.name` on `self`, `.name` on anything else) its body calls, in order.
    pub callees: Vec<String>,
    /// For a dispatch entry made by a registration (`tools.insert("add_comment".into(),
    /// Box::new(AddComment::new(config)))`), the type of the value registered under the
    /// name: the registry's dispatcher runs that value, so its run method handles the tool.
    pub registered: Option<String>,
    /// For a dispatch arm, the body of the function that dispatches (its `match` or `if`
    /// chain on the name): how many of the declared tools one dispatcher names tells the
    /// server's dispatcher from a benchmark's or a planner's `match` on a few of them.
    pub dispatcher: Option<crate::source::Span>,
    /// For a dispatch arm, it hands on a parameter of the dispatching function other than
    /// the name matched (`"search" => self.search(arguments)`): it routes a call, where a
    /// help text or a formatter picked by the same name does not.
    pub hands_on: bool,
    /// For a dispatch arm, it works on the call's arguments itself: it reads them
    /// (`args.get("type")`) or hands them to several functions (`args_str(args, "content")`,
    /// `args_tags(args)`). The function holding the arm is then the handler, and what the arm
    /// calls are helpers reached from it; an arm that hands them to one function routes the
    /// call to that function.
    pub works_itself: bool,
    /// For a dispatch arm, its `match` is on a value not named as a tool's name (`match tool
    /// { "read_file" => .. }`): only its arms say it picks a tool, so it counts as the
    /// server's dispatcher only where it names at least two of the declared tools, or every
    /// one of them with an arm that hands the call's arguments on.
    pub by_arms_alone: bool,
    pub form: Form,
    /// Parts only known when the server runs (E002).
    pub not_static: Vec<NotStatic>,
}

/// A call, outside the callee's file, that may build a tool through a helper
/// (`make_tool("search", "Search", json!({..}), vec!["query"])`): extraction cannot see the
/// callee, so it keeps the callee's path as written and what each argument is where the
/// call is written (`None`: not known there).
#[derive(Clone, Debug)]
pub struct ToolCall {
    pub callee: Vec<String>,
    pub args: Vec<Option<HelperArg>>,
    pub span: crate::source::Span,
}

/// What an argument of a [`ToolCall`] is where the call is written.
#[derive(Clone, Debug)]
pub enum HelperArg {
    /// A string, a `bool` literal, a `json!` tree with every part known, or a list of strings.
    Json(super::JsonNode),
    /// The schema rmcp derives from a type (`schema_for_type::<T>()`): the type as written.
    Derived(String),
    /// A call of a crate function with a turbofish and no argument
    /// (`tool_input_schema::<T>()`): `T`'s derived schema when the function is a
    /// [`HelperBuild::SchemaOf`].
    Generic { callee: Vec<String>, ty: String },
}

/// A free function that builds a tool from its parameters, read in its own file: linking
/// joins it with the [`ToolCall`]s that resolve to it. Also a name a module file's `use`
/// binds ([`HelperBuild::Reexport`]), through which a call may reach one.
#[derive(Clone, Debug)]
pub struct ToolHelper {
    pub name: String,
    /// Its name's span, as [`FnFacts::span`] (for a re-export, the `use` item's).
    pub span: crate::source::Span,
    pub arity: usize,
    pub builds: HelperBuild,
}

/// Which parameters make which part of the tool a helper builds.
#[derive(Clone, Debug)]
pub enum HelperBuild {
    /// `Tool::new(name, description, schema)` (or a tool-shaped literal) on its parameters.
    /// A description the server may replace at run time (`prompts.get(name).unwrap_or(d)`)
    /// is its default `d`. `hints`: the annotations written from a `bool` parameter
    /// (`.read_only(read_only)`, `.destructive(!read_only)`): the hint's key, the
    /// parameter, and whether it is negated.
    Tool {
        name: usize,
        description: Option<usize>,
        schema: HelperSchema,
        hints: Vec<(String, usize, bool)>,
    },
    /// Hands its parameters on to another helper (`make_tool(name, description, ..)`): for
    /// each of the callee's arguments, which parameter it is.
    Forward {
        callee: Vec<String>,
        args: Vec<Option<usize>>,
    },
    /// A generic function whose body is rmcp's `schema_for_type::<T>()` of its one type
    /// parameter `T`: called as `f::<X>()`, the schema derived from `X`.
    SchemaOf,
    /// `use tool_schema::tool;` in a module file: `super::tool` written in a child module
    /// names what this path names from here.
    Reexport(Vec<String>),
}

/// The parameter a helper's schema is made of: the whole schema, or an object schema's
/// `properties` and `required` list.
#[derive(Clone, Copy, Debug)]
pub enum HelperSchema {
    Whole(usize),
    Object {
        properties: usize,
        required: Option<usize>,
    },
}
/// `T` and `E` of a return type written `Result<T, E>` (spaces removed, as
/// [`crate::contract::FnFacts::returns`] holds it); `E` is empty for a crate's own
/// `Result<T>` alias, whose error type is not written there.
pub fn result_parts(returns: &str) -> Option<(&str, &str)> {
    let inner = returns
        .strip_prefix("Result<")
        .or_else(|| returns.strip_prefix("std::result::Result<"))
        .and_then(|r| r.strip_suffix('>'))?;
    // The first top-level comma splits `T` from `E`.
    let mut depth = 0i32;
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => return Some((&inner[..i], &inner[i + 1..])),
            _ => {}
        }
    }
    Some((inner, ""))
}
