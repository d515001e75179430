//! Whom a claim in a sentence is about, by where the properties are named around it: the
//! noun a type word qualifies ("an integer quantity"), or the property (or list of
//! properties joined by "and") named before the claim. The words' parts (noun, linking
//! word, joiner) were decided by the description reader; this only counts positions.

use crate::contract::{ClaimKind, JsonType, Unresolved, Word};

/// A property named in a sentence, over tokens `start..end`.
#[derive(Clone, Debug, PartialEq)]
pub struct Mention<'a> {
    pub name: &'a str,
    pub start: usize,
    pub end: usize,
}

/// What a type word qualifies.
pub enum Noun<'m, 'a> {
    /// The property named right after it.
    Property(&'m Mention<'a>),
    /// Some other noun: the claim is about that thing, not about a property.
    Other,
    /// No noun: the word is a predicate ("quantity is an integer") or stands alone.
    None,
    /// No type at all: "boolean" before a noun other than a flag or value names Boolean
    /// logic ("boolean query syntax", "Boolean search"), not a true/false value.
    Term,
}

/// The noun a type claim qualifies: in "Requires sku and an integer quantity" the word is
/// about `quantity`, not about `sku` named before it. After a copula ("is an integer",
/// "must be a whole number", "as an integer") it is a predicate: [`Noun::None`].
pub fn attributive<'m, 'a>(
    s: &[Word],
    p: &Unresolved,
    mentions: &'m [Mention<'a>],
) -> Noun<'m, 'a> {
    // "(optional page/per_page)": about the property it qualifies.
    if p.kind == ClaimKind::Optional {
        return match mentions.iter().find(|m| m.start == p.last + 1) {
            Some(m) => Noun::Property(m),
            None => Noun::None,
        };
    }
    if !matches!(p.kind, ClaimKind::Type(_)) || p.predicate {
        return Noun::None;
    }
    let noun = |i: usize| s.get(i).is_some_and(|w| w.noun);
    let head = |i: usize| s.get(i).is_some_and(|w| w.head);
    let boolean = p.kind == ClaimKind::Type(JsonType::Boolean);
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

/// The properties a list names for a claim.
#[derive(Debug, PartialEq)]
pub enum Listed<'a> {
    /// The claim holds for each (none named: for no property).
    Each(Vec<&'a str>),
    /// Alternatives ("sku or quantity is required"): the claim holds for none alone.
    Alternatives(Vec<&'a str>),
}

/// The properties a claim after them is about: the nearest named before it, or each of a
/// list joined by "and" and commas ("Both `sku` and `quantity` are required") when only
/// linking words stand between the list and the claim, or a list of alternatives.
pub fn before<'a>(s: &[Word], p: &Unresolved, mentions: &[Mention<'a>]) -> Listed<'a> {
    let Some(last) = mentions
        .iter()
        .filter(|m| m.start <= p.first)
        .max_by_key(|m| m.start)
    else {
        return Listed::Each(Vec::new());
    };
    let linked = (last.end..p.first).all(|k| s[k].linking);
    // "Supports FTS5 query syntax: .., boolean (AND, OR, NOT)": a name qualifying the noun
    // after it names that thing, so a type word further on is not about the property.
    let qualifies = s.get(last.end).is_some_and(|w| w.noun && !w.head);
    if !linked && qualifies && matches!(p.kind, ClaimKind::Type(_)) {
        return Listed::Each(Vec::new());
    }
    if !linked {
        return Listed::Each(vec![last.name]);
    }
    let mut list = vec![last];
    let mut alternatives = false;
    while let Some(prev) = mentions
        .iter()
        .filter(|m| m.end <= list[list.len() - 1].start)
        .max_by_key(|m| m.end)
    {
        let gap = &s[prev.end..list[list.len() - 1].start];
        let only_joiners = gap.iter().all(|t| t.joiner || t.article);
        if !only_joiners || !gap.iter().any(|t| t.joiner) {
            break;
        }
        alternatives |= gap.iter().any(|t| t.or);
        list.push(prev);
    }
    let names = list.iter().rev().map(|m| m.name).collect();
    if list.len() > 1 && alternatives {
        return Listed::Alternatives(names);
    }
    Listed::Each(names)
}

/// What a bound's number counts when a plural noun follows it that names no property
/// ("up to 25,000 rows"): the one property whose name has that word (`row_limit`), or, with
/// none or several, `Some(None)`: the bound is about that thing, not a property named earlier.
/// `None` when the number counts no such noun.
pub fn counted_noun<'a>(
    p: &Unresolved,
    mentions: &[Mention],
    words: &[(&'a str, Vec<String>)],
) -> Option<Option<&'a str>> {
    let singular = p.counts.as_deref()?;
    if mentions.iter().any(|m| m.start <= p.last && p.last < m.end) {
        return None;
    }
    let mut having = words
        .iter()
        .filter(|(_, w)| w.iter().any(|w| w == singular));
    Some(match (having.next(), having.next()) {
        (Some((name, _)), None) => Some(*name),
        _ => None,
    })
}

/// The property a bound's number counts, named by the noun after it that ends the clause:
/// "you may hold at most 6 seats" bounds `seats`; "shows with at most 6 seats left" describes
/// shows, and "at most 6 results" names no property.
pub fn counted<'a>(s: &[Word], p: &Unresolved, mentions: &[Mention<'a>]) -> Option<&'a str> {
    if !matches!(p.kind, ClaimKind::Range { .. }) {
        return None;
    }
    let m = mentions
        .iter()
        .find(|m| m.start > p.first && m.end == p.last + 1)?;
    let ends = s.get(m.end).is_none_or(|t| t.clause_end);
    ends.then_some(m.name)
}

/// The properties listed right after a claim whose subjects follow it ("Requires `sku` and
/// `quantity`", "Required: sku, quantity"): the first one named after it, then each joined
/// by commas or "and"; articles, head nouns ("the `sku` field") and the words of other
/// claims ("an integer quantity") may stand between. A list joined by "or" is of
/// alternatives ("Requires sku or a barcode").
pub fn after<'a>(
    s: &[Word],
    p: &Unresolved,
    claims: &[Unresolved],
    mentions: &[Mention<'a>],
) -> Listed<'a> {
    let covered = |k: usize| claims.iter().any(|c| c.first <= k && k <= c.last);
    let mut list = Vec::new();
    let (mut joined, mut alternatives) = (true, false);
    // A list is read for at most 64 words: a long sentence costs each claim that, not the
    // rest of the sentence.
    let mut k = p.last + 1;
    while k < s.len().min(p.last + 65) {
        if let Some(m) = mentions.iter().find(|m| m.start == k).filter(|_| joined) {
            // "Requires an integer quantity limit": the name qualifies another noun.
            if s.get(m.end).is_some_and(|w| w.noun && !w.head) {
                break;
            }
            list.push(m.name);
            joined = false;
            k = m.end;
        } else if s[k].joiner && !list.is_empty() {
            joined = true;
            alternatives |= s[k].or;
            k += 1;
        } else if s[k].article || s[k].head || covered(k) {
            k += 1;
        } else {
            break;
        }
    }
    if alternatives {
        Listed::Alternatives(list)
    } else {
        Listed::Each(list)
    }
}
