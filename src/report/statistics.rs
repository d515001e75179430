//! `--statistics`: how many findings each rule has, most first (like `ruff --statistics`).

use crate::outcome::Outcome;

/// (count, code, name), most frequent first, then by code.
fn rows(outcome: &Outcome) -> Vec<(usize, &'static str, &'static str)> {
    let mut counts: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for d in &outcome.diagnostics {
        *counts.entry(d.code).or_default() += 1;
    }
    let mut rows: Vec<_> = counts
        .into_iter()
        .map(|(code, n)| {
            let name = crate::catalog::find(code).map_or("", |r| r.name.as_str());
            (n, code, name)
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    rows
}

/// `  12  R001  silent-default`, counts right-aligned.
pub fn text(outcome: &Outcome) -> String {
    let rows = rows(outcome);
    let width = rows.first().map_or(1, |r| r.0.to_string().len());
    rows.iter()
        .map(|(n, code, name)| format!("{n:>width$}  {code}  {name}\n"))
        .collect()
}

/// `[{"code": "R001", "name": "silent-default", "count": 12}]`.
pub fn json(outcome: &Outcome) -> String {
    let rows: Vec<_> = rows(outcome)
        .into_iter()
        .map(|(n, code, name)| serde_json::json!({"code": code, "name": name, "count": n}))
        .collect();
    serde_json::to_string_pretty(&rows).unwrap_or_default() + "\n"
}
