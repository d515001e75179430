//! The phrase grammar: which word sequences make a claim. Works on one sentence of
//! tokens at a time and records what the words say, never whether it is right.

use super::tokens::{Tok, Token};
use crate::contract::{ClaimBound, ClaimKind, JsonType, Unit};
use serde_json::Value;

/// A claim found in a sentence: its kind and the token range `first..last` it covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Phrase {
    pub kind: ClaimKind,
    pub first: usize,
    pub last: usize,
}

/// Verbs that change state when they lead a sentence ("Adds a line to the cart.").
const WRITE_VERBS: &[&str] = &[
    "adds",
    "appends",
    "approves",
    "archives",
    "assigns",
    "books",
    "cancels",
    "changes",
    "charges",
    "clears",
    "creates",
    "deletes",
    "edits",
    "empties",
    "enrolls",
    "inserts",
    "modifies",
    "moves",
    "overwrites",
    "pays",
    "places",
    "posts",
    "publishes",
    "purchases",
    "records",
    "refunds",
    "registers",
    "removes",
    "renames",
    "replaces",
    "reserves",
    "resets",
    "saves",
    "schedules",
    "sends",
    "sets",
    "stores",
    "submits",
    "subscribes",
    "transfers",
    "unsubscribes",
    "updates",
    "uploads",
    "writes",
];

/// Base forms that, negated, promise no change ("does not reserve stock").
const CHANGE_VERBS: &[&str] = &[
    "modify", "change", "alter", "write", "create", "delete", "update", "reserve", "place", "add",
    "remove", "book", "send", "charge", "store", "save", "persist", "mutate", "touch",
];

/// Words after a number that are grammar, not what the number counts.
const NOT_NOUN: &[&str] = &[
    "and",
    "or",
    "to",
    "through",
    "thru",
    "the",
    "a",
    "an",
    "inclusive",
    "exclusive",
    "when",
    "per",
    "of",
    "is",
    "are",
    "if",
    "for",
    "at",
    "by",
    "with",
    "from",
    "than",
    "but",
    "as",
    "on",
    "it",
    "this",
    "that",
    "will",
    "must",
    "may",
    "can",
    "be",
    "only",
    "until",
    "inclusively",
];

pub fn unit(word: &str) -> Option<Unit> {
    Some(match word {
        "mm" | "millimetre" | "millimetres" | "millimeter" | "millimeters" => Unit::Millimetre,
        "cm" | "centimetre" | "centimetres" | "centimeter" | "centimeters" => Unit::Centimetre,
        "m" | "metre" | "metres" | "meter" | "meters" => Unit::Metre,
        "in" | "inch" | "inches" => Unit::Inch,
        "kg" | "kilogram" | "kilograms" | "kilo" | "kilos" => Unit::Kilogram,
        "g" | "gram" | "grams" => Unit::Gram,
        "ms" | "millisecond" | "milliseconds" => Unit::Millisecond,
        "s" | "sec" | "secs" | "second" | "seconds" => Unit::Second,
        "min" | "mins" | "minute" | "minutes" => Unit::Minute,
        "h" | "hr" | "hrs" | "hour" | "hours" => Unit::Hour,
        "day" | "days" => Unit::Day,
        "character" | "characters" | "chars" | "char" | "letters" => Unit::Character,
        "item" | "items" => Unit::Item,
        "percent" | "per cent" => Unit::Percent,
        _ => return None,
    })
}

struct Sentence<'a> {
    t: &'a [Token],
}

/// A number with what follows it: `(value, unit, noun, next index)`.
struct Quantity {
    value: f64,
    unit: Option<Unit>,
    noun: Option<String>,
    next: usize,
}

