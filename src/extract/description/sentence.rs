//! Matching words against one sentence of tokens: fixed word sequences, and numbers with
//! the unit or noun that follows them.

use super::tokens::{Tok, Token};
use crate::contract::{ClaimKind, Unit};

/// A claim found in a sentence: its kind and the token range `first..last` it covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Phrase {
    pub kind: ClaimKind,
    pub first: usize,
    pub last: usize,
}

/// Words after a number that are grammar, not what the number counts.
/// Units of data size.
const DATA_SIZE: &[&str] = &[
    "byte",
    "bytes",
    "kb",
    "kib",
    "kilobytes",
    "mb",
    "mib",
    "megabytes",
    "gb",
    "gib",
    "gigabytes",
    "tb",
    "tib",
    "terabytes",
];

pub const NOT_NOUN: &[&str] = &[
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

pub struct Sentence<'a> {
    pub t: &'a [Token],
}

/// A number with the unit after it; `next` is the token after the number and its unit or
/// counted noun ("20 SKUs").
pub struct Quantity {
    pub value: f64,
    pub unit: Option<Unit>,
    pub next: usize,
}

impl Sentence<'_> {
    pub fn word(&self, i: usize) -> Option<&str> {
        self.t.get(i).and_then(Token::word)
    }

    /// Match a sequence of words (or one-character punctuation) at `i`; the next index.
    pub fn seq(&self, i: usize, pattern: &[&str]) -> Option<usize> {
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

    pub fn any(&self, i: usize, patterns: &[&[&str]]) -> Option<usize> {
        patterns.iter().find_map(|p| self.seq(i, p))
    }

    /// A number at `i`, with its unit or counted noun. Years without a unit, and counts of
    /// a part ("at least 2 of the fields") are not quantities of the property.
    pub fn quantity(&self, i: usize) -> Option<Quantity> {
        let Tok::Num { value, year } = self.t.get(i)?.tok else {
            return None;
        };
        let mut next = i + 1;
        let mut unit_found = None;
        if self.t.get(next).is_some_and(|t| t.is_punct('%')) {
            unit_found = Some(Unit::Percent);
            next += 1;
        } else if let Some(w) = self.word(next) {
            let at_end = self
                .t
                .get(next + 1)
                .is_none_or(|t| matches!(t.tok, Tok::Punct(_)));
            if let Some(u) = Unit::from_word(w).filter(|_| w != "in" || at_end) {
                unit_found = Some(u);
                next += 1;
            } else if !NOT_NOUN.contains(&w) && w.ends_with('s') {
                next += 1;
            }
        }
        if year && unit_found.is_none() {
            return None;
        }
        // "8MB", "10 KiB": a size in bytes, which no count, length or value of a property
        // is compared in here.
        if unit_found.is_none() && self.word(i + 1).is_some_and(|w| DATA_SIZE.contains(&w)) {
            return None;
        }
        if matches!(self.word(next), Some("of" | "per" | "each" | "a" | "an")) {
            return None;
        }
        Some(Quantity {
            value,
            unit: unit_found,
            next,
        })
    }

    /// "(inclusive)", "inclusive", "exclusive" after a range.
    pub fn qualifier(&self, i: usize) -> (Option<bool>, usize) {
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
