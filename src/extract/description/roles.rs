//! The part each word of a sentence may play in naming whom a claim is about: a noun a type
//! word qualifies, a generic head noun, a linking word, a list joiner. Linking reads these
//! marks, never the words' vocabulary.

use super::sentence::{NOT_NOUN, Phrase};
use super::tokens::{Tok, Token};
use crate::contract::{ClaimKind, Word, WordText};

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

/// Words that may stand between a claim's subject and the claim ("`a` and `b` are
/// required", "… must both be provided").
const LINKING: &[&str] = &[
    "is", "are", "must", "should", "both", "be", "all", "always", "each", "also",
];

/// Words that end the clause of a noun a number counts ("at most 6 seats per show").
const CLAUSE_END: &[&str] = &["per", "at", "in", "for", "each", "and", "or"];

/// A token with its marks.
pub fn word(t: &Token) -> Word {
    let lower = t.word();
    let is = |list: &[&str]| lower.is_some_and(|w| list.contains(&w));
    Word {
        noun: lower.is_some() && !is(NOT_NOUN) && !is(NOT_QUALIFIED),
        head: is(HEADS),
        linking: is(LINKING),
        joiner: t.is_punct(',') || is(&["and", "or"]),
        article: is(&["the", "a", "an"]),
        or: lower == Some("or"),
        clause_end: matches!(t.tok, Tok::Punct(c) if c != '-') || is(CLAUSE_END),
        text: match &t.tok {
            Tok::Word { lower, orig } => WordText::Word {
                lower: lower.clone(),
                orig: orig.clone(),
            },
            Tok::Code(c) => WordText::Code(c.clone()),
            _ => WordText::Other,
        },
    }
}

/// A type word after a copula ("is an integer", "must be a whole number", "as an integer"):
/// a predicate, not a word qualifying the noun after it.
pub fn predicate(s: &[Token], p: &Phrase) -> bool {
    if !matches!(p.kind, ClaimKind::Type(_)) {
        return false;
    }
    let mut k = p.first;
    while k > 0 && s[k - 1].word().is_some_and(|w| BEFORE_TYPE.contains(&w)) {
        k -= 1;
    }
    k > 0
        && matches!(
            s[k - 1].word(),
            Some("is" | "are" | "be" | "as" | "was" | "were" | "must" | "should")
        )
}
