//! Names as people write them: one spelling-insensitive key, and the words of an identifier.
//! Linking, the description reader and the rules that compare names all use these, so
//! `add_cart_line`, `addCartLine` and `add-cart-line` are the same name everywhere.

use super::Unit;

/// What a tool's input type may be called after the tool: `BookTable`, `BookTableArgs`, ….
pub const SUFFIXES: &[&str] = &[
    "",
    "input",
    "args",
    "params",
    "request",
    "arguments",
    "parameters",
];

/// `bookTable` → `book_table`.
pub fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out.replace('-', "_")
}

/// `bookTable` → `BookTable`.
pub fn pascal(s: &str) -> String {
    snake(s)
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Case- and separator-insensitive form of a name: `add_cart_line` = `addCartLine`.
pub fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Words of an identifier, lower-cased: `maxFoldedThicknessMm` and `max_folded_thickness_mm`
/// → max, folded, thickness, mm. Splits at every non-alphanumeric character and where a
/// lower-case letter or digit is followed by an upper-case one.
pub fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

/// The unit a property's name ends in (`…Mm`, `timeout_ms`, `durationSeconds`), or starts
/// with before a word placing it in time (`hoursBefore`, `daysAgo`, `minutesLeft`).
pub fn name_unit(name: &str) -> Option<Unit> {
    let words = words(name);
    let last = words.last()?;
    if words.len() < 2 {
        return None;
    }
    let relative = matches!(
        last.as_str(),
        "before" | "after" | "ago" | "left" | "remaining" | "until" | "since" | "ahead" | "back"
    );
    if words.len() == 2 && relative && words[0].ends_with('s') {
        return Unit::from_word(&words[0]).filter(|u| u.dimension() == Unit::Second.dimension());
    }
    if matches!(last.as_str(), "m" | "g" | "s" | "h" | "in" | "min") {
        return None;
    }
    Unit::from_word(last)
}

/// Whether a property name names a limit (`maxResults`, `min_price`).
pub fn names_limit(name: &str) -> bool {
    limit_side(name).is_some()
}

/// The side of the limit a `max…`/`min…` name names: `Some(true)` for a maximum.
pub fn limit_side(name: &str) -> Option<bool> {
    let n = name.to_lowercase();
    if n.starts_with("max") {
        Some(true)
    } else if n.starts_with("min") {
        Some(false)
    } else {
        None
    }
}

/// Whether a text says more than a name: not blank, and not the name again in other case or
/// punctuation (`"add_cart_line"` for `addCartLine`, `"Search."` for `search`).
pub fn says_more_than(text: &str, name: &str) -> bool {
    let letters = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let l = letters(text);
    !l.is_empty() && l != letters(name)
}

/// Whether `name` is a near miss of the property `property`: another spelling of the same
/// identifier, one or two edits apart once case, `_` and `-` are set aside (`maxResult`,
/// `max_results`), where both have five or more characters (English words and short names
/// differ by an edit too often to mean anything), and that begin with the same word
/// (`cc_count` is one edit from `account`, but counts something else).
pub fn near_miss(name: &str, property: &str) -> bool {
    if words(name).first() != words(property).first() {
        return false;
    }
    let (a, b) = (norm(name), norm(property));
    let short = a.chars().count().min(b.chars().count());
    let limit = if short >= 8 { 2 } else { 1 };
    short >= 5 && a != b && strsim::damerau_levenshtein(&a, &b) <= limit
}

/// Whether `plural` is `singular` with an `s` or `es`, spelling aside (`info_hashes`,
/// `info_hash`).
pub fn plural_of(plural: &str, singular: &str) -> bool {
    norm(plural)
        .strip_prefix(&norm(singular))
        .is_some_and(|rest| matches!(rest, "s" | "es"))
}

/// Words that say which side of a limit, or the unit, not what is measured.
const NEUTRAL: &[&str] = &[
    "min",
    "max",
    "minimum",
    "maximum",
    "least",
    "most",
    "limit",
    "lower",
    "upper",
    "required",
    "requested",
    "wanted",
    "target",
    "desired",
    "allowed",
    "acceptable",
    "at",
    "up",
    "to",
    "of",
    "the",
    "value",
    "mm",
    "cm",
    "m",
    "km",
    "in",
    "inch",
    "inches",
    "kg",
    "g",
    "lb",
    "ms",
    "s",
    "sec",
    "secs",
    "seconds",
    "minutes",
    "hours",
    "days",
    "pct",
    "percent",
    "count",
    "num",
];

/// What a name says is measured: `maxFoldedThicknessMm` / `max_folded_thickness_mm` →
/// `folded`, `thickness` (the side of a limit and the unit left out).
/// A letter or a number (`version_a`, `point2`) only tells inputs of one kind apart: it
/// names no attribute.
pub fn measured_words(name: &str) -> Vec<String> {
    let mut out = words(name);
    out.retain(|w| {
        !NEUTRAL.contains(&w.as_str())
            && w.chars().count() > 1
            && !w.chars().all(|c| c.is_ascii_digit())
    });
    out
}

/// Whether two names measure different attributes of one quantity: they share a word
/// (`thickness`) and each qualifies it with a word the other lacks (`folded`, `tabletop`).
pub fn different_attribute(a: &str, b: &str) -> bool {
    let (a, b) = (measured_words(a), measured_words(b));
    a.iter().any(|w| b.contains(w))
        && a.iter().any(|w| !b.contains(w))
        && b.iter().any(|w| !a.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_or_number_telling_inputs_apart_is_no_attribute() {
        assert!(!different_attribute("version_a", "game_version"));
        assert!(!different_attribute("point2", "start_point"));
        assert!(different_attribute(
            "maxFoldedThicknessMm",
            "open_thickness_mm"
        ));
    }

    #[test]
    fn near_misses_are_other_spellings_of_one_identifier() {
        assert!(near_miss("max_result", "max_results"));
        assert!(near_miss("party_szie", "partySize"));
        assert!(near_miss("max_folded_thickness", "maxFoldedThicknessMm"));
        // The same name, another word, too short, too far.
        assert!(!near_miss("page_token", "pageToken"));
        assert!(!near_miss("cc_count", "account"));
        assert!(!near_miss("to_id", "to_ids"));
        assert!(!near_miss("a_b", "a_c"));
        assert!(!near_miss("from_id", "from"));
        assert!(plural_of("info_hashes", "infoHash"));
        assert!(!plural_of("info_hash", "info_hashes"));
    }

    #[test]
    fn spellings_of_one_name_share_a_key_and_words() {
        for n in [
            "addCartLine",
            "add_cart_line",
            "add-cart-line",
            "AddCartLine",
        ] {
            assert_eq!(norm(n), "addcartline", "{n}");
            assert_eq!(words(n), ["add", "cart", "line"], "{n}");
        }
        assert_eq!(
            words("maxFoldedThicknessMm"),
            ["max", "folded", "thickness", "mm"]
        );
        assert_eq!(words("timeout_ms2"), ["timeout", "ms2"]);
        assert!(words("__").is_empty());
        assert!(!says_more_than(" add_cart_line. ", "addCartLine"));
        assert!(!says_more_than("  ", "x"));
        assert!(says_more_than("Adds a line to the cart", "addCartLine"));
        assert!(names_limit("maxFoldedThicknessMm") && !names_limit("thickness"));
    }
}