impl Sentence<'_> {
    fn word(&self, i: usize) -> Option<&str> {
        self.t.get(i).and_then(Token::word)
    }

    /// Match a sequence of words (or one-character punctuation) at `i`; the next index.
    fn seq(&self, i: usize, pattern: &[&str]) -> Option<usize> {
        let mut j = i;
        for p in pattern {
            let t = self.t.get(j)?;
            let ok = match &t.tok {
                Tok::Word { lower, .. } => lower == p,
                Tok::Punct(c) => p.chars().count() == 1 && p.starts_with(*c),
                _ => false,
            };
            if !ok {
                return None;
            }
            j += 1;
        }
        Some(j)
    }

    fn any(&self, i: usize, patterns: &[&[&str]]) -> Option<usize> {
        patterns.iter().find_map(|p| self.seq(i, p))
    }

    /// A number at `i`, with its unit or counted noun. Years without a unit, and counts of
    /// a part ("at least 2 of the fields") are not quantities of the property.
    fn quantity(&self, i: usize) -> Option<Quantity> {
        let Tok::Num { value, year } = self.t.get(i)?.tok else {
            return None;
        };
        let mut next = i + 1;
        let mut unit_found = None;
        let mut noun = None;
        if self.t.get(next).is_some_and(|t| t.is_punct('%')) {
            unit_found = Some(Unit::Percent);
            next += 1;
        } else if let Some(w) = self.word(next) {
            let at_end = self
                .t
                .get(next + 1)
                .is_none_or(|t| matches!(t.tok, Tok::Punct(_)));
            if let Some(u) = unit(w).filter(|_| w != "in" || at_end) {
                unit_found = Some(u);
                noun = Some(w.to_string());
                next += 1;
            } else if !NOT_NOUN.contains(&w) && w.ends_with('s') {
                noun = Some(w.to_string());
                next += 1;
            }
        }
        if year && unit_found.is_none() {
            return None;
        }
        if matches!(self.word(next), Some("of" | "per" | "each" | "a" | "an")) {
            return None;
        }
        Some(Quantity {
            value,
            unit: unit_found,
            noun,
            next,
        })
    }

    /// "(inclusive)", "inclusive", "exclusive" after a range.
    fn qualifier(&self, i: usize) -> (Option<bool>, usize) {
        for (words, exclusive) in [
            (&["(", "inclusive", ")"][..], false),
            (&["(", "exclusive", ")"][..], true),
            (&[",", "inclusive"][..], false),
            (&[",", "exclusive"][..], true),
            (&["inclusive"][..], false),
            (&["exclusive"][..], true),
        ] {
            if let Some(j) = self.seq(i, words) {
                return (Some(exclusive), j);
            }
        }
        (None, i)
    }
}

fn range(min: Option<ClaimBound>, max: Option<ClaimBound>, q: &[&Quantity]) -> ClaimKind {
    ClaimKind::Range {
        min,
        max,
        unit: q.iter().rev().find_map(|q| q.unit),
        noun: q.iter().rev().find_map(|q| q.noun.clone()),
    }
}

fn bound(value: f64, exclusive: bool) -> Option<ClaimBound> {
    Some(ClaimBound { value, exclusive })
}

const MIN_INCLUSIVE: &[&[&str]] = &[
    &["at", "least"],
    &["no", "less", "than"],
    &["not", "less", "than"],
    &["no", "fewer", "than"],
    &["not", "fewer", "than"],
    &["no", "smaller", "than"],
    &["greater", "than", "or", "equal", "to"],
    &["more", "than", "or", "equal", "to"],
    &["a", "minimum", "of"],
    &["minimum", "of"],
    &["minimum", "value", "of"],
    &["minimum", "is"],
    &["minimum", ":"],
    &["minimum"],
    &["min", "."],
    &["min"],
    &["≥"],
    &[">", "="],
];

const MAX_INCLUSIVE: &[&[&str]] = &[
    &["at", "most"],
    &["no", "more", "than"],
    &["not", "more", "than"],
    &["no", "greater", "than"],
    &["no", "larger", "than"],
    &["no", "higher", "than"],
    &["less", "than", "or", "equal", "to"],
    &["up", "to", "and", "including"],
    &["up", "to"],
    &["a", "maximum", "of"],
    &["maximum", "of"],
    &["maximum", "value", "of"],
    &["maximum", "is"],
    &["maximum", ":"],
    &["maximum"],
    &["max", "."],
    &["max"],
    &["must", "not", "exceed"],
    &["may", "not", "exceed"],
    &["should", "not", "exceed"],
    &["cannot", "exceed"],
    &["can", "not", "exceed"],
    &["must", "never", "exceed"],
    &["not", "to", "exceed"],
    &["does", "not", "exceed"],
    &["not", "exceed"],
    &["≤"],
    &["<", "="],
];

const MAX_EXCLUSIVE: &[&[&str]] = &[
    &["less", "than"],
    &["fewer", "than"],
    &["lower", "than"],
    &["smaller", "than"],
    &["below"],
    &["<"],
];

const MIN_EXCLUSIVE: &[&[&str]] = &[
    &["greater", "than"],
    &["more", "than"],
    &["larger", "than"],
    &["higher", "than"],
    &["above"],
    &[">"],
];

const RANGE_JOIN: &[&[&str]] = &[
    &["through"],
    &["thru"],
    &["to"],
    &["and"],
    &["–"],
    &["—"],
    &["-"],
];

