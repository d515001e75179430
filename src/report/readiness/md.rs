//! The readiness report as GitHub-flavoured Markdown.

use super::spill;
use crate::judge::readiness::{CaseRow, Finding, Readiness, Source, ToolReport};
use crate::source::escape::visible;
use std::fmt::Write;

/// Prose from the tree (messages, reasons, help), as the HTML report reads it: the
/// backticked spans our messages quote names in are code spans, the rest is text with every
/// character Markdown could read as markup escaped (emphasis, links and images, HTML), so a
/// name holding a backtick or `[..](..)` can move where a code span ends but never make
/// markup. Control, escape and bidi characters are shown visibly (one line); pipes are
/// escaped so a table cell stays one cell.
pub(crate) fn cell(s: &str) -> String {
    let s = visible(s);
    if !s.matches('`').count().is_multiple_of(2) {
        return text(&s);
    }
    s.split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 if !part.is_empty() => code(part),
            1 => text("``"),
            _ => text(part),
        })
        .collect()
}

/// Text outside code: HTML made inert and inline markup escaped (CommonMark 2.4 lets any
/// ASCII punctuation be escaped with a backslash).
fn text(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        // `_` inside a word is never emphasis in GFM (`OUT_OF_RANGE` stays as written).
        let word = |k: Option<usize>| {
            k.and_then(|k| chars.get(k))
                .is_some_and(|c| c.is_alphanumeric())
        };
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '_' if word(i.checked_sub(1)) && word(Some(i + 1)) => o.push(c),
            '\\' | '`' | '*' | '_' | '[' | ']' | '~' | '|' | '!' => {
                o.push('\\');
                o.push(c);
            }
            c => o.push(c),
        }
    }
    o
}

/// Inline code in a table cell.
fn code(s: &str) -> String {
    inline(&visible(s).replace('|', "\\|"))
}

