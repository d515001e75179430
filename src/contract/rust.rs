//! The Rust side of the model: input types as serde reads them, functions as the checks
//! and adjustments they make to their inputs, and what linking found for one tool.

use super::{Bound, SchemaNode, Text};
use crate::source::{FileId, Span, Spanned};
use serde_json::Value;

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
    /// `#[validate(required)]` and friends: an `Option` that must be present.
    pub required: Option<Span>,
    pub description: Option<Text>,
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
    pub aliases: Vec<String>,
    pub span: Span,
    pub ty: RustTy,
    pub ty_span: Span,
    pub default: Option<FieldDefault>,
    pub flatten: bool,
    /// `deserialize_with`/`with`/`serde_as`: the helper's path, which decides what is accepted.
    pub coercion: Option<Spanned<String>>,
    pub attrs: AttrBounds,
    pub doc: Option<Text>,
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
    pub conversion: Option<Spanned<String>>,
    pub fields: Vec<RustField>,
    /// For an enum of unit variants, their wire values.
    pub variants: Option<Vec<Spanned<String>>>,
    pub doc: Option<Text>,
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

/// What a function does with one input value, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum CodeFactKind {
    /// `subject OP value` is a condition under which the code rejects (or, with
    /// `rejects == false`, merely branches).
    Compare { op: CmpOp, value: f64 },
    /// `subject.len()`/`chars().count()` compared.
    Length { op: CmpOp, value: f64 },
    /// `clamp`/`min`/`max`: values below `lo` or above `hi` are replaced.
    Clamp { lo: Option<f64>, hi: Option<f64> },
    /// `saturating_*`/`wrapping_*`.
    Saturating,
    /// `unwrap_or(v)`/`unwrap_or_default()`/`map_or(v, ..)` on the value.
    Default { value: Option<Value> },
    /// `subject as <int>`.
    Cast { to: String },
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
    /// `match v { "a" | "b" => .., _ => reject }`: the only values accepted.
    OneOf { values: Vec<String> },
    /// `.validate()`/`.validate_with()` on the whole input.
    ValidateCall,
    /// The code iterates or checks the keys of the input map.
    KeysChecked,
}

/// Where a fact's value comes from: a parameter (by name) and a field or key path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueRef {
    /// The parameter (or `self`) the value is read from.
    pub root: String,
    /// First field (Rust name) or key (wire name) read from it; empty for the whole root.
    pub key: String,
    /// Whether `key` is a JSON key (`args["k"]`) rather than a Rust field.
    pub by_key: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CodeFact {
    pub subject: ValueRef,
    pub kind: CodeFactKind,
    pub span: Span,
    /// The fact sits in a condition whose branch rejects the call.
    pub rejects: bool,
}

/// A call to another function, with what each argument is.
#[derive(Clone, Debug, PartialEq)]
pub struct CallFact {
    /// Last path segment of the callee (`validate`, `add_cart_line`).
    pub callee: String,
    /// The path segment before the name: `Self`, a type (`DocumentId::from_str`) or a module.
    pub qualifier: Option<String>,
    /// Set for method calls: `x.validate()`; the receiver is the first argument.
    pub method: bool,
    pub args: Vec<Option<ValueRef>>,
    pub span: Span,
}

/// A function or method of the crate: its signature, and what its body does to its
/// parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct FnFacts {
    pub name: String,
    pub span: Span,
    /// The `impl` block's self type, for methods.
    pub self_ty: Option<String>,
    /// Takes `&mut self`: calling it changes the receiver.
    pub mut_self: bool,
    /// Takes `&self`: through it, a plain field of `self` cannot reach a `&mut self` method.
    pub shared_self: bool,
    /// The return type as written, spaces removed.
    pub returns: String,
    /// `None` when the file was read for its signatures only: read it through
    /// [`RustCrate::body`], which asks for the rest.
    pub body: Option<FnBody>,
}

