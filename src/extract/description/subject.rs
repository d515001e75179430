//! Whom a claim in a sentence is about, by where the properties are named around it: the
//! noun a type word qualifies ("an integer quantity"), or the property (or list of
//! properties joined by "and") named before the claim.

use super::sentence::{NOT_NOUN, Phrase};
use super::tokens::{Tok, Token};
use crate::contract::ClaimKind;

/// A property named in a sentence, over tokens `start..end`.
#[derive(Clone, Debug, PartialEq)]
pub struct Mention {
    pub name: String,
    pub start: usize,
    pub end: usize,
}

/// What a type word qualifies.
pub enum Noun<'m> {
    /// The property named right after it.
    Property(&'m Mention),
    /// Some other noun: the claim is about that thing, not about a property.
    Other,
    /// No noun: the word is a predicate ("quantity is an integer") or stands alone.
    None,
    /// No type at all: "boolean" before a noun other than a flag or value names Boolean
    /// logic ("boolean query syntax", "Boolean search"), not a true/false value.
    Term,
}

/// Nouns that name a value or a parameter itself, so a type word before them is its type
/// ("a boolean flag", "an integer value", "the boolean `express` option").
const HEADS: &[&str] = &[
    "flag",
    "flags",
    "value",
    "values",
    "field",
    "fields",
    "parameter",
    "parameters",
    "option",
    "options",
    "switch",
    "toggle",
    "setting",
    "argument",
    "arguments",
    "property",
    "input",
];

/// Words after a type word that are no noun it qualifies ("an integer between 1 and 5",
/// "an integer value").
const NOT_QUALIFIED: &[&str] = &[
    "between",
    "in",
    "within",
    "greater",
    "less",
    "larger",
    "smaller",
    "above",
    "below",
    "up",
    "over",
    "under",
    "value",
    "values",
    "number",
    "numbers",
    "not",
    "no",
    "type",
    "which",
    "equal",
    "representing",
    "indicating",
    "specifying",
    "denoting",
    "describing",
    "giving",
    "naming",
];

/// Words between a copula and its predicate type word ("must be a positive integer").
const BEFORE_TYPE: &[&str] = &[
    "a", "an", "the", "positive", "negative", "non", "-", "valid", "single", "strictly", "plain",
];

/// The noun a type claim qualifies: in "Requires sku and an integer quantity" the word is
/// about `quantity`, not about `sku` named before it. After a copula ("is an integer",
/// "must be a whole number", "as an integer") it is a predicate: [`Noun::None`].
pub fn attributive<'m>(s: &[Token], p: &Phrase, mentions: &'m [Mention]) -> Noun<'m> {
    // "(optional page/per_page)": about the property it qualifies.
    if p.kind == ClaimKind::Optional {
        return match mentions.iter().find(|m| m.start == p.last + 1) {
            Some(m) => Noun::Property(m),
            None => Noun::None,
        };
    }
    if !matches!(p.kind, ClaimKind::Type(_)) {
        return Noun::None;
    }
    let mut k = p.first;
    while k > 0 && s[k - 1].word().is_some_and(|w| BEFORE_TYPE.contains(&w)) {
        k -= 1;
    }
    let copula = k > 0
        && matches!(
            s[k - 1].word(),
            Some("is" | "are" | "be" | "as" | "was" | "were" | "must" | "should")
        );
    if copula {
        return Noun::None;
    }
    let noun = |i: usize| match s.get(i).map(|t| &t.tok) {
        Some(Tok::Word { lower, .. }) => {
            !NOT_NOUN.contains(&lower.as_str()) && !NOT_QUALIFIED.contains(&lower.as_str())
        }
        _ => false,
    };
    let head = |i: usize| {
        s.get(i)
            .and_then(Token::word)
            .is_some_and(|w| HEADS.contains(&w))
    };
    let boolean = p.kind == ClaimKind::Type(crate::contract::JsonType::Boolean);
    let next = p.last + 1;
    if let Some(m) = mentions.iter().find(|m| m.start == next) {
        // The property's name is the head noun, or a generic head follows it.
        return match (noun(m.end) && !head(m.end), boolean) {
            (false, false) => Noun::Property(m),
            (false, true) if head(m.end) => Noun::Property(m),
            (_, true) => Noun::Term,
            // "an integer quantity limit": about the limit.
            (true, false) => Noun::Other,
        };
    }
    match (noun(next), boolean && !head(next)) {
        (true, true) => Noun::Term,
        (true, false) => Noun::Other,
        (false, _) => Noun::None,
    }
}

