//! The phrase grammar: which word sequences make a claim. Works on one sentence of
//! tokens at a time and records what the words say, never whether it is right.

use super::ranges::range_at;
use super::sentence::{NOT_NOUN, Phrase, Sentence};
use super::side_effects::{contrast, effect_at};
use super::tokens::{Tok, Token};
use crate::contract::{ClaimKind, JsonType, SubjectAt, Unit};
use serde_json::Value;

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

/// A default stated for some cases only: "(default: false in compact mode)", "true for
/// csv", "10 when sorting by date"; not "10 if omitted", which restates what a default is.
fn scoped(s: &Sentence, at: usize) -> bool {
    let restates = matches!(
        s.word(at + 1),
        Some("omitted" | "absent" | "missing" | "unset" | "unspecified" | "not" | "none" | "empty")
    );
    matches!(
        s.word(at),
        Some("in" | "for" | "when" | "if" | "unless" | "under" | "on")
    ) && !restates
}

/// "Required with `relative_to`", "required for password auth", "required only in bulk
/// mode": required in some cases, which a plain `required` list cannot say; no claim.
/// Whether the type words at `i..j` are one item of a list of types ("JSON (string, number,
/// boolean)", "a string or an integer"): the value is any of them, which no one type claims.
/// `same` are words that name the same type again ("integer number").
fn among_types(s: &Sentence, i: usize, j: usize, same: &[&str]) -> bool {
    const TYPES: &[&str] = &[
        "string", "strings", "number", "numbers", "integer", "integers", "boolean", "booleans",
        "object", "objects", "array", "arrays", "null",
    ];
    (i.saturating_sub(4)..j + 4)
        .filter(|k| !(i..j).contains(k))
        .filter_map(|k| s.word(k))
        .any(|w| TYPES.contains(&w) && !same.contains(&w))
        || alternative_follows(s, j)
        || alternative_precedes(s, i)
}

/// Whether the type word at `i..` is the second of two kinds of value: "either an ISO-8601
/// timestamp or a positive integer", "a name or an integer id". Not "zero or a positive
/// integer", which is one kind.
fn alternative_precedes(s: &Sentence, i: usize) -> bool {
    let mut k = i;
    for _ in 0..3 {
        let Some(prev) = k.checked_sub(1) else {
            return false;
        };
        match s.word(prev) {
            Some("a" | "an" | "positive" | "non-negative" | "negative" | "whole" | "single") => {
                k = prev
            }
            Some("or") => {
                return prev
                    .checked_sub(1)
                    .and_then(|w| s.word(w))
                    .is_some_and(|w| {
                        !matches!(
                            w,
                            "zero"
                                | "number"
                                | "numbers"
                                | "integer"
                                | "integers"
                                | "negative"
                                | "positive"
                        )
                    });
            }
            _ => return false,
        }
    }
    false
}

/// Whether the words `i..j` are a parenthesised label of the quoted text before them
/// ("'rust AND backend' (Boolean)", "'term*' (prefix)"): they say what kind of example that
/// is (a Boolean query), not what type the property is.
fn labels_quote(s: &Sentence, i: usize, j: usize) -> bool {
    i >= 2
        && s.t[i - 1].is_punct('(')
        && matches!(s.t[i - 2].tok, Tok::Quote(_))
        && s.t.get(j).is_some_and(|t| t.is_punct(')'))
}

/// Whether the clause after a type word at `..j` offers another kind of value: "integer for
/// users, or @username for channels", "an integer id or a name". Not a bound ("1 or more",
/// "greater than or equal to", "5 or 10") nor leaving the value out ("or omit for all"); a
/// parenthesis ends the look ("boolean (true or false)").
fn alternative_follows(s: &Sentence, j: usize) -> bool {
    for k in j..(j + 8).min(s.t.len()) {
        if [')', '(', ';', '.'].iter().any(|&c| s.t[k].is_punct(c)) {
            return false;
        }
        if s.word(k) == Some("or") {
            let number = match s.t.get(k + 1).map(|t| &t.tok) {
                Some(Tok::Num { .. }) => true,
                Some(Tok::Code(c)) => c.parse::<f64>().is_ok(),
                _ => false,
            };
            return !number
                && !matches!(
                    s.word(k + 1),
                    Some(
                        "more"
                            | "less"
                            | "fewer"
                            | "greater"
                            | "higher"
                            | "lower"
                            | "above"
                            | "below"
                            | "equal"
                            | "omit"
                            | "omitted"
                            | "leave"
                            | "left"
                            | "empty"
                            | "blank"
                            | "nothing"
                            | "none"
                            | "zero"
                    )
                );
        }
    }
    false
}

fn scoped_requirement(s: &Sentence, after: usize) -> bool {
    match s.word(after) {
        Some(
            "with" | "for" | "when" | "if" | "unless" | "only" | "together" | "alongside" | "in",
        ) => true,
        // "Required to delete non-empty directories": needed for one purpose, where
        // "required to be set" is the property's own requiredness.
        Some("to") => s.word(after + 1) != Some("be"),
        _ => false,
    }
}

