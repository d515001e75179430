//! Shared reading of linked facts for the R rules: which contracts have a Rust side, and
//! the bounds the code enforces on a property, normalised the way the schema's are.

use crate::contract::{
    Bound, Check, CmpOp, CodeFactKind, Contract, JsonType, Origin, Project, PropertyFacts,
    RustCrate, RustInput, SchemaFacts, SchemaNode, ToolDecl, format_number,
};
use crate::source::Span;

/// A contract with a Rust side and the schema the code is held to.
pub struct Linked<'a> {
    pub contract: &'a Contract,
    pub decl: &'a ToolDecl,
    pub schema: &'a SchemaFacts,
    pub rust: &'a RustInput,
    pub krate: &'a RustCrate,
}

impl Linked<'_> {
    pub fn tool(&self) -> &str {
        &self.contract.name
    }

    /// The published schema is the Rust type itself (rmcp, rust-mcp-sdk).
    pub fn derived(&self) -> bool {
        self.decl.origin == Origin::Rust
    }

    /// Top-level properties of the schema.
    pub fn properties(&self) -> &[PropertyFacts] {
        self.schema
            .root
            .object
            .as_ref()
            .map(|o| o.properties.as_slice())
            .unwrap_or_default()
    }

    /// Whether the derived schema publishes `p` with what a `schema_with` function builds
    /// when the server runs (no literal linking could read): what it bounds is not known.
    pub fn published_unread(&self, p: &PropertyFacts) -> bool {
        self.derived()
            && p.schema.types.is_none()
            && self
                .rust
                .field(&p.name)
                .is_some_and(|f| f.attrs().schema_with.is_some())
    }

    /// Code was found that handles the input, so missing checks mean something.
    pub fn has_code(&self) -> bool {
        !self.rust.reached.is_empty()
    }

    /// Where to point when a property's Rust side has no better place: its field, else the
    /// handler or validator.
    pub fn anchor(&self, property: &str) -> Option<Span> {
        self.rust
            .field(property)
            .map(|f| f.span)
            .or_else(|| self.rust.ty.as_ref().map(|t| t.span))
    }
}

pub fn linked(project: &Project) -> impl Iterator<Item = Linked<'_>> {
    project.contracts.iter().filter_map(|c| {
        let rust = c.rust.as_ref()?;
        let (decl, schema) = c.published()?;
        Some(Linked {
            contract: c,
            decl,
            schema,
            rust,
            krate: &project.rust,
        })
    })
}

/// A limit on one side, with where it was stated: inclusive, or over fractional values
/// `exclusive` (`if amount <= 0.0 { reject }` accepts what is above 0, not 0 itself).
#[derive(Clone, Debug)]
pub struct Limit {
    pub value: f64,
    pub span: Span,
    pub exclusive: bool,
}

impl Limit {
    /// Both state the same limit.
    pub fn same(&self, other: &Limit) -> bool {
        self.value == other.value && self.exclusive == other.exclusive
    }
}

/// Whether a property is an integer in the schema.
pub fn integer(p: &SchemaNode) -> bool {
    p.has_type(JsonType::Integer) && !p.has_type(JsonType::Number)
}

/// A schema bound as an inclusive limit (exclusive integer bounds move by one).
pub fn schema_limit(b: &Option<Bound>, upper: bool, int: bool) -> Option<Limit> {
    let b = b.as_ref()?;
    let value = match (b.exclusive, int, upper) {
        (true, true, false) => b.value + 1.0,
        (true, true, true) => b.value - 1.0,
        _ => b.value,
    };
    Some(Limit {
        value,
        span: b.span,
        exclusive: b.exclusive && !int,
    })
}

