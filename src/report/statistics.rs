//! `--statistics`: how many findings each rule has, most first (like `ruff --statistics`).

use crate::outcome::Outcome;

use crate::diagnostic::Diagnostic;

/// (count, code, name), most frequent first, then by code.
fn rows(findings: &[Diagnostic]) -> Vec<(usize, &'static str, &'static str)> {
    let mut counts: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for d in findings {
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

/// `  12  R001  silent-default`, counts right-aligned; then, when some findings rested on
/// a claim the model could not answer, how many each rule withheld.
pub fn text(outcome: &Outcome) -> String {
    let table = |rows: Vec<(usize, &str, &str)>| -> String {
        let width = rows.first().map_or(1, |r| r.0.to_string().len());
        rows.iter()
            .map(|(n, code, name)| format!("{n:>width$}  {code}  {name}\n"))
            .collect()
    };
    let mut out = table(rows(&outcome.diagnostics));
    if !outcome.withheld.is_empty() {
        out.push_str("withheld, not proved (an unknown in the evidence; -v lists them):\n");
        out.push_str(&table(rows(&outcome.withheld)));
    }
    out
}

/// `[{"code": "R001", "name": "silent-default", "count": 12}]`; a rule that withheld
/// findings also has `"withheld": n` (and `"count": 0` when it reported none).
pub fn json(outcome: &Outcome) -> String {
    let withheld = rows(&outcome.withheld);
    let mut out: Vec<serde_json::Value> = rows(&outcome.diagnostics)
        .into_iter()
        .map(|(n, code, name)| serde_json::json!({"code": code, "name": name, "count": n}))
        .collect();
    for (n, code, name) in withheld {
        match out.iter_mut().find(|r| r["code"] == code) {
            Some(row) => row["withheld"] = n.into(),
            None => {
                out.push(serde_json::json!({"code": code, "name": name, "count": 0, "withheld": n}))
            }
        }
    }
    serde_json::to_string_pretty(&out).unwrap_or_default() + "\n"
}
