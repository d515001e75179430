//! Limits stated in the literal of an error message (`"quantity must be from 1 through
//! 5"`), read at extraction so R014 only compares them with the schema.

use crate::contract::Stated;

/// Words before an upper / lower limit that exclude the limit itself.
const BELOW: &[&str] = &["less than", "fewer than", "below", "under", "<"];
const ABOVE: &[&str] = &["more than", "greater than", "above", "over", ">"];

/// The limits a message states: (lower, upper).
pub fn stated(text: &str) -> (Stated, Stated) {
    let lower = text.to_lowercase();
    let mut nums: Vec<(usize, f64)> = Vec::new();
    let bytes: Vec<char> = lower.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == '.') {
                i += 1;
            }
            let s: String = bytes[start..i].iter().collect();
            // "-1" standing alone is negative; "1-5" is a range.
            let negative = start > 0
                && bytes[start - 1] == '-'
                && (start == 1 || !bytes[start - 2].is_alphanumeric());
            if let Ok(v) = s.trim_end_matches('.').parse::<f64>() {
                match negative {
                    true => nums.push((start - 1, -v)),
                    false => nums.push((start, v)),
                }
            }
        } else {
            i += 1;
        }
    }
    let before = |at: usize| bytes[..at].iter().collect::<String>();
    // What comes before one of `words` ending the text before `at`: "less than 6", but not
    // "not less than 6" (a negated limit is left unread).
    let lead = |at: usize, words: &[&str]| -> Option<String> {
        let b = before(at);
        let b = b.trim_end();
        words.iter().find_map(|w| {
            let rest = b.strip_suffix(w)?;
            let negated = rest
                .split_whitespace()
                .rev()
                .take(2)
                .any(|word| ["not", "no", "never"].contains(&word) || word.ends_with("n't"));
            (!negated).then(|| rest.to_string())
        })
    };
    let ends = |at: usize, words: &[&str]| lead(at, words).is_some();
    // "level 150 is above 100" reports the value it refuses, where "must be above 100"
    // states the requirement: the limit is then the other side of the comparison.
    let reports = |at: usize, words: &[&str]| {
        lead(at, words).is_some_and(|rest| {
            matches!(
                rest.split_whitespace().next_back(),
                Some("is" | "are" | "was" | "were")
            )
        })
    };
    // "must be -1, 0 or 1": values listed one by one are a set, no range.
    let listed = matches!(nums.as_slice(), [_, (at_b, _), ..]
        if before(*at_b).trim_end().ends_with(','));
    if listed {
        return (None, None);
    }
    match nums.as_slice() {
        [(at_a, a), (at_b, b), ..]
            if ["from", "between", " to ", "through", "-", "..", "and"]
                .iter()
                .any(|w| lower.contains(w)) =>
        {
            let lo_excl = ends(*at_a, ABOVE);
            (Some((*a, lo_excl)), Some((*b, ends(*at_b, BELOW))))
        }
        [(at, v)] => {
            let b = before(*at);
            let b = b.trim_end();
            if [
                "at most",
                "no more than",
                "up to",
                "maximum",
                "max",
                "not exceed",
                "exceed",
                "<=",
            ]
            .iter()
            .any(|w| b.ends_with(w))
            {
                (None, Some((*v, false)))
            } else if ["at least", "minimum", "min", ">="]
                .iter()
                .any(|w| b.ends_with(w))
            {
                (Some((*v, false)), None)
            } else if ends(*at, BELOW) {
                match reports(*at, BELOW) {
                    // "count is below 1": the value received, refused; 1 is the least allowed.
                    true => (Some((*v, false)), None),
                    false => (None, Some((*v, true))),
                }
            } else if ends(*at, ABOVE) {
                match reports(*at, ABOVE) {
                    true => (None, Some((*v, false))),
                    false => (Some((*v, true)), None),
                }
            } else {
                (None, None)
            }
        }
        _ => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::stated;

    #[test]
    fn reads_ranges_and_single_limits() {
        assert_eq!(
            stated("Quantity must be an integer from 1 through 5."),
            (Some((1.0, false)), Some((5.0, false)))
        );
        assert_eq!(stated("at most 10 items"), (None, Some((10.0, false))));
        assert_eq!(stated("must be at least 2"), (Some((2.0, false)), None));
        assert_eq!(stated("error 42 happened"), (None, None));
        assert_eq!(
            stated("quantity must be at least 1 and less than 6"),
            (Some((1.0, false)), Some((6.0, true)))
        );
        assert_eq!(stated("must be less than 6"), (None, Some((6.0, true))));
        assert_eq!(stated("no more than 80 mm"), (None, Some((80.0, false))));
        assert_eq!(stated("must not be less than 1"), (None, None));
        assert_eq!(stated("must not be over 5"), (None, None));
        assert_eq!(
            stated("mixer level is above 100"),
            (None, Some((100.0, false)))
        );
        assert_eq!(stated("the count is below 1"), (Some((1.0, false)), None));
        assert_eq!(stated("must be above 0"), (Some((0.0, true)), None));
        assert_eq!(stated("must be -1, 0 or 1"), (None, None));
        assert_eq!(
            stated("offset must be from -10 to 10"),
            (Some((-10.0, false)), Some((10.0, false)))
        );
        assert_eq!(
            stated("must be between 1-5"),
            (Some((1.0, false)), Some((5.0, false)))
        );
    }
}
