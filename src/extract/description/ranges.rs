//! Bounds in prose: "from 1 through 5", "between 1 and 8 (inclusive)", "at least 1,200 mm",
//! "no more than 80", "less than 10", "5 or more", "positive", "non-negative".

use super::sentence::{Phrase, Quantity, Sentence};
use super::tokens::Tok;
use crate::contract::{ClaimBound, ClaimKind};

/// A range claim, with the unit of the last number that has one.
fn range(min: Option<ClaimBound>, max: Option<ClaimBound>, q: &[&Quantity]) -> ClaimKind {
    ClaimKind::Range {
        min,
        max,
        unit: q.iter().rev().find_map(|q| q.unit),
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
    &["min", ":"],
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
    &["max", ":"],
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

/// Past a short parenthesised gloss of words at `k` ("(very low)"), else `k`.
fn skip_gloss(s: &Sentence, k: usize) -> usize {
    if !s.t.get(k).is_some_and(|t| t.is_punct('(')) {
        return k;
    }
    for j in k + 1..(k + 6).min(s.t.len()) {
        if s.t[j].is_punct(')') {
            return if j > k + 1 { j + 1 } else { k };
        }
        if s.word(j).is_none() {
            return k;
        }
    }
    k
}

/// A range or bound starting at token `i`.
pub fn range_at(s: &Sentence, i: usize) -> Option<Phrase> {
    // "e.g. 4 to 6", "such as 2 to 3": an example value, not a bound.
    let example = (i.saturating_sub(3)..i).any(|k| {
        matches!(s.word(k), Some("e.g." | "eg" | "example" | "like"))
            || s.seq(k, &["such", "as"]).is_some()
    });
    if example {
        return None;
    }
    // "from 1 through 5", "between 1 and 8 (inclusive)", "1 to 5", "1–5".
    let lead = s.any(i, &[&["from"], &["between"]]);
    if let Some(a) = s.quantity(lead.unwrap_or(i)) {
        // "1 (very low) to 6 (major)": a gloss naming what the first value means.
        let after = skip_gloss(s, a.next);
        let joined = if lead.is_some() {
            s.any(after, RANGE_JOIN)
        } else {
            s.any(
                after,
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
    let (strict, end) = if let Some(j) = s.any(
        i,
        &[&["positive", "or", "zero"], &["zero", "or", "positive"]],
    ) {
        (false, j - 1)
    } else if let Some(w) = s.word(i).and_then(sign_word) {
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
        // "(positive = y leads x)", "positive: later" say what a sign means.
        .is_none_or(|t| matches!(t.tok, Tok::Punct(c) if !matches!(c, '=' | ':' | '>')));
    about_value.then(|| Phrase {
        kind: ClaimKind::Range {
            min: bound(0.0, strict),
            max: None,
            unit: None,
        },
        first: i,
        last: end,
    })
}