/// A range or bound starting at token `i`.
fn range_at(s: &Sentence, i: usize) -> Option<Phrase> {
    // "from 1 through 5", "between 1 and 8 (inclusive)", "1 to 5", "1–5".
    let lead = s.any(i, &[&["from"], &["between"]]);
    if let Some(a) = s.quantity(lead.unwrap_or(i)) {
        let joined = if lead.is_some() {
            s.any(a.next, RANGE_JOIN)
        } else {
            s.any(
                a.next,
                &[&["through"], &["thru"], &["to"], &["–"], &["—"], &["-"]],
            )
        };
        if let Some(j) = joined
            && let Some(b) = s.quantity(j)
            && a.value <= b.value
            && (a.unit.is_none() || b.unit.is_none() || a.unit == b.unit)
        {
            let (excl, next) = s.qualifier(b.next);
            let excl = excl.unwrap_or(false);
            return Some(Phrase {
                kind: range(bound(a.value, excl), bound(b.value, excl), &[&a, &b]),
                first: i,
                last: next - 1,
            });
        }
        // "1 hour at least", "5 or more", "10 or fewer".
        if lead.is_none() {
            let min = s.any(
                a.next,
                &[
                    &["at", "least"],
                    &["or", "more"],
                    &["or", "greater"],
                    &["or", "higher"],
                    &["or", "above"],
                ],
            );
            let max = s.any(
                a.next,
                &[
                    &["at", "most"],
                    &["or", "less"],
                    &["or", "fewer"],
                    &["or", "lower"],
                    &["or", "below"],
                ],
            );
            if let Some(end) = min {
                return Some(Phrase {
                    kind: range(bound(a.value, false), None, &[&a]),
                    first: i,
                    last: end - 1,
                });
            }
            if let Some(end) = max {
                return Some(Phrase {
                    kind: range(None, bound(a.value, false), &[&a]),
                    first: i,
                    last: end - 1,
                });
            }
        }
    }
    for (patterns, upper, exclusive) in [
        (MIN_INCLUSIVE, false, false),
        (MAX_INCLUSIVE, true, false),
        (MAX_EXCLUSIVE, true, true),
        (MIN_EXCLUSIVE, false, true),
    ] {
        if let Some(j) = s.any(i, patterns)
            && let Some(q) = s.quantity(j)
        {
            let b = bound(q.value, exclusive);
            let (min, max) = if upper { (None, b) } else { (b, None) };
            return Some(Phrase {
                kind: range(min, max, &[&q]),
                first: i,
                last: q.next - 1,
            });
        }
    }
    // "positive integer", "must be positive", "non-negative".
    let sign_word = |w: &str| match w {
        "positive" => Some(true),
        "non-negative" | "nonnegative" => Some(false),
        _ => None,
    };
    let (strict, end) = if let Some(w) = s.word(i).and_then(sign_word) {
        (w, i)
    } else if let Some(j) = s.any(
        i,
        &[
            &["not", "negative"],
            &["zero", "or", "more"],
            &["zero", "or", "greater"],
        ],
    ) {
        (false, j - 1)
    } else {
        return None;
    };
    let before = i.checked_sub(1).and_then(|k| s.word(k));
    let after = s.word(end + 1);
    let about_value = matches!(
        before,
        Some("be" | "is" | "a" | "strictly" | "must" | "always")
    ) || matches!(
        after,
        Some("integer" | "integers" | "number" | "numbers" | "value" | "amount" | "whole")
    ) || s
        .t
        .get(end + 1)
        .is_none_or(|t| matches!(t.tok, Tok::Punct(_)));
    about_value.then(|| Phrase {
        kind: ClaimKind::Range {
            min: bound(0.0, strict),
            max: None,
            unit: None,
            noun: None,
        },
        first: i,
        last: end,
    })
}

fn default_value(t: &Token) -> Option<Value> {
    Some(match &t.tok {
        Tok::Num { value, .. } => number_value(*value),
        Tok::Word { lower, .. } if lower == "true" => Value::Bool(true),
        Tok::Word { lower, .. } if lower == "false" => Value::Bool(false),
        Tok::Word { lower, .. } if lower == "null" => Value::Null,
        Tok::Code(c) | Tok::Quote(c) => match c.as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            _ => match c.parse::<f64>() {
                Ok(v) if matches!(t.tok, Tok::Code(_)) => number_value(v),
                _ => Value::String(c.clone()),
            },
        },
        _ => return None,
    })
}

fn number_value(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 9e15 {
        Value::from(v as i64)
    } else {
        serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
    }
}

