//! Rows from the data a search reads: when the linked code compares an input limit with a
//! field of the records of a list it writes out (`for p in PRODUCTS.iter() { ..
//! p.folded_thickness_mm <= folded .. }`), the table knows which records each input should
//! find. It then checks the answer at the limit (a record exactly at it), one past it, with
//! a record whose value is unknown, and with the records the base input finds removed.
//!
//! What a record must satisfy is the contract's, not the code's: the limit's side and
//! whether it is inclusive come from the property's name and description (a `max…` input
//! is an upper bound, "no more than" includes it), a record whose value is unknown never
//! fits, and a field whose name says it measures another attribute (`tabletop_thickness_mm`
//! for `maxFoldedThicknessMm`) is not the one the limit is about. So a build that compares
//! the wrong field, excludes the boundary or reads unknown as 0 fails these rows.

use crate::contract::{
    ClaimKind, Contract, DataComparison, JsonType, ObjectFacts, RecordList, Subject,
    different_attribute,
};
use serde_json::{Value, json};

/// One input limit applied to one field of a record list.
#[derive(Clone, Debug)]
pub struct Limit<'a> {
    pub property: String,
    pub field: String,
    /// The input is an upper bound (`field <= input`), else a lower one.
    pub upper: bool,
    pub inclusive: bool,
    pub at: &'a DataComparison,
}

impl Limit<'_> {
    /// Whether a record's value passes the limit at `x`; `None` when the code does not
    /// state the value as a number or null.
    fn passes(&self, record: &[(String, Value)], x: f64) -> Option<bool> {
        let v = match RecordList::value(record, &self.field)? {
            Value::Null => return Some(false),
            v => v.as_f64()?,
        };
        Some(match (self.upper, self.inclusive) {
            (true, true) => v <= x,
            (true, false) => v < x,
            (false, true) => v >= x,
            (false, false) => v > x,
        })
    }

    pub fn describe(&self, list: &RecordList) -> String {
        format!(
            "code: `{}` is {} {} bound on `{}` of the records of `{}`",
            self.property,
            if self.inclusive {
                "an inclusive"
            } else {
                "an exclusive"
            },
            if self.upper { "upper" } else { "lower" },
            self.field,
            list.name
        )
    }
}

/// The limits a tool's code applies to one record list, and that list; `None` when the
/// code compares inputs with no record list, with several, or when a property is compared
/// with more than one field that may be its attribute.
pub fn limits<'a>(
    contract: &'a Contract,
    object: &ObjectFacts,
) -> Option<(Vec<Limit<'a>>, &'a RecordList)> {
    let rust = contract.rust.as_deref()?;
    let compared: Vec<&DataComparison> = rust
        .behaviour
        .comparisons
        .iter()
        .filter(|c| c.records.is_some() && c.defaulted.is_none())
        .collect();
    let list = compared.first()?.records.as_ref()?;
    if compared
        .iter()
        .any(|c| c.records.as_ref().is_some_and(|r| r.name != list.name))
    {
        return None;
    }
    let mut out: Vec<Limit> = Vec::new();
    for c in &compared {
        if out.iter().any(|l| l.property == c.property)
            || different_attribute(&c.property, &c.data)
            || object.property(&c.property).is_none()
        {
            continue;
        }
        let fields: Vec<&str> = compared
            .iter()
            .filter(|o| o.property == c.property && !different_attribute(&o.property, &o.data))
            .map(|o| o.data.as_str())
            .collect();
        if fields.iter().any(|f| *f != c.data) {
            return None;
        }
        let Some((upper, inclusive)) = side(contract, &c.property) else {
            continue;
        };
        out.push(Limit {
            property: c.property.clone(),
            field: c.data.clone(),
            upper,
            inclusive,
            at: c,
        });
    }
    (!out.is_empty()).then_some((out, list))
}

/// Which side of the records an input limit bounds and whether it includes its value: a
/// range the prose states for it, else its wording ("no more than"), else a `max…`/`min…`
/// name (inclusive). A property whose name says neither side is no limit here.
fn side(contract: &Contract, property: &str) -> Option<(bool, bool)> {
    let own = || {
        contract
            .claimed()
            .flat_map(|(_, claims)| claims.iter())
            .filter(|cl| matches!(&cl.subject, Subject::Property { object, name } if object.is_empty() && name == property))
    };
    let first = crate::contract::words(property)
        .into_iter()
        .next()
        .unwrap_or_default();
    let upper = match first.as_str() {
        "max" | "maximum" => true,
        "min" | "minimum" => false,
        _ => return None,
    };
    let claimed = own().find_map(|cl| match &cl.kind {
        ClaimKind::Range { min, max, .. } => (if upper { max } else { min }).map(|b| !b.exclusive),
        _ => None,
    });
    let worded = own().find_map(|cl| match cl.kind {
        ClaimKind::LimitWording { inclusive } => Some(inclusive),
        _ => None,
    });
    Some((upper, claimed.or(worded).unwrap_or(true)))
}

/// The records an input should find: every limit passed. `None` when a value the limits
/// read is not known, or the input does not hold a number for each limit.
pub fn found(limits: &[Limit], list: &RecordList, input: &Value) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for (i, r) in list.records.iter().enumerate() {
        let mut all = true;
        for l in limits {
            let x = input.get(&l.property)?.as_f64()?;
            all &= l.passes(r, x)?;
        }
        if all {
            out.push(i);
        }
    }
    Some(out)
}

/// The assertions that the response lists exactly the records `found`, by `key`, at
/// `pointer`.
pub fn assertions(list: &RecordList, key: &str, pointer: &str, found: &[usize]) -> Vec<Value> {
    let mut out: Vec<Value> = list
        .records
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let k = RecordList::value(r, key)?;
            Some(if found.contains(&i) {
                json!({"pointer": pointer, "contains": k})
            } else {
                json!({"pointer": pointer, "lacks": k})
            })
        })
        .collect();
    out.push(json!({"pointer": format!("{pointer}/{}", found.len()), "absent": true}));
    out
}

/// The value a limit takes to put `record` exactly at it, when the property's schema allows
/// it (its type and bounds).
pub fn at_value(limit: &Limit, record: &[(String, Value)], object: &ObjectFacts) -> Option<Value> {
    let v = RecordList::value(record, &limit.field)?.as_f64()?;
    allowed(limit, v, object)
}

/// `v` as the property's value, when its schema allows it.
pub fn allowed(limit: &Limit, v: f64, object: &ObjectFacts) -> Option<Value> {
    let s = &object.property(&limit.property)?.schema;
    let integer = s.has_type(JsonType::Integer) && !s.has_type(JsonType::Number);
    if integer && v.fract() != 0.0 {
        return None;
    }
    let low = s.bounds().minimum.as_ref().is_none_or(|b| {
        if b.exclusive {
            v > b.value
        } else {
            v >= b.value
        }
    });
    let high = s.bounds().maximum.as_ref().is_none_or(|b| {
        if b.exclusive {
            v < b.value
        } else {
            v <= b.value
        }
    });
    (low && high).then(|| super::number(v))
}