/// What a function does with its parameters: what its body checks, calls and does.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FnBody {
    /// Parameter name (or `#N` for a destructured one) and its type as written (read with
    /// the body: only the functions linking reaches need them).
    pub params: Vec<(String, String)>,
    pub facts: Vec<CodeFact>,
    pub calls: Vec<CallFact>,
    pub behaviour: super::FnBehaviour,
}

/// The body of a function not read yet: nothing known.
static UNREAD: FnBody = FnBody {
    params: Vec::new(),
    facts: Vec::new(),
    calls: Vec::new(),
    behaviour: super::FnBehaviour {
        effects: Vec::new(),
        comparisons: Vec::new(),
        swallows: Vec::new(),
    },
};

/// Index of a function in [`RustCrate::fns`].
pub type FnId = usize;

/// Every Rust input type and function found in the tree.
///
/// Linking and rules look functions and types up through the methods below, never by
/// scanning `fns`/`types`: the lookups are indexed, and each one is recorded as a
/// [`Demand`] when a recorder is set, so the driver can parse the files that may answer it
/// (see `crate::extract::rust::demand`). Build a new crate rather than mutate one that was
/// already asked (the index is built on first use).
#[derive(Clone, Debug, Default)]
pub struct RustCrate {
    pub types: Vec<RustType>,
    pub fns: Vec<FnFacts>,
    /// Some `.rs` file was found (read or not): coverage rules apply.
    pub has_sources: bool,
    /// Built on first lookup; leave it to `Default`.
    pub index: std::sync::OnceLock<Index>,
    /// Where lookups are recorded while the driver is still choosing which files to parse.
    pub asked: Option<std::sync::Arc<std::sync::Mutex<std::collections::HashSet<Demand>>>>,
}

/// A lookup linking made, as the files that may answer it: the driver parses them all
/// (or, for [`Demand::Method`], enough of them) before it trusts the answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Demand {
    /// Every fn of this name.
    Fn(String),
    /// The bodies of the fns of this file (read for their signatures only so far).
    Body(FileId),
    /// Methods of this name in an `impl` of this type.
    Method { name: String, self_ty: String },
    /// Whether exactly one method has this name (and which).
    UniqueMethod(String),
    /// Every fn whose name is this in [`norm`] form.
    FnNorm(String),
    /// The type of this name.
    Type(String),
    /// Every type whose name is this in [`norm`] form.
    TypeNorm(String),
}

/// Case- and separator-insensitive form of a name: `add_cart_line` = `addCartLine`.
pub fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Lookups by name and by [`norm`]ed name.
#[derive(Clone, Debug, Default)]
pub struct Index {
    fns: std::collections::HashMap<String, Vec<FnId>>,
    fns_norm: std::collections::HashMap<String, Vec<FnId>>,
    types: std::collections::HashMap<String, Vec<usize>>,
    types_norm: std::collections::HashMap<String, Vec<usize>>,
}

