//! Sentences that leave a listed set of values open: the text itself says other values are
//! taken ("Anything else is ignored", "any other value returns all"), how to make more of
//! them from the listed ones ("Prefix with `-` for descending"), or that the value joins
//! several of them ("comma-separated", "in any combination"). A list beside such a sentence
//! names some of the values a property takes, not the only ones.

use super::sentence::Sentence;
use super::tokens::Token;

/// Whether the sentence leaves the values its text lists open.
pub fn opens(t: &[Token]) -> bool {
    let s = Sentence { t };
    let refused = t.iter().any(|t| {
        matches!(
            t.word(),
            Some(
                "rejected"
                    | "rejects"
                    | "refused"
                    | "invalid"
                    | "error"
                    | "errors"
                    | "fail"
                    | "fails"
                    | "disallowed"
                    | "forbidden"
                    | "not"
            )
        )
    });
    (0..t.len()).any(|k| (!refused && others_served(&s, k)) || extends(&s, k) || joins(&s, k))
}

/// "Anything else", "any other value", "all other values": what the text says of values
/// outside its list, which (unless refused) are served.
fn others_served(s: &Sentence, k: usize) -> bool {
    s.any(
        k,
        &[
            &["anything", "else"],
            &["everything", "else"],
            &["any", "other"],
            &["all", "other"],
            &["other", "values"],
            &["unknown", "values"],
            &["unrecognized", "values"],
            &["unrecognised", "values"],
        ],
    )
    .is_some()
}

/// "Prefix with `-` for descending", "prepend `!` to negate", "may be suffixed by `?`": a
/// listed value changed into another the text accepts.
fn extends(s: &Sentence, k: usize) -> bool {
    matches!(
        s.word(k),
        Some("prefix" | "prefixed" | "prepend" | "suffix" | "suffixed" | "append")
    ) && (k + 1..(k + 4).min(s.t.len())).any(|j| matches!(s.word(j), Some("with" | "by" | "to")))
}

/// "comma-separated", "separated by commas", "in any combination": the value joins several
/// listed items, so no one of them is the whole value.
fn joins(s: &Sentence, k: usize) -> bool {
    matches!(
        s.word(k),
        Some("comma-separated" | "comma-delimited" | "space-separated" | "pipe-separated")
    ) || s
        .any(
            k,
            &[
                &["comma", "separated"],
                &["separated", "by"],
                &["delimited", "by"],
                &["any", "combination"],
            ],
        )
        .is_some()
}
