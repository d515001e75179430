//! The readiness report as one self-contained HTML page: inline CSS and SVG, no scripts,
//! no fonts or images from elsewhere; printed, each tool starts on a new page. The markup
//! is well-formed XML (every element closed, every attribute quoted) so tests can parse it.

use super::spill;
use crate::judge::readiness::executed::Cell;
use crate::judge::readiness::{
    CaseRow, Evidence, Finding, Readiness, ToolLine, ToolReport, Verdict,
};
use std::collections::HashMap;
use std::fmt::Write;

const STYLE: &str = r#"
:root { --err: #c62828; --warn: #e08a00; --info: #1e6fd9; --ok: #2e7d32; --ink: #1d2330;
        --muted: #5b6474; --line: #dde1e8; --soft: #f5f7fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: var(--ink); background: #fff; }
main { max-width: 1040px; margin: 0 auto; padding: 28px 32px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0; } h2 code { font-size: 22px; }
.nowrap { white-space: nowrap; }
code.pill { background: var(--soft); border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; font-size: 11px; }
h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 22px 0 8px; }
.subtitle { color: var(--muted); margin: 0 0 18px; }
.head { display: flex; align-items: center; gap: 14px; flex-wrap: wrap; }
.badge { display: inline-block; padding: 3px 10px; border-radius: 999px; font-weight: 600; font-size: 12px;
         text-transform: uppercase; letter-spacing: .04em; color: #fff; white-space: nowrap; }
.v-ready { background: var(--ok); } .v-needs_review { background: var(--warn); } .v-not_ready { background: var(--err); }
.sev { font-weight: 600; font-size: 11px; text-transform: uppercase; padding: 1px 7px; border-radius: 4px; color: #fff; }
.sev-error { background: var(--err); } .sev-warning { background: var(--warn); } .sev-info { background: var(--info); }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 12px 0; background: #fff; }
.verdict-card { border-left: 6px solid var(--warn); }
.verdict-card.v-ready-border { border-left-color: var(--ok); } .verdict-card.v-not_ready-border { border-left-color: var(--err); }
.reasons { margin: 6px 0 0; padding-left: 18px; }
.rule { color: var(--muted); font-size: 12px; margin: 8px 0 0; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
table.cases { table-layout: fixed; } table.cases td { overflow-wrap: anywhere; }
sup { color: var(--muted); font-size: 10px; margin-left: 2px; }
th { text-align: left; font-weight: 600; color: var(--muted); border-bottom: 2px solid var(--line); padding: 6px 8px; }
td { border-bottom: 1px solid var(--line); padding: 5px 8px; vertical-align: top; }
tr { break-inside: avoid; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
td code { overflow-wrap: anywhere; }
.yes { color: var(--ok); font-weight: 600; } .no { color: var(--muted); }
.bad { color: var(--err); font-weight: 700; }
.finding { border-left: 4px solid var(--line); padding: 6px 0 6px 12px; margin: 10px 0; }
.finding.f-error { border-left-color: var(--err); } .finding.f-warning { border-left-color: var(--warn); }
.finding.f-info { border-left-color: var(--info); }
.finding p { margin: 4px 0; }
.loc { color: var(--muted); font-size: 12px; }
pre.excerpt { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 6px 0; margin: 6px 0;
              overflow-x: auto; white-space: pre; }
pre.excerpt span { display: block; padding: 0 10px; }
pre.excerpt span.hl { background: #fff1c7; }
pre.excerpt i { font-style: normal; color: var(--muted); display: inline-block; width: 3.5em; }
.note { color: var(--muted); font-size: 12px; }
tr.disagree td { background: #fdecea; }
tr.ran td { border-bottom: none; }
tr.detail td { padding: 0 8px 8px 24px; font-size: 12px; }
ul.checks { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 2px 14px; }
.k { color: var(--muted); }
.state { margin: 3px 0; } .state code { background: var(--soft); padding: 0 3px; border-radius: 3px; }
mark { background: #fff1c7; padding: 0 3px; border-radius: 3px; }
details summary { cursor: pointer; color: var(--muted); }
details pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; margin: 4px 0;
              white-space: pre-wrap; overflow-wrap: anywhere; }
.signoff-part { margin-top: 36px; padding-top: 24px; border-top: 3px solid var(--ink); break-inside: avoid; }
.signoff dd { border-bottom: 1px solid var(--ink); min-height: 1.6em; }
section.tool { margin-top: 36px; padding-top: 24px; border-top: 3px solid var(--ink); }
svg text { font-family: system-ui, "DejaVu Sans", sans-serif; }
@page { size: A4; margin: 12mm; }
@media print {
  body { font-size: 11px; }
  main { max-width: none; padding: 0; }
  table { font-size: 10px; } td, th { padding: 3px 6px; }
  code, pre { font-size: 9.5px; } h3 { margin: 12px 0 5px; }
  .finding { margin: 6px 0; } .card { margin: 8px 0; }
  section.tool { break-before: page; border-top: none; margin-top: 0; padding-top: 0; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"#;

/// Text content and attribute values, escaped for HTML and XML alike, with control, escape
/// and bidi characters shown as `\u{…}` (see [`crate::source::escape`]).
fn esc(s: &str) -> String {
    let s = crate::source::escape::visible(s);
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// Escaped text with `backticked` spans as `<code>`, as messages are written.
fn inline(s: &str) -> String {
    if !s.matches('`').count().is_multiple_of(2) {
        return esc(s);
    }
    s.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{}</code>", esc(part))
            } else {
                esc(part)
            }
        })
        .collect()
}

fn verdict_badge(v: Verdict) -> String {
    format!(
        r#"<span class="badge v-{}">{}</span>"#,
        verdict_class(v),
        esc(v.label())
    )
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Ready => "ready",
        Verdict::NeedsReview => "needs_review",
        Verdict::NotReady => "not_ready",
    }
}

/// The report as one string.
pub fn render(r: &Readiness) -> String {
    crate::report::to_string(|w| write(r, w))
}

/// Write the report to `out` a part at a time: the report of a large manifest is never
/// held whole as text.
pub fn write(r: &Readiness, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut o = String::new();
    let s = &r.summary;
    let e = &r.environment;
    o.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    o.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    o.push_str("<title>Tool contract readiness report</title>\n<style>");
    o.push_str(STYLE);
    o.push_str("</style>\n</head>\n<body>\n<main>\n");
    let _ = write!(
        o,
        r#"<h1>Tool contract readiness report</h1><p class="subtitle">{} tools · {} files · generated by contractlint {} on {}</p>"#,
        s.tools,
        s.files,
        esc(&e.contractlint),
        esc(&e.date)
    );

    let _ = write!(
        o,
        r#"<div class="card verdict-card v-{}-border"><div class="head"><strong>Overall</strong>{}</div><ul class="reasons">"#,
        verdict_class(s.verdict),
        verdict_badge(s.verdict)
    );
    for reason in &s.reasons {
        let _ = write!(o, "<li>{}</li>", esc(reason));
    }
    let _ = write!(o, r#"</ul><p class="rule">{}</p></div>"#, esc(s.rule));

    o.push_str(
        r#"<div class="grid"><div class="card"><h3 style="margin-top:0">Environment</h3><dl>"#,
    );
    let mut row = |k: &str, v: String| {
        let _ = write!(o, "<dt>{}</dt><dd>{v}</dd>", esc(k));
    };
    row("contractlint", esc(&e.contractlint));
    row("checked paths", esc(&e.paths.join(", ")));
    row(
        "git revision",
        match &e.git {
            Some(g) => format!(
                "<code>{}</code> ({})",
                esc(&g.revision),
                match g.dirty {
                    Some(true) => "uncommitted changes",
                    Some(false) => "clean",
                    None => "uncommitted changes not checked",
                }
            ),
            None => "not a git checkout".into(),
        },
    );
    let dialects: Vec<String> = e
        .dialects
        .iter()
        .map(|d| {
            esc(&format!(
                "{} ({}): {}",
                d.dialect,
                if d.declared { "declared" } else { "assumed" },
                d.tools.join(", ")
            ))
        })
        .collect();
    row(
        "schema dialects",
        if dialects.is_empty() {
            "none".into()
        } else {
            dialects.join("<br/>")
        },
    );
    row("date", esc(&e.date));
    row(
        "config",
        match (&e.config.file, e.config.applied.as_slice()) {
            (Some(f), []) => format!("<code>{}</code>", esc(f)),
            (_, []) => "none (defaults)".into(),
            (_, applied) => applied
                .iter()
                .map(|f| format!("<code>{}</code>", esc(f)))
                .collect::<Vec<_>>()
                .join(", "),
        },
    );
    if !e.config.settings.is_empty() {
        let settings: Vec<String> = e
            .config
            .settings
            .iter()
            .map(|x| format!("<code>{}</code>", esc(x)))
            .collect();
        row("settings", settings.join("<br/>"));
    }
    o.push_str("</dl></div>");
    o.push_str(r#"<div class="card"><h3 style="margin-top:0">Findings per tool</h3>"#);
    chart(&mut o, r, out)?;
    o.push_str("</div></div>");

    o.push_str(r#"<h3>Summary</h3><table><thead><tr><th>Tool</th><th>Schema</th><th>Description</th><th>Rust validator</th><th class="num">Errors</th><th class="num">Warnings</th><th class="num">Infos</th><th>Schema vs cases</th><th>Verdict</th></tr></thead><tbody>"#);
    let anchors = anchors(&r.tools);
    for (t, anchor) in r.tools.iter().zip(&anchors) {
        let has = |present: bool| {
            if present {
                r#"<span class="yes">✓</span>"#
            } else {
                r#"<span class="no">—</span>"#
            }
        };
        let _ = write!(
            o,
            r##"<tr><td><a href="#{}"><code>{}</code></a> <span class="pkg">{}</span>{}</td><td>{}</td><td>{}</td><td>{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td>{}</td><td>{}</td></tr>"##,
            anchor,
            esc(&t.name),
            esc(&t.package),
            if t.helper {
                r#" <code class="pill">sandbox helper, not counted</code>"#
            } else {
                ""
            },
            has(t.schema),
            has(t.description),
            has(t.validator),
            t.counts.errors,
            t.counts.warnings,
            t.counts.infos,
            if t.disagreeing == 0 {
                format!("{} rows agree", t.cases)
            } else {
                format!(r#"<span class="bad">{} disagree</span>"#, t.disagreeing)
            },
            verdict_badge(t.verdict)
        );
        spill(&mut o, out)?;
    }
    o.push_str("</tbody></table>");
    let _ = write!(
        o,
        r#"<p class="note">Findings: {} errors, {} warnings, {} infos ({} suppressed in the source, not counted). Case rows where the schema disagrees with the expectation: {}.</p>"#,
        s.errors, s.warnings, s.infos, s.suppressed, s.schema_case_findings
    );
    if !r.other_findings.is_empty() {
        o.push_str("<h3>Findings outside any tool</h3>");
        for f in &r.other_findings {
            finding(&mut o, f);
        }
    }
    for (t, anchor) in r.reports().zip(&anchors) {
        tool(&mut o, &t, anchor);
        spill(&mut o, out)?;
    }
    if let Some(d) = &r.diff {
        changes(&mut o, d);
    }
    sign_off(&mut o, &e.sign_off);
    o.push_str("\n</main>\n</body>\n</html>\n");
    out.write_all(o.as_bytes())
}

/// Section ids: the tool's name, whitespace made `-`; a name seen before (one tool linked
/// in several crates) gets `-2`, `-3`, ...
fn anchors(tools: &[ToolLine]) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    tools
        .iter()
        .map(|t| {
            let base: String = t
                .name
                .chars()
                .map(|c| if c.is_whitespace() { '-' } else { c })
                .collect();
            let count = seen.entry(base.clone()).or_default();
            let n = *count;
            *count += 1;
            let id = if n == 0 {
                base
            } else {
                format!("{base}-{}", n + 1)
            };
            format!("tool-{}", esc(&id))
        })
        .collect()
}

/// Horizontal stacked bars: one row per tool, errors, warnings and infos.
fn chart(o: &mut String, r: &Readiness, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let (label_w, bar_w, row_h, top) = (150.0, 300.0, 26.0, 30.0);
    let max = r
        .tools
        .iter()
        .map(|t| t.counts.errors + t.counts.warnings + t.counts.infos)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let height = top + row_h * r.tools.len().max(1) as f64 + 8.0;
    let width = label_w + bar_w + 40.0;
    let _ = write!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Findings per tool and severity" viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px">"#
    );
    let mut x = 0.0;
    for (name, color) in [
        ("error", "#c62828"),
        ("warning", "#e08a00"),
        ("info", "#1e6fd9"),
    ] {
        let _ = write!(
            o,
            r##"<rect x="{x}" y="4" width="12" height="12" rx="2" fill="{color}"/><text x="{}" y="14" font-size="12" fill="#5b6474">{name}</text>"##,
            x + 16.0
        );
        x += 86.0;
    }
    if r.tools.is_empty() {
        let _ = write!(
            o,
            r##"<text x="0" y="{}" font-size="12" fill="#5b6474">no tools found</text>"##,
            top + 16.0
        );
    }
    for (i, t) in r.tools.iter().enumerate() {
        let y = top + i as f64 * row_h;
        let name: String = if t.name.chars().count() > 20 {
            t.name.chars().take(19).chain(['…']).collect()
        } else {
            t.name.clone()
        };
        let _ = write!(
            o,
            r##"<text x="0" y="{}" font-size="12" fill="#1d2330">{}</text>"##,
            y + 15.0,
            esc(&name)
        );
        let mut bx = label_w;
        let total = t.counts.errors + t.counts.warnings + t.counts.infos;
        let _ = write!(
            o,
            r##"<rect x="{label_w}" y="{}" width="{bar_w}" height="16" rx="3" fill="#f0f2f5"/>"##,
            y + 3.0
        );
        for (n, color) in [
            (t.counts.errors, "#c62828"),
            (t.counts.warnings, "#e08a00"),
            (t.counts.infos, "#1e6fd9"),
        ] {
            if n == 0 {
                continue;
            }
            let w = bar_w * n as f64 / max;
            let _ = write!(
                o,
                r#"<rect x="{bx:.1}" y="{}" width="{w:.1}" height="16" fill="{color}"><title>{n}</title></rect>"#,
                y + 3.0
            );
            if w >= 14.0 {
                let _ = write!(
                    o,
                    r##"<text x="{:.1}" y="{}" font-size="11" fill="#fff" text-anchor="middle">{n}</text>"##,
                    bx + w / 2.0,
                    y + 15.0
                );
            }
            bx += w;
        }
        let _ = write!(
            o,
            r##"<text x="{}" y="{}" font-size="12" fill="#5b6474">{total}</text>"##,
            label_w + bar_w + 8.0,
            y + 15.0
        );
        spill(o, out)?;
    }
    o.push_str("</svg>");
    Ok(())
}

fn tool(o: &mut String, t: &ToolReport, anchor: &str) {
    let _ = write!(
        o,
        r#"<section class="tool" id="{}"><div class="head"><h2><code>{}</code> <span class="pkg">{}</span></h2>{}</div><ul class="reasons">"#,
        anchor,
        esc(&t.name),
        esc(&t.package),
        verdict_badge(t.verdict)
    );
    for reason in &t.reasons {
        let _ = write!(o, "<li>{}</li>", esc(reason));
    }
    o.push_str("</ul><h3>Sources</h3><table><thead><tr><th>Source</th><th>Location</th><th>Detail</th></tr></thead><tbody>");
    for s in &t.sources {
        let at = s.location.as_ref().map_or_else(
            || r#"<span class="no">—</span>"#.to_string(),
            |l| format!("<code>{}</code>", esc(&l.display())),
        );
        let _ = write!(
            o,
            "<tr><td>{}</td><td>{at}</td><td>{}</td></tr>",
            esc(s.kind),
            esc(&s.detail)
        );
    }
    o.push_str("</tbody></table><h3>Findings</h3>");
    if t.findings.is_empty() {
        o.push_str(r#"<p class="note">No findings.</p>"#);
    }
    for f in &t.findings {
        finding(o, f);
    }
    if !t.suppressed.is_empty() {
        o.push_str("<h3>Suppressed findings</h3>");
        for x in &t.suppressed {
            let _ = write!(
                o,
                r#"<p class="loc">suppressed at <code>{}</code>: {}</p>"#,
                esc(&x.by.display()),
                esc(x.reason.as_deref().unwrap_or("no reason given"))
            );
            finding(o, &x.finding);
        }
    }
    o.push_str("<h3>Failure cases</h3>");
    match &t.cases_note {
        Some(note) => {
            let _ = write!(o, r#"<p class="note">{}.</p>"#, esc(note));
        }
        None => {
            if let Some(run) = &t.run {
                let _ = write!(
                    o,
                    r#"<p class="note">Executed: <code>{}</code> run {} against <code>{}</code>: {} passed, {} failed.</p>"#,
                    esc(&run.file),
                    esc(&run.started),
                    esc(&run.command.join(" ")),
                    run.passed,
                    run.failed
                );
                for f in &run.findings {
                    let _ = write!(
                        o,
                        r#"<p class="note"><span class="bad">⚠</span> {}</p>"#,
                        esc(f)
                    );
                }
                o.push_str(r#"<table class="cases"><colgroup><col style="width:14%"/><col style="width:25%"/><col style="width:15%"/><col style="width:10%"/><col style="width:14%"/><col style="width:22%"/></colgroup><thead><tr><th>Case</th><th>Input</th><th>Expected</th><th>Schema rejects</th><th>Validator enforces</th><th>Executed</th></tr></thead><tbody>"#);
            } else {
                o.push_str(r#"<table class="cases"><colgroup><col style="width:18%"/><col style="width:31%"/><col style="width:19%"/><col style="width:13%"/><col style="width:19%"/></colgroup><thead><tr><th>Case</th><th>Input</th><th>Expected</th><th>Schema rejects</th><th>Validator enforces</th></tr></thead><tbody>"#);
            }
            // Notes repeat across rows (one cause, many rows): number each distinct one.
            let mut notes: Vec<&str> = Vec::new();
            for c in &t.cases {
                let mark = c.schema_note.as_deref().map(|n| {
                    if !notes.contains(&n) {
                        notes.push(n);
                    }
                    notes.iter().position(|x| *x == n).unwrap_or(0) + 1
                });
                case(o, c, mark, t.run.is_some());
                if t.run.is_some()
                    && let Some(e) = &c.executed
                {
                    ran(o, e);
                }
            }
            o.push_str("</tbody></table>");
            for (i, n) in notes.iter().enumerate() {
                let _ = write!(
                    o,
                    r#"<p class="note"><sup>{}</sup> {}</p>"#,
                    i + 1,
                    inline(n)
                );
            }
            o.push_str(r#"<p class="note">Schema rejects: the row's input evaluated against the published schema. Validator enforces: static evidence from the Rust code. Application rules come from the code where it shows them (a value looked up in a catalogue gets an unknown-reference row); others (stock) are added by hand.</p>"#);
        }
    }
    o.push_str("</section>\n");
}

fn case(o: &mut String, c: &CaseRow, note: Option<usize>, run: bool) {
    let label = esc(&c.schema);
    let schema = if c.schema_disagrees {
        format!(r#"<span class="bad">⚠ {label}</span>"#)
    } else if note.is_some() {
        label
    } else {
        format!(r#"<span class="yes">✓</span> {label}"#)
    };
    let note = note.map(|n| format!("<sup>{n}</sup>")).unwrap_or_default();
    let validator = match &c.validator {
        // The file name is enough beside the sources table; the full path is the tooltip.
        Evidence::Check(l) => format!(
            r#"<span class="yes">✓</span> <code title="{}">{}:{}:{}</code>"#,
            esc(&l.display()),
            esc(l.file.rsplit('/').next().unwrap_or(&l.file)),
            l.line,
            l.column
        ),
        Evidence::NoCheckFound => {
            format!(r#"<span class="bad">{}</span>"#, esc(&c.validator.label()))
        }
        other => esc(&other.label()),
    };
    let field = c.expect["field"]
        .as_str()
        .map(|f| format!(r#" at <code>{}</code>"#, esc(f)))
        .unwrap_or_default();
    let expected = match c.expect["code"].as_str() {
        Some(code) => format!(r#"rejected <code class="pill">{}</code>{field}"#, esc(code)),
        None => format!("{}{field}", esc(&c.expected)),
    };
    let executed = match (&c.executed, run) {
        (_, false) => String::new(),
        (Some(e), true) if e.passed => {
            format!(r#"<td><span class="yes">✓</span> {}</td>"#, esc(&e.label()))
        }
        (Some(e), true) => format!(r#"<td><span class="bad">✗ {}</span></td>"#, esc(&e.label())),
        (None, true) => "<td>not run</td>".to_string(),
    };
    let _ = write!(
        o,
        r#"<tr{}><td><code>{}</code></td><td><code>{}</code></td><td>{expected}</td><td>{schema}{note}</td><td>{validator}</td>{executed}</tr>"#,
        match (c.schema_disagrees, run && c.executed.is_some()) {
            (true, true) => r#" class="disagree ran""#,
            (true, false) => r#" class="disagree""#,
            (false, true) => r#" class="ran""#,
            (false, false) => "",
        },
        esc(&c.id),
        esc(&c.input.to_string()),
    );
}

/// What a run did with one row: its assertions, the state before and after with what
/// changed, and the response, collapsed.
fn ran(o: &mut String, e: &Cell) {
    o.push_str(r#"<tr class="detail"><td colspan="6"><ul class="checks">"#);
    for a in &e.assertions {
        let (mark, class) = match a.result.as_str() {
            "passed" => ("✓", "yes"),
            "failed" => ("✗", "bad"),
            _ => ("–", "no"),
        };
        let at = a
            .pointer
            .as_deref()
            .map(|p| format!(" <code>{}</code>", esc(p)))
            .unwrap_or_default();
        let got = if a.result == "passed" {
            String::new()
        } else {
            format!(r#", got <code>{}</code>"#, esc(&compact(&a.got)))
        };
        let _ = write!(
            o,
            r#"<li><span class="{class}">{mark}</span> {}{at} <code>{}</code>{got}</li>"#,
            esc(&a.what),
            esc(&compact(&a.expected))
        );
    }
    o.push_str("</ul>");
    for s in &e.setup {
        let _ = write!(
            o,
            r#"<div class="state"><span class="k">setup</span> <code>{}</code></div>"#,
            esc(s)
        );
    }
    if let (Some(b), Some(a)) = (&e.before, &e.after) {
        let _ = write!(
            o,
            r#"<div class="state"><span class="k">state before</span> <code>{}</code> <span class="k">after</span> <code>{}</code> "#,
            esc(&compact(b)),
            esc(&compact(a))
        );
        if e.changes.is_empty() {
            o.push_str(r#"<span class="k">— unchanged</span>"#);
        }
        for c in &e.changes {
            let side = |v: &Option<serde_json::Value>| {
                v.as_ref().map_or_else(|| "absent".to_string(), compact)
            };
            let _ = write!(
                o,
                r#"<mark>changed <code>{}</code>: {} → {}</mark> "#,
                esc(&c.pointer),
                esc(&side(&c.before)),
                esc(&side(&c.after))
            );
        }
        o.push_str("</div>");
    }
    if !e.response.is_null() {
        // Line by line: the pretty JSON's line breaks are its layout (a string's own are
        // escaped by JSON), so they stay breaks rather than shown escapes.
        let pretty = serde_json::to_string_pretty(&e.response).unwrap_or_default();
        let lines: Vec<String> = pretty.lines().map(esc).collect();
        let _ = write!(
            o,
            "<details><summary>response</summary><pre>{}</pre></details>",
            lines.join("\n")
        );
    }
    o.push_str("</td></tr>");
}

/// JSON on one line, cut at 160 characters.
fn compact(v: &serde_json::Value) -> String {
    let s = v.as_str().map_or_else(|| v.to_string(), str::to_string);
    if s.chars().count() > 160 {
        format!("{}…", s.chars().take(160).collect::<String>())
    } else {
        s
    }
}

/// The reviewer's sign-off: what the configuration gives, blank lines for the rest.
/// The contract's changes since the named release, breaking first.
fn changes(o: &mut String, d: &crate::judge::readiness::ContractDiff) {
    let _ = write!(
        o,
        r#"<section class="changes" id="changes"><h2>Changes since <code>{}</code></h2><p class="note">The tools' contracts at <code>{}</code> against <code>{}</code>, as <code>contractlint diff</code> classifies them.</p>"#,
        esc(&d.base),
        esc(&d.head),
        esc(&d.base)
    );
    if d.changes.is_empty() {
        o.push_str("<p>No tool's contract changed.</p></section>");
        return;
    }
    o.push_str("<table><thead><tr><th>class</th><th>code</th><th>tool</th><th>change</th><th>where</th></tr></thead><tbody>");
    for class in ["breaking", "degrading", "compatible"] {
        for c in d.changes.iter().filter(|c| c.class == class) {
            let _ = write!(
                o,
                "<tr><td>{class}</td><td>{}</td><td>{}</td><td>{}</td><td>{}:{}</td></tr>",
                c.code,
                c.tool
                    .as_deref()
                    .map(|t| format!("<code>{}</code>", esc(t)))
                    .unwrap_or_default(),
                esc(&c.message),
                esc(&c.location.file),
                c.location.line
            );
        }
    }
    o.push_str("</tbody></table></section>");
}

fn sign_off(o: &mut String, s: &crate::config::SignOff) {
    o.push_str(r#"<div class="signoff-part" id="sign-off"><h2>Sign-off</h2><p class="note">This report supports a release decision for the scope below only: the environment above, the tools and rows shown, and the runs recorded.</p><div class="card signoff"><dl>"#);
    for (k, v) in [
        ("reviewer", &s.reviewer),
        ("date", &s.date),
        ("decision", &s.decision),
        ("scope", &s.scope),
    ] {
        let _ = write!(
            o,
            "<dt>{k}</dt><dd>{}</dd>",
            v.as_deref().map(esc).unwrap_or_default()
        );
    }
    o.push_str("</dl></div></div>\n");
}

fn finding(o: &mut String, f: &Finding) {
    let sev = f.severity.as_str();
    let _ = write!(
        o,
        r#"<div class="finding f-{sev}"><p><span class="sev sev-{sev}">{sev}</span> <strong>{} {}</strong> {}</p><p class="loc"><code>{}</code> — {}</p>"#,
        esc(f.code),
        esc(&f.rule),
        inline(&f.message),
        esc(&f.location.display()),
        inline(&f.label)
    );
    if !f.excerpt.is_empty() {
        o.push_str(r#"<pre class="excerpt">"#);
        for l in &f.excerpt {
            let _ = write!(
                o,
                r#"<span{}><i>{}</i>{}</span>"#,
                if l.primary { r#" class="hl""# } else { "" },
                l.line,
                esc(&l.text)
            );
        }
        o.push_str("</pre>");
    }
    for r in &f.related {
        let _ = write!(
            o,
            r#"<p class="loc">also <code>{}</code> — {}</p>"#,
            esc(&r.location.display()),
            inline(&r.message)
        );
    }
    if let Some(h) = &f.help {
        let _ = write!(o, "<p><strong>help:</strong> {}</p>", inline(h));
    }
    o.push_str("</div>");
}