/// Requiredness, defaults, types, values, units and parameter names at `i`.
/// `conditional`: requiredness depends on something ("required if …", "at least one of");
/// `condition`: the sentence states a condition ("when a barcode is given").
/// `other_tools`: where the sentence first names other tools ([`other_tools`]);
/// `examples`: where it first introduces examples ([`examples_from`]);
/// `property`: the text is a property's own ([`bare_alternatives_at`]).
fn other_at(
    s: &Sentence,
    i: usize,
    conditional: bool,
    condition: bool,
    other_tools: Option<usize>,
    examples: Option<usize>,
    property: bool,
) -> Option<Phrase> {
    let one = |kind, last| {
        Some(Phrase {
            kind,
            first: i,
            last,
        })
    };
    // Alternatives standing alone as the value; examples ("e.g.", "such as") are not the set.
    // Read before a default mark on the first item, which `` `left` (default), `right` or
    // `middle` `` also has: the set says more than which of it is the default.
    let alternatives = || {
        alternatives_at(s, i)
            .or_else(|| property.then(|| bare_alternatives_at(s, i)).flatten())
            .filter(|_| examples.is_none_or(|e| e >= i))
    };
    if let Some((values, last)) = alternatives() {
        return one(ClaimKind::Values(values), last);
    }
    // A listed value marked as the default: `"locked" (default): …`, `` `grid` (the default) ``.
    if matches!(s.t[i].tok, Tok::Quote(_) | Tok::Code(_))
        && let Some(j) = s.any(
            i + 1,
            &[&["(", "default", ")"], &["(", "the", "default", ")"]],
        )
        && let Some(v) = default_value(&s.t[i])
    {
        return one(ClaimKind::Default(v), j - 1);
    }
    // Defaults: "defaults to 3", "default: false", "default is `relevance`", "(default 10)".
    if let Some(j) = s.any(
        i,
        &[
            &["defaults", "to"],
            &["default", "to"],
            &["default", "value", "is"],
            &["default", "is"],
            &["default", ":"],
            &["default", "="],
            &["default"],
            &["by", "default", "it", "is"],
        ],
    ) && let Some(v) = s.t.get(j).and_then(default_value)
    {
        // "default: 1MB", "5k", "2x": a word written onto the number that is no unit the
        // reader knows scales it; the default is not the bare number.
        let suffixed = s.t.get(j + 1).is_some_and(|t| {
            t.start == s.t[j].end
                && t.word()
                    .is_some_and(|w| crate::contract::Unit::from_word(w).is_none())
        });
        if suffixed {
            return None;
        }
        let mut last = j;
        if matches!(s.t[j].tok, Tok::Num { .. })
            && let Some(q) = s.quantity(j)
        {
            last = q.next - 1;
        }
        if scoped(s, last + 1) {
            return None;
        }
        return one(ClaimKind::Default(v), last);
    }
    // A list of required or optional properties after the claim: "Requires `sku` and
    // `quantity`", "This tool requires sku", "Required: sku, quantity", "Optional
    // parameters: limit". Linking reads the list (the properties named right after).
    if let Some(last) = list_claim(s, i) {
        return one(
            if s.word(i) == Some("optional") {
                ClaimKind::Optional
            } else {
                ClaimKind::Required
            },
            last,
        );
    }
    // Optional.
    // "Optional.", "is optional", "(optional)"; not "an optional gift note".
    if s.word(i) == Some("optional") {
        let before = i.checked_sub(1).map(|k| &s.t[k]);
        let after = s.t.get(i + 1);
        let stated = before.is_none_or(|t| {
            t.is_punct('(') || matches!(t.word(), Some("is" | "are" | "be" | "optional"))
        }) || after.is_none_or(|t| matches!(t.tok, Tok::Punct(_)));
        if stated && !condition {
            return one(ClaimKind::Optional, i);
        }
        return None;
    }
    if let Some(j) = s.any(
        i,
        &[
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
                &["are", "required"],
                &["is", "mandatory"],
                &["are", "mandatory"],
                &["mandatory"],
                &["(", "required", ")"],
            ],
        ) {
            if scoped_requirement(s, j) {
                return None;
            }
            return one(ClaimKind::Required, j - 1);
        }
        // "Required associated data missing is rejected": the adjective of another noun. Not
        // "Required field", "Required by the API", "Required and unique", "Required to be
        // set"; a word starting a scope ("Required for gift orders") is `scoped_requirement`'s.
        let adjective = s.word(i + 1).is_some_and(|w| {
            !matches!(
                w,
                "by" | "but"
                    | "and"
                    | "to"
                    | "field"
                    | "parameter"
                    | "param"
                    | "argument"
                    | "property"
                    | "value"
                    | "input"
                    | "string"
                    | "integer"
                    | "number"
                    | "boolean"
                    | "array"
                    | "object"
            )
        });
        if at_start && s.word(i) == Some("required") && !adjective && !scoped_requirement(s, i + 1)
        {
            return one(ClaimKind::Required, i);
        }
    }
    // Types.
    if let Some(j) = s.any(i, &[&["whole", "number"], &["integer"]]) {
        let negated = i.checked_sub(1).and_then(|k| s.word(k)) == Some("non");
        if !negated && !among_types(s, i, j, &["number", "numbers"]) && !labels_quote(s, i, j) {
            return one(ClaimKind::Type(JsonType::Integer), j - 1);
        }
    }
    if let Some(j) = s.any(i, &[&["true", "or", "false"], &["boolean"]])
        && !among_types(s, i, j, &[])
        && !labels_quote(s, i, j)
    {
        return one(ClaimKind::Type(JsonType::Boolean), j - 1);
    }
    // Allowed values: "one of: a, b, c", "one of `a`, `b` or `c`", "either `a` or `b`".
    let at_least = i >= 2 && s.seq(i - 2, &["at", "least"]).is_some();
    if !at_least && let Some(j) = s.any(i, &[&["one", "of", ":"], &["one", "of"], &["either"]]) {
        let colon = s.t[j - 1].is_punct(':');
        let item = |t: &Tok| match t {
            Tok::Code(c) | Tok::Quote(c) => Some(c.clone()),
            Tok::Word { orig, lower } if colon && !NOT_NOUN.contains(&lower.as_str()) => {
                Some(orig.clone())
            }
            Tok::Num { value, .. } if colon => Some(crate::contract::format_number(*value)),
            _ => None,
        };
        let seps: &[&[&str]] = &[&[",", "or"], &[",", "and"], &[","], &["or"], &["and"]];
        if let Some((values, last)) = list(s, j, seps, item) {
            return one(ClaimKind::Values(values), last);
        }
    }
    // Allowed values after "must be": "must be start_play or run_server", "must be `asc` or
    // `desc`". Bare words count only when they read as identifiers (`start_play`), so "must be
    // positive or zero" is no list; quoted items only when they are whole values, not
    // prefixes or patterns ("must be `http://` or `https://`").
    if let Some(j) = s.any(
        i,
        &[&["must", "be"], &["should", "be"], &["has", "to", "be"]],
    ) {
        let item = |t: &Tok| match t {
            Tok::Code(c) | Tok::Quote(c) if value_like(c) => Some(c.clone()),
            Tok::Word { orig, .. } if orig.contains('_') => Some(orig.clone()),
            _ => None,
        };
        if let Some((values, last)) = list(s, j, &[&[",", "or"], &[","], &["or"]], item) {
            return one(ClaimKind::Values(values), last);
        }
    }
    // Allowed values under a heading: "Allowed values: a, b", "Valid options: `x`, `y`",
    // "Possible values are `a` and `b`".
    if let Some(j) = values_heading(s, i) {
        // Bare words only after a colon: "Valid values are listed below" lists nothing. A
        // word written as a name is a value even when it is also an English one ("On, Off");
        // numbers are values after "are" too ("Valid values are 512 and 4096").
        let colon = s.t[j - 1].is_punct(':');
        let item = |t: &Tok| match t {
            Tok::Code(c) | Tok::Quote(c) => Some(c.clone()),
            Tok::Word { orig, lower }
                if colon
                    && (orig.chars().next().is_some_and(char::is_uppercase)
                        || !NOT_NOUN.contains(&lower.as_str())) =>
            {
                Some(orig.clone())
            }
            Tok::Num { value, year: false } => Some(crate::contract::format_number(*value)),
            _ => None,
        };
        let seps: &[&[&str]] = &[&[",", "or"], &[",", "and"], &[","], &["or"], &["and"]];
        if let Some((values, last)) = list(s, j, seps, item) {
            return one(ClaimKind::Values(values), last);
        }
    }
    // One value allowed: "the only accepted value is \"spread\"", "`server` is the only
    // valid value".
    const ONLY: &[&[&str]] = &[
        &["only", "accepted", "value"],
        &["only", "allowed", "value"],
        &["only", "valid", "value"],
        &["only", "supported", "value"],
        &["only", "possible", "value"],
    ];
    let quoted = |t: Option<&Token>| match t.map(|t| &t.tok) {
        Some(Tok::Code(c) | Tok::Quote(c)) if value_like(c) => Some(c.clone()),
        _ => None,
    };
    if let Some(j) = s.any(i, ONLY)
        && let Some(k) = s.seq(j, &["is"])
        && let Some(v) = quoted(s.t.get(k))
    {
        return one(ClaimKind::Values(vec![v]), k);
    }
    if let Some(v) = quoted(s.t.get(i))
        && let Some(j) = s.seq(i + 1, &["is", "the"])
        && let Some(k) = s.any(j, ONLY)
    {
        return one(ClaimKind::Values(vec![v]), k - 1);
    }
    // Units: "in millimetres", "(mm)".
    if let Some(j) = s.seq(i, &["in"])
        && let Some(u) = s.word(j).and_then(Unit::from_word)
        && s.word(j) != Some("in")
        && s.t
            .get(j + 1)
            .is_none_or(|t| matches!(t.tok, Tok::Punct(_)))
    {
        return one(ClaimKind::Unit(u), j);
    }
    if s.t[i].is_punct('(')
        && let Some(u) = s.word(i + 1).and_then(Unit::from_word)
        && s.t.get(i + 2).is_some_and(|t| t.is_punct(')'))
    {
        return one(ClaimKind::Unit(u), i + 2);
    }
    // A parameter named as such: "the `partySize` parameter", "argument `limit`". Not
    // "field" or "property": descriptions name fields of the result that way too.
    const PARAM: &[&str] = &[
        "parameter",
        "parameters",
        "param",
        "params",
        "argument",
        "arguments",
        "arg",
        "args",
        "input",
        "option",
    ];
    // A bare name between "the" and "parameter": "the what parameter", "the thing
    // argument". Words that describe a parameter rather than name one are not names.
    const DESCRIBING: &[&str] = &[
        "optional",
        "required",
        "first",
        "second",
        "third",
        "last",
        "next",
        "previous",
        "following",
        "same",
        "other",
        "only",
        "single",
        "new",
        "given",
        "above",
        "below",
        "extra",
        "additional",
        "input",
        "output",
        "main",
        "default",
        "corresponding",
        "relevant",
        "specified",
        "whole",
        "entire",
        "named",
        "this",
        "that",
        "each",
        "every",
        "any",
        "its",
        "their",
        "final",
        "initial",
        "original",
        "appropriate",
        "correct",
        "wrong",
        "invalid",
        "valid",
        "missing",
        "unknown",
        "mandatory",
        "primary",
        "secondary",
        "custom",
        "special",
        "path",
        "query",
        "body",
        "header",
        "url",
        "request",
        "tool",
    ];
    // "every tool except `x` accepts an `account` parameter", "the 'project' parameter of
    // other tools": other tools' parameters.
    if other_tools.is_some_and(|j| j < i || (s.word(i + 2) == Some("of") && j <= i + 5)) {
        return None;
    }
    if let Tok::Word { orig, lower } = &s.t[i].tok
        && i > 0
        && s.word(i - 1) == Some("the")
        && s.word(i + 1)
            .is_some_and(|w| matches!(w, "parameter" | "argument"))
        && orig.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        && !DESCRIBING.contains(&lower.as_str())
        && !NOT_NOUN.contains(&lower.as_str())
    {
        return one(ClaimKind::Parameter(orig.clone()), i + 1);
    }
    // "kagi_search's `lens` parameter": a parameter of the tool (or type) named before it.
    let owner = match i.checked_sub(1).map(|k| &s.t[k].tok) {
        Some(Tok::Word { orig, .. }) => orig
            .strip_suffix("'s")
            .or_else(|| orig.strip_suffix("\u{2019}s")),
        _ => None,
    };
    // "the `connect` tool's `workflow` parameter": a parameter of the tool named there.
    let named_tool =
        owner == Some("tool") && i >= 2 && matches!(&s.t[i - 2].tok, Tok::Code(_) | Tok::Quote(_));
    if owner.is_some_and(identifier_form) || named_tool {
        return None;
    }
    let name = match &s.t[i].tok {
        Tok::Code(c) | Tok::Quote(c) if is_identifier(c) => Some(c),
        // "the page_token parameter", "parameter maxResults": an identifier without backticks.
        Tok::Word { orig, .. } if identifier_form(orig) => Some(orig),
        _ => None,
    };
    if let Some(c) = name {
        if s.word(i + 1).is_some_and(|w| PARAM.contains(&w)) {
            return one(ClaimKind::Parameter(c.clone()), i + 1);
        }
        // "the from_id, relationship_type and to_id parameters": each listed name.
        if listed_before_params(s, i + 1) {
            return one(ClaimKind::Parameter(c.clone()), i);
        }
        if i > 0 && s.word(i - 1).is_some_and(|w| PARAM.contains(&w)) {
            return Some(Phrase {
                kind: ClaimKind::Parameter(c.clone()),
                first: i - 1,
                last: i,
            });
        }
    }
    None
}

