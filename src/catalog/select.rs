//! `--select` / `--ignore` keys as users type them: a code (`S003`), a name
//! (`open-input-object`), a code prefix (`R`, `B00`) or `ALL`, expanded to the catalog's codes
//! before the run, with a "did you mean" for a key that names nothing.

use crate::catalog;

/// The codes `keys` name, in catalog order, each once; the first key that names nothing is
/// the error (with the closest code or name when one is close).
pub fn expand(keys: &[String]) -> Result<Vec<String>, String> {
    let all = catalog::all();
    let mut chosen = vec![false; all.len()];
    for key in keys.iter().map(|k| k.trim()).filter(|k| !k.is_empty()) {
        let hits: Vec<usize> = if key.eq_ignore_ascii_case("ALL") {
            (0..all.len()).collect()
        } else if let Some(rule) = catalog::find(key) {
            all.iter()
                .position(|r| r.code == rule.code)
                .into_iter()
                .collect()
        } else {
            let prefix = key.to_ascii_uppercase();
            all.iter()
                .enumerate()
                .filter(|(_, r)| is_prefix(&prefix) && r.code.starts_with(&prefix))
                .map(|(i, _)| i)
                .collect()
        };
        if hits.is_empty() {
            return Err(unknown(key));
        }
        for i in hits {
            chosen[i] = true;
        }
    }
    Ok(all
        .iter()
        .zip(chosen)
        .filter(|(_, c)| *c)
        .map(|(r, _)| r.code.clone())
        .collect())
}

/// A code prefix is a letter and up to two digits (`R`, `B0`, `S00`).
fn is_prefix(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && key.len() <= 3
        && chars.all(|c| c.is_ascii_digit())
}

/// The error for a key that is no rule: `unknown rule `silent-defualt`; did you mean
/// `silent-default`?`.
pub fn unknown(key: &str) -> String {
    match suggest(key) {
        Some(s) => format!("unknown rule `{key}`; did you mean `{s}`? (see `contractlint rules`)"),
        None => format!("unknown rule `{key}` (see `contractlint rules`)"),
    }
}

/// The code or name closest to `key`, when it is close enough to be a typo: at most a third
/// of the longer string differs (Damerau-Levenshtein: a swapped pair counts once).
pub fn suggest(key: &str) -> Option<&'static str> {
    let lower = key.to_ascii_lowercase();
    catalog::all()
        .iter()
        .flat_map(|r| [r.code.as_str(), r.name.as_str()])
        .map(|c| {
            (
                strsim::damerau_levenshtein(&lower, &c.to_ascii_lowercase()),
                c,
            )
        })
        .filter(|&(d, c)| d > 0 && d * 3 <= lower.len().max(c.len()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(keys: &[&str]) -> Result<Vec<String>, String> {
        expand(&keys.iter().map(|k| k.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn prefixes_all_codes_and_names() {
        let r = codes(&["R"]).unwrap();
        assert!(r.len() > 10 && r.iter().all(|c| c.starts_with('R')));
        let b = codes(&["b00"]).unwrap();
        assert_eq!(b, ["B001", "B002", "B003", "B004", "B005", "B006"]);
        assert_eq!(codes(&["ALL"]).unwrap().len(), catalog::all().len());
        assert_eq!(codes(&["silent-default", "R001"]).unwrap(), ["R001"]);
    }

    #[test]
    fn typos_get_a_suggestion_and_nonsense_does_not() {
        let e = codes(&["silent-defualt"]).unwrap_err();
        assert!(e.contains("did you mean `silent-default`"), "{e}");
        assert!(
            codes(&["R0001"])
                .unwrap_err()
                .contains("did you mean `R001`")
        );
        assert!(!codes(&["frobnicate"]).unwrap_err().contains("did you mean"));
        assert!(codes(&["Q"]).is_err());
    }
}
