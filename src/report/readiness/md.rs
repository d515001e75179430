//! The readiness report as GitHub-flavoured Markdown.

use super::{CaseRow, Finding, Readiness, Source, ToolReport};
use std::fmt::Write;

/// A table cell: pipes escaped, line breaks flattened.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// Inline code in a table cell; the fence grows past any backticks inside.
fn code(s: &str) -> String {
    let fence = if s.contains('`') { "``" } else { "`" };
    format!("{fence}{}{fence}", cell(s))
}

fn mark(present: bool) -> &'static str {
    if present { "yes" } else { "—" }
}

pub fn render(r: &Readiness) -> String {
    let mut o = String::new();
    let e = &r.environment;
    let s = &r.summary;
    let _ = writeln!(o, "# Tool contract readiness report\n");
    let _ = writeln!(o, "**Overall: {}**\n", s.verdict.label().to_uppercase());
    for reason in &s.reasons {
        let _ = writeln!(o, "- {reason}");
    }
    let _ = writeln!(o, "\n> {}\n", s.rule);

    let _ = writeln!(o, "## Environment\n\n| | |\n|---|---|");
    let _ = writeln!(o, "| contractlint | {} |", cell(&e.contractlint));
    let _ = writeln!(o, "| checked paths | {} |", cell(&e.paths.join(", ")));
    let git = match &e.git {
        Some(g) => format!(
            "{} ({})",
            code(&g.revision),
            if g.dirty {
                "uncommitted changes"
            } else {
                "clean"
            }
        ),
        None => "not a git checkout".into(),
    };
    let _ = writeln!(o, "| git revision | {git} |");
    let dialects: Vec<String> = e
        .dialects
        .iter()
        .map(|d| {
            format!(
                "{} ({}): {}",
                d.dialect,
                if d.declared { "declared" } else { "assumed" },
                d.tools.join(", ")
            )
        })
        .collect();
    let dialects = if dialects.is_empty() {
        "none".to_string()
    } else {
        cell(&dialects.join("; "))
    };
    let _ = writeln!(o, "| schema dialects | {dialects} |");
    let _ = writeln!(o, "| date | {} |", cell(&e.date));
    let config = match &e.config.file {
        Some(f) => code(f),
        None => "none (defaults)".into(),
    };
    let _ = writeln!(o, "| config | {config} |");
    if !e.config.settings.is_empty() {
        let settings: Vec<String> = e.config.settings.iter().map(|x| code(x)).collect();
        let _ = writeln!(o, "| settings | {} |", settings.join("<br>"));
    }

    let _ = writeln!(
        o,
        "\n## Summary\n\n{} tools in {} files; findings: {} errors, {} warnings, {} infos ({} suppressed in the source, not counted); {} case rows where the schema disagrees.\n",
        s.tools, s.files, s.errors, s.warnings, s.infos, s.suppressed, s.schema_case_findings
    );
    if !r.tools.is_empty() {
        let _ = writeln!(
            o,
            "| Tool | Schema | Description | Rust validator | Errors | Warnings | Infos | Verdict |\n|---|---|---|---|--:|--:|--:|---|"
        );
    }
    for t in &r.tools {
        let has = |k: &str| {
            t.sources
                .iter()
                .any(|s| s.kind == k && s.location.is_some())
        };
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} | {} | {} | {} | **{}** |",
            code(&t.name),
            mark(has("schema")),
            mark(has("description")),
            mark(has("validator")),
            t.counts.errors,
            t.counts.warnings,
            t.counts.infos,
            t.verdict.label()
        );
    }
    if !r.other_findings.is_empty() {
        let _ = writeln!(o, "\n### Findings outside any tool\n");
        for f in &r.other_findings {
            finding(&mut o, f);
        }
    }
    for t in &r.tools {
        tool(&mut o, t);
    }
    o
}