/// Words for the parameters a "Required …:" heading lists.
const LIST_HEADS: &[&str] = &[
    "parameters",
    "parameter",
    "params",
    "arguments",
    "args",
    "fields",
    "inputs",
    "properties",
];

/// The last token of a claim whose subjects follow it at `i` ([`subject_at`]):
/// "Requires"/"This tool requires" before a list, or a "Required:"/"Optional parameters:"
/// heading. Not when the sentence makes the requirement depend on something ("Requires
/// `sku` when no barcode is given", "requires at least one of …", "requires either …").
fn list_claim(s: &Sentence, i: usize) -> Option<usize> {
    let at_start = i == 0 || (i == 1 && s.t[0].is_punct('('));
    let last = match s.word(i)? {
        "requires" | "require" => {
            let after_tool = i > 0
                && matches!(
                    s.word(i - 1),
                    Some("tool" | "it" | "call" | "command" | "operation" | "endpoint")
                );
            (at_start || after_tool).then_some(i)?
        }
        "required" | "optional" if at_start => {
            if s.t.get(i + 1).is_some_and(|t| t.is_punct(':')) {
                i + 1
            } else {
                s.seq(
                    i + 1,
                    &[s.word(i + 1).filter(|w| LIST_HEADS.contains(w))?, ":"],
                )? - 1
            }
        }
        _ => return None,
    };
    // The clause of the claim: a condition further on in a long sentence is another's.
    let clause = &s.t[last + 1..s.t.len().min(last + 1 + CLAUSE)];
    let depends = clause.iter().enumerate().any(|(k, t)| {
        matches!(
            t.word(),
            Some("if" | "when" | "unless" | "only" | "either" | "whether" | "except")
        ) || s.seq(last + 1 + k, &["at", "least"]).is_some()
            || s.seq(last + 1 + k, &["one", "of"]).is_some()
    });
    (!depends).then_some(last)
}