/// Words that may stand between a claim's subject and the claim ("`a` and `b` are
/// required", "… must both be provided").
const LINKING: &[&str] = &[
    "is", "are", "must", "should", "both", "be", "all", "always", "each", "also",
];

/// The properties a claim after them is about: the nearest named before it, or each of a
/// list joined by "and" and commas ("Both `sku` and `quantity` are required") when only
/// linking words stand between the list and the claim. `None` for a list of alternatives
/// ("sku or quantity is required"): the claim holds for neither alone. Empty when no
/// property is named before the claim.
pub fn before(s: &[Token], p: &Phrase, mentions: &[Mention]) -> Option<Vec<String>> {
    let Some(last) = mentions
        .iter()
        .filter(|m| m.start <= p.first)
        .max_by_key(|m| m.start)
    else {
        return Some(Vec::new());
    };
    let linked = (last.end..p.first).all(|k| s[k].word().is_some_and(|w| LINKING.contains(&w)));
    if !linked {
        return Some(vec![last.name.clone()]);
    }
    let mut list = vec![last];
    let mut alternatives = false;
    while let Some(prev) = mentions
        .iter()
        .filter(|m| m.end <= list[list.len() - 1].start)
        .max_by_key(|m| m.end)
    {
        let gap = &s[prev.end..list[list.len() - 1].start];
        let joiner = |t: &Token| t.is_punct(',') || matches!(t.word(), Some("and" | "or"));
        let only_joiners = gap
            .iter()
            .all(|t| joiner(t) || matches!(t.word(), Some("the" | "a" | "an")));
        if !only_joiners || !gap.iter().any(joiner) {
            break;
        }
        alternatives |= gap.iter().any(|t| t.word() == Some("or"));
        list.push(prev);
    }
    if list.len() > 1 && alternatives {
        return None;
    }
    Some(list.iter().rev().map(|m| m.name.clone()).collect())
}

/// What a bound's number counts when a plural noun follows it that names no property
/// ("up to 25,000 rows"): the one property whose name has that word (`row_limit`), or, with
/// none or several, `Some(None)`: the bound is about that thing, not a property named earlier.
/// `None` when the number counts no such noun.
pub fn counted_noun(
    s: &[Token],
    p: &Phrase,
    mentions: &[Mention],
    words: &[(&str, Vec<String>)],
) -> Option<Option<String>> {
    let ClaimKind::Range { unit: None, .. } = p.kind else {
        return None;
    };
    let noun = s.get(p.last)?.word()?;
    let counts = p.last > 0 && matches!(s[p.last - 1].tok, Tok::Num { .. });
    if !counts || mentions.iter().any(|m| m.start <= p.last && p.last < m.end) {
        return None;
    }
    let singular = noun.strip_suffix('s')?;
    let mut having = words
        .iter()
        .filter(|(_, w)| w.iter().any(|w| w == singular));
    Some(match (having.next(), having.next()) {
        (Some((name, _)), None) => Some(name.to_string()),
        _ => None,
    })
}

/// The property a bound's number counts, named by the noun after it that ends the clause:
/// "you may hold at most 6 seats" bounds `seats`; "shows with at most 6 seats left" describes
/// shows, and "at most 6 results" names no property.
pub fn counted(s: &[Token], p: &Phrase, mentions: &[Mention]) -> Option<String> {
    if !matches!(p.kind, ClaimKind::Range { .. }) {
        return None;
    }
    let m = mentions
        .iter()
        .find(|m| m.start > p.first && m.end == p.last + 1)?;
    let ends = s.get(m.end).is_none_or(|t| {
        matches!(t.tok, Tok::Punct(c) if c != '-')
            || matches!(
                t.word(),
                Some("per" | "at" | "in" | "for" | "each" | "and" | "or")
            )
    });
    ends.then(|| m.name.clone())
}