fn tool(o: &mut String, t: &ToolReport) {
    let _ = writeln!(o, "\n## `{}` — {}\n", t.name, t.verdict.label());
    for reason in &t.reasons {
        let _ = writeln!(o, "- {reason}");
    }
    let _ = writeln!(
        o,
        "\n### Sources\n\n| Source | Location | Detail |\n|---|---|---|"
    );
    for Source {
        kind,
        location,
        detail,
    } in &t.sources
    {
        let at = location
            .as_ref()
            .map_or_else(|| "—".to_string(), |l| code(&l.display()));
        let _ = writeln!(o, "| {kind} | {at} | {} |", cell(detail));
    }
    let _ = writeln!(o, "\n### Findings\n");
    if t.findings.is_empty() {
        let _ = writeln!(o, "None.");
    }
    for f in &t.findings {
        finding(o, f);
    }
    if !t.suppressed.is_empty() {
        let _ = writeln!(o, "\n### Suppressed findings\n");
        for x in &t.suppressed {
            let _ = writeln!(
                o,
                "Suppressed at `{}`: {}\n",
                x.by.display(),
                x.reason.as_deref().unwrap_or("no reason given")
            );
            finding(o, &x.finding);
        }
    }
    let _ = writeln!(o, "\n### Failure cases\n");
    match &t.cases_note {
        Some(note) => {
            let _ = writeln!(o, "{note}.");
        }
        None => {
            if let Some(run) = &t.run {
                let _ = writeln!(
                    o,
                    "Executed: `{}` run {} against `{}`: {} passed, {} failed.\n",
                    run.file,
                    run.started,
                    run.command.join(" "),
                    run.passed,
                    run.failed
                );
                for f in &run.findings {
                    let _ = writeln!(o, "- ⚠ {}", cell(f));
                }
                if !run.findings.is_empty() {
                    let _ = writeln!(o);
                }
                let _ = writeln!(
                    o,
                    "| Case | Input | Expected | Schema rejects | Validator enforces | Executed |\n|---|---|---|---|---|---|"
                );
            } else {
                let _ = writeln!(
                    o,
                    "| Case | Input | Expected | Schema rejects | Validator enforces |\n|---|---|---|---|---|"
                );
            }
            for c in &t.cases {
                case(o, c, t.run.is_some());
            }
            // One cause often explains many rows: list each note once with its rows.
            let mut notes: Vec<(&str, Vec<&str>)> = Vec::new();
            for c in &t.cases {
                let Some(n) = c.schema_note.as_deref() else {
                    continue;
                };
                match notes.iter_mut().find(|(x, _)| *x == n) {
                    Some((_, ids)) => ids.push(&c.id),
                    None => notes.push((n, vec![&c.id])),
                }
            }
            if !notes.is_empty() {
                let _ = writeln!(o);
            }
            for (n, ids) in notes {
                let ids: Vec<String> = ids.iter().map(|i| format!("`{i}`")).collect();
                let _ = writeln!(o, "- {}: {n}", ids.join(", "));
            }
            let _ = writeln!(
                o,
                "\nApplication rules (an unknown product, stock) cannot come from a schema: add such rows by hand."
            );
        }
    }
}

fn case(o: &mut String, c: &CaseRow, run: bool) {
    let schema = if c.schema_disagrees {
        format!("⚠ **{}**", c.schema)
    } else {
        c.schema.clone()
    };
    let executed = match (&c.executed, run) {
        (_, false) => String::new(),
        (Some(e), true) if e.passed => format!(" {} |", cell(&e.label())),
        (Some(e), true) => format!(" ✗ **{}** |", cell(&e.label())),
        (None, true) => " not run |".to_string(),
    };
    let _ = writeln!(
        o,
        "| {} | {} | {} | {} | {} |{executed}",
        code(&c.id),
        code(&c.input.to_string()),
        cell(&c.expected),
        schema,
        cell(&c.validator.label())
    );
}

fn finding(o: &mut String, f: &Finding) {
    let _ = writeln!(
        o,
        "**{} {}** ({}) at `{}`: {}\n",
        f.code,
        f.rule,
        f.severity.as_str(),
        f.location.display(),
        f.message
    );
    if !f.excerpt.is_empty() {
        let _ = writeln!(o, "```text");
        for l in &f.excerpt {
            let marker = if l.primary { ">" } else { " " };
            let _ = writeln!(o, "{marker}{:>5} | {}", l.line, l.text);
        }
        let _ = writeln!(o, "```\n");
    }
    for r in &f.related {
        let _ = writeln!(o, "- also `{}`: {}", r.location.display(), r.message);
    }
    if let Some(h) = &f.help {
        let _ = writeln!(o, "- help: {h}");
    }
    let _ = writeln!(o);
}