/// How many tokens after a claim are read for its list or its condition: bounded, so a long
/// sentence costs each claim this much, not the rest of the sentence.
const CLAUSE: usize = 64;

/// Whether names joined by commas, "and" or "or" from `k` on end in a plural parameter
/// word: `k` is right after a name of a list "`a`, `b` and `c` parameters" (of at most
/// [`CLAUSE`] tokens).
fn listed_before_params(s: &Sentence, mut k: usize) -> bool {
    let end = k + CLAUSE;
    let named = |t: &Tok| match t {
        Tok::Code(c) | Tok::Quote(c) => is_identifier(c),
        Tok::Word { orig, .. } => identifier_form(orig),
        _ => false,
    };
    let mut joined = false;
    while let Some(next) = s.any(k, &[&[",", "and"], &[",", "or"], &[","], &["and"], &["or"]]) {
        if next >= end || !s.t.get(next).is_some_and(|t| named(&t.tok)) {
            return false;
        }
        joined = true;
        k = next + 1;
    }
    joined
        && matches!(
            s.word(k),
            Some("parameters" | "params" | "arguments" | "args")
        )
}

/// An identifier written as code names one: `snake_case` or `camelCase` (not an English
/// word, not an `ALL_CAPS` constant or environment variable, not a `PascalCase` type or
/// enum value such as `TimedOut`).
fn identifier_form(s: &str) -> bool {
    if s.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    let snake = s.contains('_') && s.chars().any(|c| c.is_ascii_lowercase());
    let camel = s
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
    is_identifier(s) && !s.starts_with('_') && !s.ends_with('_') && (snake || camel)
}