/// One side of a property's bounds, as the code enforces it and as the schema states it.
pub struct BoundSide {
    /// A length bound (`minLength`/`maxLength`, or on an array `minItems`/`maxItems`)
    /// rather than a value bound.
    pub length: bool,
    /// The length counts an array's items: garde/validator/schemars `length` on a `Vec`
    /// or a set publishes `minItems`/`maxItems`.
    pub items: bool,
    pub upper: bool,
    pub code: Option<Limit>,
    pub schema: Option<Limit>,
}

/// The four sides R008 and R009 compare: lower and upper value bounds, then lower and
/// upper length bounds when the property is a string or an array.
pub fn bound_sides(l: &Linked, p: &PropertyFacts) -> Vec<BoundSide> {
    bound_sides_with(p, |length, int| enforced(l, &p.name, length, int))
}

/// [`bound_sides`] with the code's limits read by `enforced(length, int)`: a server's
/// checks, or a page's.
pub fn bound_sides_with(
    p: &PropertyFacts,
    enforced: impl Fn(bool, bool) -> (Option<Limit>, Option<Limit>),
) -> Vec<BoundSide> {
    let s = &p.schema;
    let int = integer(s);
    let mut sides = Vec::new();
    for length in [false, true] {
        if length && !(s.has_type(JsonType::String) || s.has_type(JsonType::Array)) {
            continue;
        }
        let (lo, hi) = enforced(length, int);
        let items = length && s.has_type(JsonType::Array) && !s.has_type(JsonType::String);
        let (smin, smax) = match (length, items) {
            (false, _) => (&s.bounds().minimum, &s.bounds().maximum),
            (true, false) => (&s.bounds().min_length, &s.bounds().max_length),
            (true, true) => (&s.bounds().min_items, &s.bounds().max_items),
        };
        for (code, bound, upper) in [(lo, smin, false), (hi, smax, true)] {
            sides.push(BoundSide {
                length,
                items,
                upper,
                code,
                schema: schema_limit(bound, upper, int || length),
            });
        }
    }
    sides
}

impl BoundSide {
    /// The schema keyword this side is stated by.
    pub fn keyword(&self) -> &'static str {
        match (self.length, self.items, self.upper) {
            (false, _, false) => "minimum",
            (false, _, true) => "maximum",
            (true, false, false) => "minLength",
            (true, false, true) => "maxLength",
            (true, true, false) => "minItems",
            (true, true, true) => "maxItems",
        }
    }
}

/// Value bounds (or, with `length`, length bounds) the code rejects beyond: explicit
/// checks, and validator/garde attributes when `.validate()` is called. The type's own
/// range is not included.
pub fn enforced(
    l: &Linked,
    property: &str,
    length: bool,
    int: bool,
) -> (Option<Limit>, Option<Limit>) {
    let (mut lo, mut hi) = enforced_by(
        l.rust.checks_on(property),
        type_range(l, property),
        length,
        int,
    );
    let step = if int || length { 1.0 } else { 0.0 };
    if l.rust.validated.is_some()
        && l.rust.ty.as_ref().is_some_and(|t| t.validate_derive)
        && let Some(f) = l.rust.field(property)
    {
        let (min, max) = if length {
            (&f.attrs().min_length, &f.attrs().max_length)
        } else {
            (&f.attrs().minimum, &f.attrs().maximum)
        };
        let strict = |b: &crate::contract::Bound| b.exclusive && step == 0.0;
        if let Some((b, k)) = min
            && k.enforces()
        {
            let v = if b.exclusive { b.value + step } else { b.value };
            tighten(&mut lo, false, (v, strict(b)), b.span);
        }
        if let Some((b, k)) = max
            && k.enforces()
        {
            let v = if b.exclusive { b.value - step } else { b.value };
            tighten(&mut hi, true, (v, strict(b)), b.span);
        }
    }
    (lo, hi)
}

