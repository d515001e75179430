//! Claims about how a whole description is worded, beside the phrase-level claims of the
//! sentence reader: whether a property's limit reads as inclusive or exclusive, and whether
//! a text speaks of adjusting values, with the numbers it states.

use super::tokens::{Tok, Token};
use crate::contract::{ClaimKind, format_number};

const INCLUSIVE: &[&str] = &[
    "no more than",
    "not more than",
    "at most",
    "up to",
    "or less",
    "or fewer",
    "no less than",
    "not less than",
    "at least",
    "or more",
    "inclusive",
    "largest acceptable",
    "smallest acceptable",
    "maximum acceptable",
    "minimum acceptable",
];

const EXCLUSIVE: &[&str] = &[
    "less than",
    "fewer than",
    "more than",
    "greater than",
    "below",
    "under ",
    "above",
    "strictly",
    "exclusive",
];

/// Words that speak of adjusting a value, matched as the start of a whole word: "capped",
/// "clamps", "truncated", but not the "cap" of "capture" or "escape".
const ADJUSTING: &[&str] = &["cap", "clamp", "limited", "reduced", "truncat", "lowered"];

/// Whether a word is a form of an adjusting word ("cap" as "cap", "caps", "capped",
/// "capping"; the others as any word they start).
fn adjusting(word: &str) -> bool {
    ADJUSTING.iter().any(|a| match *a {
        "cap" => matches!(word, "cap" | "caps" | "capped" | "capping"),
        _ => word.starts_with(a),
    })
}

/// How a property's own description words its limit; inclusive wording wins over
/// exclusive ("no more than" contains "more than").
pub fn limit(text: &str) -> Option<ClaimKind> {
    let text = text.to_lowercase();
    let inclusive = if INCLUSIVE.iter().any(|w| text.contains(w)) {
        true
    } else if EXCLUSIVE.iter().any(|w| text.contains(w)) {
        false
    } else {
        return None;
    };
    Some(ClaimKind::LimitWording { inclusive })
}

/// The quantities a text states (as the tokenizer reads them: not versions or dates), and
/// whether it speaks of adjusting values.
pub fn numbers(tokens: &[Token]) -> Option<ClaimKind> {
    let adjusting = tokens
        .iter()
        .filter_map(Token::word)
        .any(|w| w.split(|c: char| !c.is_alphabetic()).any(adjusting));
    let numbers: Vec<String> = tokens
        .iter()
        .filter_map(|t| match t.tok {
            Tok::Num { value, .. } => Some(format_number(value)),
            _ => None,
        })
        .collect();
    match (adjusting, numbers.is_empty()) {
        (true, _) => Some(ClaimKind::CapWording { numbers }),
        (false, false) => Some(ClaimKind::Numbers(numbers)),
        (false, true) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_as_people_mean_them() {
        let incl = Some(ClaimKind::LimitWording { inclusive: true });
        let excl = Some(ClaimKind::LimitWording { inclusive: false });
        assert_eq!(limit("No more than 80 mm thick"), incl);
        assert_eq!(limit("Largest acceptable folded thickness"), incl);
        assert_eq!(limit("Must be less than 80"), excl);
        assert_eq!(limit("Strictly below the limit"), excl);
        assert_eq!(limit("Folded thickness in millimetres"), None);
    }

    fn numbers(text: &str) -> Option<ClaimKind> {
        super::numbers(&super::super::tokens::tokenize(text))
    }

    #[test]
    fn numbers_and_adjusting_wording() {
        assert_eq!(
            numbers("Values above 100 are capped at 100."),
            Some(ClaimKind::CapWording {
                numbers: vec!["100".into(), "100".into()]
            })
        );
        assert_eq!(
            numbers("Between 1 and 50"),
            Some(ClaimKind::Numbers(vec!["1".into(), "50".into()]))
        );
        assert_eq!(numbers("No numbers here."), None);
        assert_eq!(
            numbers("Capture up to 600 seconds of output."),
            Some(ClaimKind::Numbers(vec!["600".into()]))
        );
        assert_eq!(
            numbers("Default 10, hard-capped at 60."),
            Some(ClaimKind::CapWording {
                numbers: vec!["10".into(), "60".into()]
            })
        );
        assert_eq!(
            numbers("Maximum results. Clamped to 1..=25."),
            Some(ClaimKind::CapWording {
                numbers: vec!["1".into(), "25".into()]
            })
        );
        assert_eq!(
            numbers("A ratio from 0.5 to 2.25."),
            Some(ClaimKind::Numbers(vec!["0.5".into(), "2.25".into()]))
        );
        assert_eq!(
            numbers("Long text is truncated"),
            Some(ClaimKind::CapWording { numbers: vec![] })
        );
    }
}