/// An identifier of five or more characters that the sentence does not call a parameter
/// (`max_result`, `` `maxResult` ``): a bare name, which names a parameter only when it is
/// a near miss of a property's name (linking decides; see [`bare_name`]).
fn identifier_at(s: &Sentence, i: usize, other_tools: Option<usize>) -> Option<Phrase> {
    let name = match &s.t[i].tok {
        Tok::Code(c) | Tok::Word { orig: c, .. } => c,
        _ => return None,
    };
    let named = identifier_form(name)
        && name.len() >= 5
        && other_tools.is_none_or(|j| j > i)
        && !stated_value(s, i);
    named.then(|| Phrase {
        kind: ClaimKind::Parameter(name.clone()),
        first: i,
        last: i,
    })
}

/// Whether the sentence states, as a fact, the value of the name at `i` ("URL (expires_at is
/// null)", "`next_cursor` is empty on the last page"): a field of what the tool returns, whose
/// value the caller does not choose. Not under a condition ("if `page_size` is empty"),
/// where the name may be an input's.
fn stated_value(s: &Sentence, i: usize) -> bool {
    let stated = s
        .any(i + 1, &[&["is"], &["are"]])
        .and_then(|j| s.word(j))
        .is_some_and(|w| {
            matches!(
                w,
                "null" | "empty" | "returned" | "included" | "present" | "populated" | "filled"
            )
        });
    let conditional = s.t[..i]
        .iter()
        .any(|t| matches!(t.word(), Some("if" | "when" | "unless" | "whether")));
    stated && !conditional
}

/// Whether a `Parameter` phrase is a bare name ([`identifier_at`]): one token that is not
/// in a list of names the sentence calls parameters; any other name has the word that calls
/// it so in its phrase.
pub fn bare_name(s: &[Token], p: &Phrase) -> bool {
    let s = Sentence { t: s };
    matches!(p.kind, ClaimKind::Parameter(_))
        && p.first == p.last
        && !listed_before_params(&s, p.first + 1)
}