/// The bounds the rejecting comparisons among `checks` enforce (a server's or a page's),
/// `type_range` the values the code's type holds, when known.
pub fn enforced_by<'a>(
    checks: impl Iterator<Item = &'a Check>,
    type_range: Option<(f64, f64)>,
    length: bool,
    int: bool,
) -> (Option<Limit>, Option<Limit>) {
    let mut lo: Option<Limit> = None;
    let mut hi: Option<Limit> = None;
    let step = if int || length { 1.0 } else { 0.0 };
    for c in checks.filter(|c| c.rejects && !c.conditional) {
        let (op, v) = match (&c.kind, length) {
            (CodeFactKind::Compare { op, value }, false) => (*op, *value),
            (CodeFactKind::Length { op, value }, true) => (*op, *value),
            _ => continue,
        };
        // Rejecting `<= v` over fractional values accepts what is above `v`, not `v`.
        let fractional = step == 0.0;
        match op {
            CmpOp::Lt => tighten(&mut lo, false, (v, false), c.span),
            CmpOp::Le => tighten(&mut lo, false, (v + step, fractional), c.span),
            CmpOp::Gt => tighten(&mut hi, true, (v, false), c.span),
            CmpOp::Ge => tighten(&mut hi, true, (v - step, fractional), c.span),
            // `q == 0` on an unsigned q is `q < 1`.
            CmpOp::Eq if !length && type_range.is_some_and(|(min, _)| min == v) => {
                tighten(&mut lo, false, (v + 1.0, false), c.span)
            }
            CmpOp::Eq if length && v == 0.0 => tighten(&mut lo, false, (1.0, false), c.span),
            // `len() != 1` rejects every length but one: both bounds. (A value compared
            // with one other value is a lookup, not a range.)
            CmpOp::Ne if length => {
                tighten(&mut lo, false, (v, false), c.span);
                tighten(&mut hi, true, (v, false), c.span);
            }
            _ => {}
        }
    }
    (lo, hi)
}

/// Keep the tighter of `slot` and `(value, exclusive)` on one side.
fn tighten(slot: &mut Option<Limit>, upper: bool, (value, exclusive): (f64, bool), span: Span) {
    let better = slot.as_ref().is_none_or(|s| {
        let stricter = value == s.value && exclusive && !s.exclusive;
        stricter
            || if upper {
                value < s.value
            } else {
                value > s.value
            }
    });
    if better {
        *slot = Some(Limit {
            value,
            span,
            exclusive,
        });
    }
}

/// The range the Rust type of a property admits: the field's integer type, or `as_u64()`
/// on a JSON value.
pub fn type_range(l: &Linked, property: &str) -> Option<(f64, f64)> {
    if let Some(r) = l.rust.field(property).and_then(|f| f.ty.int_range()) {
        return Some(r);
    }
    // A newtype read as `U` first holds what a `U` holds.
    if let Some(r) = conversion(l, property).and_then(|c| c.from.int_range()) {
        return Some(r);
    }
    // Read as one type and converted to another (`as_u64()` then `u8::try_from`), the
    // value holds what both hold.
    l.rust
        .checks_on(property)
        .filter_map(|c| match &c.kind {
            CodeFactKind::Typed { ty } => ty.int_range(),
            CodeFactKind::ReadAs {
                json: "unsigned integer",
            } => Some((0.0, u64::MAX as f64)),
            _ => None,
        })
        .reduce(|(a, b), (c, d)| (a.max(c), b.min(d)))
}

/// Validation happens inside deserialization where it was not read (a `deserialize_with`
/// helper, a conversion newtype whose `try_from` linking did not find): the code's checks
/// are not known. A `try_from` that was read has its checks among the property's.
pub fn checked_in_deserialize(l: &Linked, property: &str) -> bool {
    let Some(f) = l.rust.field(property) else {
        return false;
    };
    if f.coercion.is_some() {
        return true;
    }
    if l.rust.converted.iter().any(|c| c == property) {
        return false;
    }
    conversion(l, property).is_some()
}