impl RustCrate {
    fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let mut ix = Index::default();
            for (i, f) in self.fns.iter().enumerate() {
                ix.fns.entry(f.name.clone()).or_default().push(i);
                ix.fns_norm.entry(norm(&f.name)).or_default().push(i);
            }
            for (i, t) in self.types.iter().enumerate() {
                ix.types.entry(t.name.clone()).or_default().push(i);
                ix.types_norm.entry(norm(&t.name)).or_default().push(i);
            }
            ix
        })
    }

    fn ask(&self, d: impl FnOnce() -> Demand) {
        if let Some(a) = &self.asked
            && let Ok(mut set) = a.lock()
        {
            set.insert(d());
        }
    }

    /// What the body of `f` does; empty, and asked for, when its file was read for
    /// signatures only.
    pub fn body(&self, f: FnId) -> &FnBody {
        let facts = &self.fns[f];
        facts.body.as_ref().unwrap_or_else(|| {
            self.ask(|| Demand::Body(facts.span.file));
            &UNREAD
        })
    }

    /// The first type of this name (in file order).
    pub fn ty(&self, name: &str) -> Option<&RustType> {
        self.ask(|| Demand::Type(name.to_string()));
        let i = *self.index().types.get(name)?.first()?;
        self.types.get(i)
    }

    /// The type of this name defined in `file`, else the first (in file order): a name
    /// such as `Input` is often defined once per tool module.
    pub fn ty_near(&self, name: &str, file: FileId) -> Option<&RustType> {
        self.ask(|| Demand::Type(name.to_string()));
        let all = self.index().types.get(name)?;
        let pick = all
            .iter()
            .find(|&&i| self.types[i].span.file == file)
            .or(all.first())?;
        self.types.get(*pick)
    }

    /// Types whose name is `key` in [`norm`] form, in file order.
    pub fn types_normed(&self, key: &str) -> impl Iterator<Item = &RustType> {
        self.ask(|| Demand::TypeNorm(key.to_string()));
        self.index()
            .types_norm
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|&i| self.types.get(i))
    }

    /// Every fn of this name, in file order.
    pub fn fns_named(&self, name: &str) -> &[FnId] {
        self.ask(|| Demand::Fn(name.to_string()));
        self.index().fns.get(name).map_or(&[], Vec::as_slice)
    }

    /// Fns of this name with this `impl` self type (`None`: free functions), in file order.
    pub fn fns_of(&self, name: &str, self_ty: Option<&str>) -> Vec<FnId> {
        let all = match self_ty {
            Some(t) => {
                self.ask(|| Demand::Method {
                    name: name.to_string(),
                    self_ty: t.to_string(),
                });
                self.index().fns.get(name).map_or(&[][..], Vec::as_slice)
            }
            None => self.fns_named(name),
        };
        all.iter()
            .copied()
            .filter(|&i| self.fns[i].self_ty.as_deref() == self_ty)
            .collect()
    }

    /// The method of this name when the crate has exactly one.
    pub fn unique_method(&self, name: &str) -> Option<FnId> {
        self.ask(|| Demand::UniqueMethod(name.to_string()));
        let mut it = self.methods(name);
        match (it.next(), it.next()) {
            (Some(i), None) => Some(i),
            _ => None,
        }
    }

    /// How many methods have this name, counting up to 2 (not recorded: the driver's own
    /// question).
    pub fn method_count(&self, name: &str) -> usize {
        self.methods(name).take(2).count()
    }

    fn methods(&self, name: &str) -> impl Iterator<Item = FnId> + '_ {
        self.index()
            .fns
            .get(name)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&i| self.fns[i].self_ty.is_some())
    }

    /// Fns whose name is `key` in [`norm`] form, in file order.
    pub fn fns_normed(&self, key: &str) -> &[FnId] {
        self.ask(|| Demand::FnNorm(key.to_string()));
        self.index().fns_norm.get(key).map_or(&[], Vec::as_slice)
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
}

/// What the Rust code of one tool is: its input type, the functions that handle it, and
/// the checks those functions make on each property.
#[derive(Clone, Debug)]
pub struct RustInput {
    pub how: LinkKind,
    /// The input type, when there is one (hand-written servers read a JSON map instead).
    pub ty: Option<RustType>,
    /// The schema schemars would derive from `ty`, spans in the Rust source.
    pub effective: Option<SchemaNode>,
    pub handler: Option<FnId>,
    pub validator: Option<FnId>,
    /// Every crate function reached from the handler and validator (bounded depth).
    pub reached: Vec<FnId>,
    pub checks: Vec<Check>,
    /// A `.validate()` call on the input: validator/garde attributes are enforced.
    pub validated: Option<Span>,
    /// What the handler does, in order; filled after linking.
    pub behaviour: super::Behaviour,
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

    pub fn field(&self, wire: &str) -> Option<&RustField> {
        self.ty.as_ref()?.field_by_wire_name(wire)
    }
}