/// The first "tool"/"tools" word within two words after "every", "each", "all", "any" or
/// "other" ("every tool except `x`", "address any tool via its `session` param"): parameters
/// named after it are other tools'. A sentence about
/// what holds "elsewhere" or "anywhere else" ("not valid `version` arguments anywhere
/// else") names other tools' parameters throughout.
fn other_tools(s: &Sentence) -> Option<usize> {
    let elsewhere = (0..s.t.len()).any(|j| {
        s.word(j) == Some("elsewhere")
            || (matches!(s.word(j), Some("anywhere" | "everywhere"))
                && s.word(j + 1) == Some("else"))
    });
    if elsewhere {
        return Some(0);
    }
    (1..s.t.len()).find(|&j| {
        matches!(s.word(j), Some("tool" | "tools"))
            && (j.saturating_sub(2)..j)
                .any(|k| matches!(s.word(k), Some("every" | "each" | "all" | "any" | "other")))
    })
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Every claim in one sentence, left to right, never overlapping.
/// `property`: the text is a property's own description, where a list of bare words standing
/// alone can only be that property's values.
pub fn sentence(tokens: &[Token], property: bool) -> Vec<Phrase> {
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
        Some("unless" | "except") => true,
        Some("if") => !matches!(s.word(k + 1), Some("omitted" | "not" | "absent")),
        // "Anything above 1 skips the fast path": what values past a point do, not a limit
        // on them.
        Some("anything" | "everything" | "whatever") => matches!(
            s.word(k + 1),
            Some("above" | "below" | "over" | "under" | "greater" | "less" | "more" | "fewer")
        ),
        _ => false,
    });
    // "Values larger than 10 are rejected" states the opposite bound of its words; "must be
    // from 1 to 5, otherwise the call fails" does not, because it says what must hold.
    let consequence = tokens.iter().any(|t| {
        matches!(
            t.word(),
            Some(
                "otherwise"
                    | "rejected"
                    | "invalid"
                    | "disallowed"
                    | "refused"
                    | "error"
                    | "errors"
                    | "fail"
                    | "fails"
                    | "ignored"
                    | "clamped"
                    | "truncated"
                    | "capped"
            )
        )
    });
    // Found once, not scanned for at each token: a sentence is as long as the text.
    let examples = examples_from(&s);
    let first_normative = tokens.iter().position(|t| {
        matches!(
            t.word(),
            Some("must" | "should" | "cannot" | "needs" | "has" | "between" | "from")
        )
    });
    let normative_before = |i: usize| first_normative.is_some_and(|k| k < i);
    let other_tools = other_tools(&s);
    let contrast = contrast(&s);
    // "Use quantity > 1 for repeated items", "pick depth above 3 for large trees", "Keep
    // depth<=2 for context budgets", "Avoid depth>3 to prevent neighbour explosion": advice
    // on which value suits a purpose (the purpose follows the bound), not a limit on the
    // values. Not "Set brightness (0-100%) for a device": there the verb is the tool's own
    // action; nor "Use up to 50": a `to` before a number is part of the bound.
    let advice = matches!(
        s.word(0),
        Some("use" | "pass" | "choose" | "pick" | "keep" | "prefer" | "avoid")
    );
    // "Set importance 8-10 for critical info": the value to give for one purpose, written
    // bare after the property; "Set brightness (0-100%) for a device" glosses the value the
    // tool sets.
    let setting = s.word(0) == Some("set");
    let purpose = |k: usize| match s.word(k) {
        Some("for") => true,
        Some("to") => s
            .word(k + 1)
            .is_some_and(|w| !w.starts_with(|c: char| c.is_ascii_digit())),
        _ => false,
    };
    let advised = |i: usize| {
        (advice || (setting && i > 0 && !tokens[i - 1].is_punct('(')))
            && (i + 1..tokens.len()).any(purpose)
    };
    // "1-4 for 4/4 time": the values for one named case (a case written with a number), not
    // the property's range.
    // "2-10 images = carousel": the count that selects one outcome, not a limit.
    let one_case = |p: &Phrase| {
        s.word(p.last + 1) == Some("for")
            && tokens
                .get(p.last + 2)
                .is_some_and(|t| matches!(t.tok, Tok::Num { .. } | Tok::Other))
            || tokens.get(p.last + 1).is_some_and(|t| t.is_punct('='))
    };
    let ranges_at = |i: usize| {
        if conditional_range || (consequence && !normative_before(i)) || advised(i) {
            None
        } else {
            range_at(&s, i).filter(|p| !one_case(p) && !case_gloss(&s, p) && !qualifies_noun(&s, p))
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let found = effect_at(&s, i, contrast)
            .or_else(|| ranges_at(i))
            .or_else(|| {
                other_at(
                    &s,
                    i,
                    conditional,
                    conditional_range,
                    other_tools,
                    examples,
                    property,
                )
            })
            .or_else(|| identifier_at(&s, i, other_tools));
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

/// "tokens ≥ 4 chars are compared", "words of at least 4 letters are matched": a bound
/// written right after a plural noun, in the subject of a verb that follows it, says which
/// of those things the sentence is about, not what the value may be. "Values" and "numbers"
/// are the value's own ("values of at least 1 are accepted").
fn qualifies_noun(s: &Sentence, p: &Phrase) -> bool {
    let noun = match p.first.checked_sub(1) {
        Some(k) if s.word(k) == Some("of") => k.checked_sub(1),
        k => k,
    };
    let plural = noun.and_then(|k| s.word(k)).is_some_and(|w| {
        w.len() >= 4 && w.ends_with('s') && !w.ends_with("ss") && !matches!(w, "values" | "numbers")
    });
    plural
        && matches!(
            s.word(p.last + 1),
            Some("are" | "were" | "get" | "will" | "can" | "may" | "must" | "should")
        )
}

/// "Value for seek (seconds) or volume (0-1)": a range glossing one of several cases named
/// after "for", each case with its own meaning of the value; the bound holds in that case
/// only, not for the property.
fn case_gloss(s: &Sentence, p: &Phrase) -> bool {
    let Some(open) = [Some(p.first), p.first.checked_sub(1)]
        .into_iter()
        .flatten()
        .find(|&k| s.t[k].is_punct('('))
    else {
        return false;
    };
    let Some(case) = open.checked_sub(1).filter(|&c| s.word(c).is_some()) else {
        return false;
    };
    // A joiner between two glossed cases: "seek (seconds) or volume", "volume (0-1), seek (…)";
    // "reads or writes (1-60 s)" glosses both with one bound.
    let joiner = |k: usize| s.t[k].is_punct(',') || matches!(s.word(k), Some("or" | "and"));
    let close = (p.last..s.t.len()).find(|&k| s.t[k].is_punct(')'));
    let mut joined = close.is_some_and(|c| {
        s.t.get(c + 1).is_some()
            && joiner(c + 1)
            && (c + 2..s.t.len().min(c + 5))
                .find(|&k| s.word(k).is_none())
                .is_some_and(|k| k > c + 2 && s.t[k].is_punct('('))
    });
    let mut depth = 0i32;
    for k in (case.saturating_sub(12)..case).rev() {
        match &s.t[k].tok {
            Tok::Punct(')') => depth += 1,
            Tok::Punct('(') => depth -= 1,
            _ if depth == 0 && joiner(k) => joined |= k > 0 && s.t[k - 1].is_punct(')'),
            Tok::Punct(_) if depth == 0 => return false,
            _ if depth == 0 && s.word(k) == Some("for") => return joined,
            _ => {}
        }
    }
    false
}

/// Two or more items from token `j` on, joined by one of `seps`: the items and the index of
/// the last one.
fn list(
    s: &Sentence,
    j: usize,
    seps: &[&[&str]],
    item: impl Fn(&Tok) -> Option<String>,
) -> Option<(Vec<String>, usize)> {
    let mut values = Vec::new();
    let (mut k, mut last) = (j, j);
    while let Some(v) = s.t.get(k).and_then(|t| item(&t.tok)) {
        values.push(v);
        last = k;
        match s.any(k + 1, seps) {
            Some(n) => k = n,
            None => break,
        }
    }
    (values.len() >= 2).then_some((values, last))
}

/// A token that can be a whole enum value: letters, digits, `_`, `-`, `.`.
fn value_like(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Where the subjects of a claim found at `p` are named: after a "Requires" verb, after a
/// "Required:" heading, else before it (or the text's own property).
pub fn subject_at(s: &[Token], p: &Phrase) -> SubjectAt {
    let s = Sentence { t: s };
    let listing = matches!(p.kind, ClaimKind::Required | ClaimKind::Optional);
    match s.word(p.first) {
        _ if !listing || list_claim(&s, p.first) != Some(p.last) => SubjectAt::Before,
        Some("requires" | "require") => SubjectAt::After,
        _ => SubjectAt::Heading,
    }
}

/// Nouns that name a property's values themselves ("Valid options:", "Output formats (…)").
const LISTED: &[&str] = &["values", "options", "choices", "formats", "modes"];

/// Where the list after a heading of allowed values starts: "Allowed values:", "Valid
/// options:", "Supported formats:", "Possible values are", "Values:" opening a sentence.
/// "Examples:" lists examples, not the set.
fn values_heading(s: &Sentence, i: usize) -> Option<usize> {
    const QUALIFIED: &[&str] = &[
        "allowed",
        "valid",
        "accepted",
        "possible",
        "supported",
        "permitted",
        "available",
    ];
    let after = match s.word(i)? {
        w if QUALIFIED.contains(&w) && s.word(i + 1).is_some_and(|n| LISTED.contains(&n)) => i + 2,
        w if i == 0 && LISTED.contains(&w) => i + 1,
        _ => return None,
    };
    s.any(after, &[&[":"], &["are", ":"], &["are"], &["is"]])
}

/// Whether the parenthesis at `open` glosses a plural noun: "boolean operators (AND, OR,
/// NOT)", "string ops (CONTAINS, STARTSWITH)" list members of that noun, things the value
/// may hold, not the one value it is ("Task priority (Low, Medium, High)"). A noun that
/// names the values themselves ("Output formats (`json|csv`)") is the set, and so is a
/// noun the value counts ("Number of months (3, 6, or 12)").
fn glosses_plural(s: &Sentence, open: usize) -> bool {
    // The noun may take an infinitive first: "URLs to embed (Twitter, Instagram)".
    let infinitive = open >= 3 && s.word(open - 2) == Some("to");
    let Some(noun) = open.checked_sub(if infinitive { 3 } else { 1 }) else {
        return false;
    };
    let counted = noun >= 2
        && s.word(noun - 1) == Some("of")
        && matches!(s.word(noun - 2), Some("number" | "count" | "amount"));
    s.word(noun).is_some_and(|w| {
        w.len() >= 3 && w.ends_with('s') && !w.ends_with("ss") && !LISTED.contains(&w)
    }) && !counted
}

/// Whether the parenthesis at `open` glosses a participle that says how the value is
/// written: "optionally schema-qualified (`public.orders` or `orders`)", "ISO-formatted
/// (..)" show what that form looks like, values of an open set, not the set. A noun before
/// the parenthesis ("Sort speed (`slow` or `fast`)") names the value itself.
fn glosses_form(s: &Sentence, open: usize) -> bool {
    let Some(word) = open.checked_sub(1).and_then(|k| s.word(k)) else {
        return false;
    };
    word.len() >= 5 && word.ends_with("ed") && !word.ends_with("eed") && !word.ends_with("bed")
}

/// Where the sentence first introduces examples ("e.g.", "such as", "for example", "like",
/// "including"): values listed after that are some of the allowed ones, not all. Found once
/// per sentence, not scanned for at each token.
fn examples_from(s: &Sentence) -> Option<usize> {
    (0..s.t.len()).find(|&k| {
        matches!(
            s.word(k),
            Some("e.g." | "eg" | "example" | "examples" | "like" | "including" | "includes")
        ) || s.seq(k, &["such", "as"]).is_some()
    })
}

/// Alternatives that stand alone as what the value is: "Sort order: `asc` or `desc`",
/// "(`asc` or `desc`)", "`\"grid\"` (exhaustive) or `\"bayesian\"` (adaptive)", "json|csv",
/// "`json|csv`". The list must open the sentence or follow a `:` or `(`, and end the
/// sentence, the parenthesis or the clause (","): "`asc` or `desc` values sort …" is about
/// something else. Quoted items joined by "or" (at least one "or": a comma list may be
/// anything), or items joined by `|`. The caller drops it after words that introduce
/// examples.
fn alternatives_at(s: &Sentence, i: usize) -> Option<(Vec<String>, usize)> {
    let opened = match i.checked_sub(1).map(|k| &s.t[k].tok) {
        None => None,
        Some(Tok::Punct(':')) => Some(':'),
        Some(Tok::Punct('(')) if !glosses_plural(s, i - 1) && !glosses_form(s, i - 1) => Some('('),
        Some(_) => return None,
    };
    let ends_at = |k: usize| match s.t.get(k).map(|t| &t.tok) {
        None => opened != Some('('),
        Some(Tok::Punct(')')) => opened == Some('('),
        Some(Tok::Punct(',' | '\u{2014}')) => opened != Some('('),
        _ => false,
    };
    // `json|csv` in one code span.
    if let Tok::Code(c) = &s.t[i].tok
        && c.contains('|')
    {
        let values: Vec<String> = c.split('|').map(|v| v.trim().to_string()).collect();
        let whole = values.len() >= 2 && values.iter().all(|v| value_like(v));
        return (whole && ends_at(i + 1)).then_some((values, i));
    }
    let quoted = |t: &Tok| match t {
        Tok::Code(c) | Tok::Quote(c) if value_like(c) => Some(c.clone()),
        _ => None,
    };
    let piped = |t: &Tok| match t {
        Tok::Word { orig, .. } | Tok::Code(orig) if value_like(orig) => Some(orig.clone()),
        _ => None,
    };
    // json|csv|xml.
    if s.t.get(i + 1).is_some_and(|t| t.is_punct('|')) {
        let (values, last) = list(s, i, &[&["|"]], piped)?;
        return ends_at(last + 1).then_some((values, last));
    }
    // A short parenthesis after `k`, and where it closes: a gloss on an item ("`grid`
    // (exhaustive)", "'half' (50%)") or a note on the list ("(default 'cpu')").
    let note = |k: usize| {
        s.t.get(k).filter(|t| t.is_punct('('))?;
        let close = (k + 1..s.t.len().min(k + 8)).find(|&c| s.t[c].is_punct(')'))?;
        (!s.t[k + 1..close].iter().any(|t| t.is_punct('('))).then_some(close)
    };
    let mut values = vec![quoted(&s.t[i].tok)?];
    let (mut k, mut or) = (i + 1, false);
    loop {
        if let Some(close) = note(k)
            && s.t[k + 1..close]
                .iter()
                .all(|t| !matches!(t.tok, Tok::Code(_) | Tok::Quote(_)))
        {
            k = close + 1;
        }
        let Some(next) = s.any(k, &[&[",", "or"], &["or"], &[","]]) else {
            break;
        };
        let Some(v) = s.t.get(next).and_then(|t| quoted(&t.tok)) else {
            break;
        };
        or |= s.word(next - 1) == Some("or");
        values.push(v);
        k = next + 1;
    }
    // A note on the list's default after it ("(default 'cpu')") is not more of the list.
    let end = note(k)
        .filter(|_| matches!(s.word(k + 1), Some("default" | "defaults")))
        .map_or(k, |close| close + 1);
    if or {
        return ends_at(end).then_some((values, k - 1));
    }
    // After a heading's `:`, three quoted items or more that end the sentence are the set
    // even without an "or" ("Quality: 'full', 'half', 'quarter'."); two may be anything,
    // and a list that goes on (", a letter or digit") names some values only.
    let ends_sentence =
        s.t.get(end)
            .is_none_or(|t| t.is_punct('.') || t.is_punct(';'));
    (opened == Some(':') && values.len() >= 3 && ends_sentence).then_some((values, k - 1))
}

/// Bare words standing alone as a property's value, in its own description: "Format of the
/// disk: VHD or VHDX.", "Scroll direction: up, down, left, right", "Priority (Low, Medium,
/// High)", "click, hover, right_click, or drag.", "trusted (default) or dom_event.". The list
/// follows a heading's `:` (no punctuation before it), fills a `(…)`, or is the whole
/// sentence, and ends there. Unquoted words can be any words, so the list must read as
/// values: its words written as names (a capital, `_` or a digit: `Simple or Extended`,
/// `IDE or SCSI`, or one identifier: `trusted or dom_event`) when it is two joined by "or",
/// every word so written when it sits in a parenthesis ("(latitude,
/// longitude, altitude)" names parts, not values); three or more after a heading otherwise,
/// and not all plural ("files, folders or globs" names kinds of things). "relative or
/// absolute" pairs English words and is no set.
fn bare_alternatives_at(s: &Sentence, i: usize) -> Option<(Vec<String>, usize)> {
    let opened = match i.checked_sub(1).map(|k| &s.t[k].tok) {
        None => None,
        // A heading of words; "I/O" is one.
        Some(Tok::Punct(':'))
            if s.t[..i - 1].iter().all(|t| {
                matches!(
                    t.tok,
                    Tok::Word { .. } | Tok::Num { .. } | Tok::Other | Tok::Punct('/')
                )
            }) =>
        {
            Some(':')
        }
        Some(Tok::Punct('(')) if !glosses_plural(s, i - 1) && !glosses_form(s, i - 1) => Some('('),
        Some(_) => return None,
    };
    let item = |t: &Tok| match t {
        Tok::Word { orig, lower }
            if orig.chars().count() >= 2
                && value_like(orig)
                && (orig.chars().any(char::is_uppercase)
                    || !NOT_NOUN.contains(&lower.as_str())) =>
        {
            Some(orig.clone())
        }
        Tok::Num { value, year: false } => Some(crate::contract::format_number(*value)),
        _ => None,
    };
    // A gloss after an item ("1 (left)", "trusted (default)"): a short parenthesis of words.
    let note = |k: usize| {
        s.t.get(k).filter(|t| t.is_punct('('))?;
        let close = (k + 1..s.t.len().min(k + 6)).find(|&c| s.t[c].is_punct(')'))?;
        s.t[k + 1..close]
            .iter()
            .all(|t| matches!(t.tok, Tok::Word { .. } | Tok::Num { .. } | Tok::Punct('%')))
            .then_some(close)
    };
    let mut values = vec![item(&s.t[i].tok)?];
    let (mut k, mut or) = (i + 1, false);
    loop {
        if let Some(close) = note(k) {
            k = close + 1;
        }
        let Some(next) = s.any(k, &[&[",", "or"], &[",", "and"], &["or"], &["and"], &[","]]) else {
            break;
        };
        let v = s.t.get(next).and_then(|t| item(&t.tok))?;
        or |= s.word(next - 1) == Some("or");
        values.push(v);
        k = next + 1;
    }
    let ends = match (opened, s.t.get(k)) {
        (Some('('), Some(t)) => t.is_punct(')'),
        (Some('('), None) => false,
        (_, t) => t.is_none(),
    };
    // "function, struct, class, etc." and "x, y and more" name some values, not the set.
    if values.iter().any(|v| {
        matches!(
            v.to_lowercase().as_str(),
            "etc" | "more" | "others" | "other"
        )
    }) {
        return None;
    }
    let named = |v: &String| {
        v.chars()
            .any(|c| c.is_uppercase() || c.is_ascii_digit() || c == '_')
    };
    let plural = values
        .iter()
        .all(|v| v.len() > 3 && v.ends_with('s') && !v.ends_with("ss"));
    let reads_as_values = match values.len() {
        0 | 1 => false,
        2 => or && (values.iter().all(named) || values.iter().any(|v| v.contains('_'))),
        _ if opened == Some('(') => values.iter().all(named),
        _ => !plural || values.iter().any(named),
    };
    (ends && reads_as_values).then_some((values, k - 1))
}
