//! `contractlint rules`: every rule of the catalog, as aligned text or JSON.

use super::ListFormat;
use crate::catalog;

pub fn render(format: ListFormat) -> String {
    match format {
        ListFormat::Human => catalog::all()
            .iter()
            .map(|r| {
                format!(
                    "{}  {:<36} {:<8} {:<8} {}\n",
                    r.code,
                    r.name,
                    r.severity.as_str(),
                    r.maturity.as_str(),
                    r.summary
                )
            })
            .collect(),
        ListFormat::Json => {
            let rows: Vec<_> = catalog::all()
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "code": r.code, "name": r.name,
                        "severity": r.severity.as_str(), "summary": r.summary,
                        "maturity": r.maturity.as_str(),
                        "first_sight": {
                            "tp": r.first_sight.tp, "fp": r.first_sight.fp,
                            "debatable": r.first_sight.debatable,
                        },
                        "help_uri": format!("{}/{}", catalog::DOCS_URL, catalog::page_file(r)),
                    })
                })
                .collect();
            serde_json::to_string_pretty(&rows).expect("rows serialize") + "\n"
        }
    }
}
