//! Claims about how a whole description is worded, beside the phrase-level claims of the
//! sentence reader: whether a property's limit reads as inclusive or exclusive, and whether
//! a text speaks of adjusting values, with the numbers it states.

use crate::contract::ClaimKind;

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

const ADJUSTING: &[&str] = &[
    "cap",
    "clamp",
    "limited to",
    "reduced",
    "truncat",
    "lowered",
];

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

/// The numbers a text states, as written, and whether it speaks of adjusting values.
pub fn numbers(text: &str) -> Option<ClaimKind> {
    let adjusting = {
        let lowered = text.to_lowercase();
        ADJUSTING.iter().any(|w| lowered.contains(w))
    };
    let numbers: Vec<String> = text
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter(|w| w.bytes().any(|b| b.is_ascii_digit()))
        .map(str::to_string)
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

    #[test]
    fn numbers_and_adjusting_wording() {
        assert_eq!(
            numbers("Values above 100 are capped at 100."),
            Some(ClaimKind::CapWording {
                numbers: vec!["100".into(), "100.".into()]
            })
        );
        assert_eq!(
            numbers("Between 1 and 50"),
            Some(ClaimKind::Numbers(vec!["1".into(), "50".into()]))
        );
        assert_eq!(numbers("No numbers here."), None);
        assert_eq!(
            numbers("Long text is truncated"),
            Some(ClaimKind::CapWording { numbers: vec![] })
        );
    }
}