/// Requiredness, defaults, types, values, units and parameter names at `i`.
fn other_at(s: &Sentence, i: usize, conditional: bool) -> Option<Phrase> {
    let one = |kind, last| {
        Some(Phrase {
            kind,
            first: i,
            last,
        })
    };
    // Defaults: "defaults to 3", "default: false", "default is `relevance`", "(default 10)".
    if let Some(j) = s.any(
        i,
        &[
            &["defaults", "to"],
            &["default", "value", "is"],
            &["default", "is"],
            &["default", ":"],
            &["default", "="],
            &["default"],
            &["by", "default", "it", "is"],
        ],
    ) && let Some(v) = s.t.get(j).and_then(default_value)
    {
        let mut last = j;
        if matches!(s.t[j].tok, Tok::Num { .. })
            && let Some(q) = s.quantity(j)
        {
            last = q.next - 1;
        }
        return one(ClaimKind::Default(v), last);
    }
    // Optional.
    if let Some(j) = s.any(
        i,
        &[
            &["optional"],
            &["may", "be", "omitted"],
            &["can", "be", "omitted"],
            &["if", "omitted"],
            &["when", "omitted"],
            &["if", "not", "provided"],
            &["if", "not", "given"],
            &["if", "not", "specified"],
            &["if", "not", "set"],
            &["if", "not", "supplied"],
            &["if", "absent"],
            &["is", "not", "required"],
            &["not", "required"],
        ],
    ) {
        return one(ClaimKind::Optional, j - 1);
    }
    // Required, unless it depends on something ("required when `mode` is custom").
    if !conditional {
        let at_start = i == 0 || (i == 1 && s.t[0].is_punct('('));
        if let Some(j) = s.any(
            i,
            &[
                &["must", "be", "provided"],
                &["must", "be", "given"],
                &["must", "be", "supplied"],
                &["must", "be", "specified"],
                &["must", "be", "set"],
                &["must", "always", "be", "provided"],
                &["cannot", "be", "omitted"],
                &["is", "required"],
                &["is", "mandatory"],
                &["mandatory"],
                &["(", "required", ")"],
            ],
        ) {
            return one(ClaimKind::Required, j - 1);
        }
        if at_start && s.word(i) == Some("required") {
            return one(ClaimKind::Required, i);
        }
    }
    // Types.
    if let Some(j) = s.any(i, &[&["whole", "number"], &["integer"]]) {
        let negated = i.checked_sub(1).and_then(|k| s.word(k)) == Some("non");
        if !negated {
            return one(ClaimKind::Type(JsonType::Integer), j - 1);
        }
    }
    if let Some(j) = s.any(i, &[&["true", "or", "false"], &["boolean"]]) {
        return one(ClaimKind::Type(JsonType::Boolean), j - 1);
    }
    // Allowed values: "one of: a, b, c", "one of `a`, `b` or `c`", "either `a` or `b`".
    let at_least = i >= 2 && s.seq(i - 2, &["at", "least"]).is_some();
    if !at_least && let Some(j) = s.any(i, &[&["one", "of", ":"], &["one", "of"], &["either"]]) {
        let colon = s.t[j - 1].is_punct(':');
        let mut values = Vec::new();
        let mut k = j;
        let mut last = j;
        loop {
            let item = match &s.t.get(k)?.tok {
                Tok::Code(c) | Tok::Quote(c) => c.clone(),
                Tok::Word { orig, lower } if colon && !NOT_NOUN.contains(&lower.as_str()) => {
                    orig.clone()
                }
                Tok::Num { value, .. } if colon => crate::contract::format_number(*value),
                _ => break,
            };
            values.push(item);
            last = k;
            k += 1;
            if let Some(n) = s.any(k, &[&[",", "or"], &[",", "and"], &[","], &["or"], &["and"]]) {
                k = n;
            } else {
                break;
            }
        }
        if values.len() >= 2 {
            return one(ClaimKind::Values(values), last);
        }
    }
    // Units: "in millimetres", "(mm)".
    if let Some(j) = s.seq(i, &["in"])
        && let Some(u) = s.word(j).and_then(unit)
        && s.word(j) != Some("in")
        && s.t
            .get(j + 1)
            .is_none_or(|t| matches!(t.tok, Tok::Punct(_)))
    {
        return one(ClaimKind::Unit(u), j);
    }
    if s.t[i].is_punct('(')
        && let Some(u) = s.word(i + 1).and_then(unit)
        && s.t.get(i + 2).is_some_and(|t| t.is_punct(')'))
    {
        return one(ClaimKind::Unit(u), i + 2);
    }
    // A parameter named as such: "the `partySize` parameter".
    if let Tok::Code(c) = &s.t[i].tok
        && is_identifier(c)
        && matches!(
            s.word(i + 1),
            Some("parameter" | "param" | "argument" | "field" | "property" | "input")
        )
    {
        return one(ClaimKind::Parameter(c.clone()), i + 1);
    }
    None
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Side effects: "Read-only", "does not modify", "nothing is changed"; write verbs leading
/// a sentence.
fn effect_at(s: &Sentence, i: usize) -> Option<Phrase> {
    let one = |kind, last| {
        Some(Phrase {
            kind,
            first: i,
            last,
        })
    };
    let start = {
        let mut k = 0;
        for lead in [&["this", "tool"][..], &["the", "tool"], &["it"], &["this"]] {
            if let Some(j) = s.seq(0, lead) {
                k = j;
                break;
            }
        }
        k
    };
    let noun_use = matches!(
        s.word(i + 1),
        Some(
            "nothing"
                | "no"
                | "are"
                | "is"
                | "were"
                | "was"
                | "will"
                | "can"
                | "may"
                | "must"
                | "should"
                | "to"
                | "of"
                | "from"
        )
    );
    if i == start
        && !noun_use
        && let Some(w) = s.word(i)
        && WRITE_VERBS.contains(&w)
    {
        return one(ClaimKind::Writes(w.to_string()), i);
    }
    let read_only = s.any(i, &[&["read-only"], &["read", "only"], &["readonly"]]);
    if let Some(j) = read_only {
        let before = i.checked_sub(1).and_then(|k| s.word(k));
        let op = matches!(
            s.word(j),
            Some(
                "search"
                    | "query"
                    | "lookup"
                    | "operation"
                    | "tool"
                    | "call"
                    | "request"
                    | "action"
            )
        );
        // "Read-only: …" or "Read-only search", not "Read-only fields are ignored".
        let alone = s.t.get(j).is_none_or(|t| matches!(t.tok, Tok::Punct(_)));
        if (i == start && (alone || op))
            || matches!(before, Some("is" | "are"))
            || (matches!(before, Some("a" | "an")) && op)
        {
            return one(ClaimKind::ReadOnly, j - 1);
        }
    }
    let contrast =
        s.t.iter()
            .any(|t| matches!(t.word(), Some("but" | "instead" | "except" | "unless")));
    if !contrast {
        if let Some(j) = s.any(
            i,
            &[
                &["does", "not"],
                &["doesn't"],
                &["do", "not"],
                &["never"],
                &["will", "not"],
                &["won't"],
            ],
        ) && let Some(v) = s.word(j)
            && CHANGE_VERBS.contains(&v)
        {
            return one(ClaimKind::ReadOnly, j);
        }
        if let Some(j) = s.any(
            i,
            &[
                &["no", "side", "effects"],
                &["no", "side-effects"],
                &["without", "side", "effects"],
                &["side-effect", "free"],
                &["side-effect-free"],
                &["nothing", "is", "changed"],
                &["nothing", "is", "modified"],
                &["nothing", "is", "written"],
                &["makes", "no", "changes"],
                &["changes", "nothing"],
                &["only", "reads"],
            ],
        ) {
            return one(ClaimKind::ReadOnly, j - 1);
        }
    }
    None
}

/// Every claim in one sentence, left to right, never overlapping.
pub fn sentence(tokens: &[Token]) -> Vec<Phrase> {
    let s = Sentence { t: tokens };
    let conditional = tokens
        .iter()
        .any(|t| matches!(t.word(), Some("if" | "when" | "unless" | "only")))
        && tokens.iter().any(|t| t.word() == Some("required"))
        || tokens.windows(3).any(|w| {
            w[0].word() == Some("at")
                && w[1].word() == Some("least")
                && matches!(w[2].tok, Tok::Word { .. })
        });
    // A bound that holds only sometimes ("at most 10 when express is true") is not the
    // property's range.
    let conditional_range = tokens.iter().enumerate().any(|(k, t)| match t.word() {
        // "when folded", "when open" describe the thing measured, not a condition.
        Some("when") => !s.word(k + 1).is_some_and(|w| {
            w.ends_with("ed")
                || matches!(
                    w,
                    "open" | "closed" | "empty" | "full" | "new" | "assembled"
                )
        }),
        Some("unless" | "except" | "otherwise") => true,
        Some("if") => !matches!(s.word(k + 1), Some("omitted" | "not" | "absent")),
        _ => false,
    });
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let found = effect_at(&s, i)
            .or_else(|| (!conditional_range).then(|| range_at(&s, i)).flatten())
            .or_else(|| other_at(&s, i, conditional));
        match found {
            Some(p) => {
                i = p.last + 1;
                out.push(p);
            }
            None => i += 1,
        }
    }
    out
}