/// The conversion a property's newtype deserializes through (`#[serde(try_from = "u16")]`).
pub fn conversion<'a>(l: &'a Linked, property: &str) -> Option<&'a crate::contract::Conversion> {
    match l.rust.field(property)?.ty.unoption() {
        crate::contract::RustTy::Named(n) => l.krate.ty(n)?.conversion.as_ref(),
        _ => None,
    }
}

/// The clamps applied to a property. Saturating or wrapping arithmetic is none: it computes
/// another value (`start.saturating_add(limit)` is the end of a page, `days.saturating_sub(1)`
/// a date offset) and bounds nothing but the Rust type.
pub fn clamps<'a>(l: &'a Linked, property: &'a str) -> impl Iterator<Item = &'a Check> + 'a {
    l.rust
        .checks_on(property)
        .filter(|c| matches!(c.kind, CodeFactKind::Clamp { .. }))
}

/// The largest integers of the usual representations: `i32`, `u32`, JSON's safe integers,
/// `i64`, `u64` (as `f64` reads them).
pub const REPRESENTATION_LIMITS: &[f64] = &[
    i32::MAX as f64,
    u32::MAX as f64,
    9_007_199_254_740_991.0,
    i64::MAX as f64,
    u64::MAX as f64,
];

/// "from 1 through 5", "up to 10": what a side accepts, for messages.
pub fn show(v: f64) -> String {
    format_number(v)
}

/// A rejecting comparison of `property` (or its length) on one side against a bound that is
/// not a constant (`v > max` in a helper given `max`): a bound is enforced there, which one
/// is not known.
pub fn opaque_bound(l: &Linked, property: &str, length: bool, upper: bool) -> Option<Span> {
    l.rust.checks_on(property).find_map(|c| match c.kind {
        CodeFactKind::CompareOpaque {
            op, length: len, ..
        } if c.rejects && len == length => {
            let side = match op {
                CmpOp::Lt | CmpOp::Le => Some(false),
                CmpOp::Gt | CmpOp::Ge => Some(true),
                CmpOp::Ne => Some(upper),
                CmpOp::Eq => None,
            };
            (side == Some(upper)).then_some(c.span)
        }
        _ => None,
    })
}

/// Where `property`'s value is put in a list whose elements are not followed.
pub fn escapes(l: &Linked, property: &str) -> Option<Span> {
    l.rust
        .checks_on(property)
        .find(|c| matches!(c.kind, CodeFactKind::Escapes { .. }))
        .map(|c| c.span)
}

/// Where a callee hands `property`'s value back, defaults and all, to a place the code is
/// not followed into (`limit: u32_param(args, "limit")` in a request struct): a value
/// filled in for an absent property may be a stand-in replaced or turned away there.
pub fn handed_back_escape(rust: &RustInput, property: &str) -> Option<Span> {
    rust.checks_on(property)
        .find(|c| matches!(c.kind, CodeFactKind::Escapes { handed_back: true }))
        .map(|c| c.span)
}

/// How [`code_default`] names a default filled in by the code rather than by serde.
pub const FALLBACK: &str = "a fallback in the code";

/// How the code gives a top-level property a value when the call leaves it out: the
/// field's `#[serde(default)]` (its own or the container's), else a fallback in the code
/// (`unwrap_or`); where, the value when known, and how, as a message says it.
pub fn code_default<'a>(
    rust: &'a RustInput,
    property: &'a str,
) -> Option<(Span, Option<&'a serde_json::Value>, &'static str)> {
    if let Some(d) = rust.field(property).and_then(|f| f.default.as_ref()) {
        let how = if d.from_container {
            "the container's `#[serde(default)]`"
        } else {
            "`#[serde(default)]`"
        };
        return Some((d.span, d.value.as_ref(), how));
    }
    rust.checks_on(property).find_map(|c| match &c.kind {
        CodeFactKind::Default { value, .. } => Some((c.span, value.as_deref(), FALLBACK)),
        _ => None,
    })
}