/// Inline code outside a table. The fence is one backtick longer than the longest run of
/// backticks inside, and padded when the text starts or ends with one, so no text can
/// close the span early (CommonMark 6.1); HTML is inert inside a code span.
fn inline(s: &str) -> String {
    let s = visible(s);
    let fence = "`".repeat(longest_run(&s, '`') + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// The longest run of `c` in `s`.
fn longest_run(s: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for x in s.chars() {
        run = if x == c { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

fn mark(present: bool) -> &'static str {
    if present { "yes" } else { "—" }
}

/// The report as one string.
pub fn render(r: &Readiness) -> String {
    crate::report::to_string(|w| write(r, w))
}

/// Write the report to `out` a part at a time: the report of a large manifest is never
/// held whole as text.
pub fn write(r: &Readiness, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut o = String::new();
    let e = &r.environment;
    let s = &r.summary;
    let _ = writeln!(o, "# Tool contract readiness report\n");
    let _ = writeln!(o, "**Overall: {}**\n", s.verdict.label().to_uppercase());
    for reason in &s.reasons {
        let _ = writeln!(o, "- {}", cell(reason));
    }
    let _ = writeln!(o, "\n> {}\n", s.rule);

    let _ = writeln!(o, "## Environment\n\n| | |\n|---|---|");
    let _ = writeln!(o, "| contractlint | {} |", cell(&e.contractlint));
    let _ = writeln!(o, "| checked paths | {} |", cell(&e.paths.join(", ")));
    let git = match &e.git {
        Some(g) => format!(
            "{} ({})",
            code(&g.revision),
            match g.dirty {
                Some(true) => "uncommitted changes",
                Some(false) => "clean",
                None => "uncommitted changes not checked",
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
    let config = match (&e.config.file, e.config.applied.as_slice()) {
        (Some(f), []) => code(f),
        (_, []) => "none (defaults)".into(),
        (_, applied) => applied
            .iter()
            .map(|f| code(f))
            .collect::<Vec<_>>()
            .join(", "),
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
        let _ = writeln!(
            o,
            "| {} ({}){} | {} | {} | {} | {} | {} | {} | **{}** |",
            code(&t.name),
            cell(&t.package),
            if t.helper {
                " sandbox helper, not counted"
            } else {
                ""
            },
            mark(t.schema),
            mark(t.description),
            mark(t.validator),
            t.counts.errors,
            t.counts.warnings,
            t.counts.infos,
            t.verdict.label()
        );
        spill(&mut o, out)?;
    }
    if !r.other_findings.is_empty() {
        let _ = writeln!(o, "\n### Findings outside any tool\n");
        for f in &r.other_findings {
            finding(&mut o, f);
        }
    }
    for t in r.reports() {
        tool(&mut o, &t);
        spill(&mut o, out)?;
    }
    if let Some(d) = &r.diff {
        changes(&mut o, d);
    }
    let so = &e.sign_off;
    let _ = writeln!(
        o,
        "\n## Sign-off\n\nThis report supports a release decision for the scope below only: the environment above, the tools and rows shown, and the runs recorded.\n\n| | |\n|---|---|"
    );
    for (k, v) in [
        ("reviewer", &so.reviewer),
        ("date", &so.date),
        ("decision", &so.decision),
        ("scope", &so.scope),
    ] {
        let _ = writeln!(
            o,
            "| {k} | {} |",
            v.as_deref().map(cell).unwrap_or_default()
        );
    }
    out.write_all(o.as_bytes())
}

fn tool(o: &mut String, t: &ToolReport) {
    let _ = writeln!(
        o,
        "\n## {} ({}) — {}\n",
        inline(&t.name),
        cell(&t.package),
        t.verdict.label()
    );
    for reason in &t.reasons {
        let _ = writeln!(o, "- {}", cell(reason));
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
                "Suppressed at {}: {}\n",
                inline(&x.by.display()),
                cell(x.reason.as_deref().unwrap_or("no reason given"))
            );
            finding(o, &x.finding);
        }
    }
    let _ = writeln!(o, "\n### Failure cases\n");
    match &t.cases_note {
        Some(note) => {
            let _ = writeln!(o, "{}.", cell(note));
        }
        None => {
            if let Some(run) = &t.run {
                let _ = writeln!(
                    o,
                    "Executed: {} run {} against {}: {} passed, {} failed.\n",
                    inline(&run.file),
                    cell(&run.started),
                    inline(&run.command.join(" ")),
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
                let ids: Vec<String> = ids.iter().map(|i| inline(i)).collect();
                let _ = writeln!(o, "- {}: {}", ids.join(", "), cell(n));
            }
            let _ = writeln!(
                o,
                "\nApplication rules come from the code where it shows them (a value looked up in a catalogue gets an unknown-reference row); others (stock) are added by hand."
            );
        }
    }
}

/// The contract's changes since the named release, breaking first.
fn changes(o: &mut String, d: &crate::judge::readiness::ContractDiff) {
    let _ = writeln!(
        o,
        "\n## Changes since {}\n\nThe tools' contracts at {} against {}, as `contractlint diff` classifies them.\n",
        code(&d.base),
        code(&d.head),
        code(&d.base)
    );
    if d.changes.is_empty() {
        let _ = writeln!(o, "No tool's contract changed.");
        return;
    }
    let _ = writeln!(
        o,
        "| class | code | tool | change | where |\n|---|---|---|---|---|"
    );
    for class in ["breaking", "degrading", "compatible"] {
        for c in d.changes.iter().filter(|c| c.class == class) {
            let _ = writeln!(
                o,
                "| {class} | {} | {} | {} | {}:{} |",
                c.code,
                c.tool.as_deref().map(code).unwrap_or_default(),
                cell(&c.message),
                cell(&c.location.file),
                c.location.line
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
        "**{} {}** ({}) at {}: {}\n",
        f.code,
        f.rule,
        f.severity.as_str(),
        inline(&f.location.display()),
        cell(&f.message)
    );
    if !f.excerpt.is_empty() {
        // The fence outgrows any backtick run in the excerpt, so the source cannot close it.
        let texts: Vec<_> = f.excerpt.iter().map(|l| visible(&l.text)).collect();
        let run = texts.iter().map(|t| longest_run(t, '`')).max().unwrap_or(0);
        let fence = "`".repeat(run.max(2) + 1);
        let _ = writeln!(o, "{fence}text");
        for (l, text) in f.excerpt.iter().zip(&texts) {
            let marker = if l.primary { ">" } else { " " };
            let _ = writeln!(o, "{marker}{:>5} | {text}", l.line);
        }
        let _ = writeln!(o, "{fence}\n");
    }
    for r in &f.related {
        let _ = writeln!(
            o,
            "- also {}: {}",
            inline(&r.location.display()),
            cell(&r.message)
        );
    }
    if let Some(h) = &f.help {
        let _ = writeln!(o, "- help: {}", cell(h));
    }
    let _ = writeln!(o);
}
