//! The readiness report for auditors. [`build`] and [`Readiness::reports`] decide
//! everything (verdicts, evidence, excerpts); `html`, `md` and `json` only render what
//! they return.

pub mod environment;
mod evidence;
pub mod executed;
mod git;

use crate::config::CasesConfig;
use crate::contract::{Contract, ReadWritten};
use crate::diagnostic::{Diagnostic, Severity};
use crate::judge::cases::{self, Case, SchemaVerdict, Status};
use crate::outcome::Outcome;
use crate::source::{SourceMap, Span};
pub use environment::Environment;
use rayon::prelude::*;
use serde::Serialize;

/// The rule behind every verdict, printed with the summary.
pub const VERDICT_RULE: &str = "A tool is NOT READY when it has an error-severity finding or no published input schema; \
it NEEDS REVIEW when it has a warning, a failure case its schema accepts, a positive control its schema rejects, \
or no Rust validator linked (a schema alone does not show that the code enforces it); otherwise it is READY. \
The overall verdict is the worst tool verdict (NOT READY when no tool was found).";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Ready,
    NeedsReview,
    NotReady,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Ready => "ready",
            Verdict::NeedsReview => "needs review",
            Verdict::NotReady => "not ready",
        }
    }
}

/// The report. Its summary and overview need a few figures of every tool, decided once
/// here; each tool's section ([`Readiness::reports`]) is built again as it is written, so
/// the report of a large manifest is never held whole.
pub struct Readiness {
    pub environment: Environment,
    pub summary: Summary,
    /// Every tool in report order, as the overview shows it.
    pub tools: Vec<ToolLine>,
    /// Findings that belong to no tool (unreadable files, a whole file's problems).
    pub other_findings: Vec<Finding>,
    /// The contract's changes against a named release (`report --diff-against REV`).
    pub diff: Option<ContractDiff>,
    outcome: Outcome,
    cases: CasesConfig,
    index: Index,
    read: ReadWritten,
}

/// A tool as the report's overview shows it: what its section's full [`ToolReport`] gives,
/// kept for every tool at once.
#[derive(Clone, Debug)]
pub struct ToolLine {
    pub name: String,
    pub package: String,
    pub verdict: Verdict,
    pub counts: Counts,
    /// Which of its faces the tool has: a published schema, a description, a linked
    /// validator.
    pub schema: bool,
    pub description: bool,
    pub validator: bool,
    /// Case rows, and those where the schema disagrees with the expectation.
    pub cases: usize,
    pub disagreeing: usize,
    /// The tool's contract in the outcome.
    contract: usize,
    /// `cases --run` records folded into the tool's section, in the order given.
    runs: Vec<executed::Run>,
    /// A sandbox helper (the configured reset or state tool): reported, but left out of
    /// the overall verdict unless `[cases] count-helpers = true`.
    pub helper: bool,
}

impl ToolLine {
    /// `cases` and `disagreeing` count the rows, which `t` holds only when built whole.
    fn of(
        t: &ToolReport,
        (cases, disagreeing): (usize, usize),
        contract: usize,
        runs: Vec<executed::Run>,
    ) -> ToolLine {
        let has = |k: &str| {
            t.sources
                .iter()
                .any(|s| s.kind == k && s.location.is_some())
        };
        ToolLine {
            name: t.name.clone(),
            package: t.package.clone(),
            verdict: t.verdict,
            counts: t.counts.clone(),
            schema: has("schema"),
            description: has("description"),
            validator: has("validator"),
            cases,
            disagreeing,
            contract,
            runs,
            helper: false,
        }
    }
}

impl Readiness {
    /// Each tool's full report, in report order, built as it is asked for (a few at a time
    /// in parallel).
    pub fn reports(&self) -> impl Iterator<Item = ToolReport> + '_ {
        self.tools.chunks(64).flat_map(|chunk| {
            chunk
                .par_iter()
                .map(|line| self.report(line))
                .collect::<Vec<_>>()
        })
    }

    fn report(&self, line: &ToolLine) -> ToolReport {
        let contract = &self.outcome.project.contracts[line.contract];
        let (mut t, _) = tool_report(
            &self.outcome,
            &self.index,
            contract,
            (&self.cases, self.read),
            true,
        );
        for run in &line.runs {
            executed::fold(&mut t, run);
        }
        t
    }
}

impl Serialize for Readiness {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        struct Reports<'a>(&'a Readiness);
        impl Serialize for Reports<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.reports())
            }
        }
        let mut st = s.serialize_struct("Readiness", 5)?;
        st.serialize_field("environment", &self.environment)?;
        st.serialize_field("summary", &self.summary)?;
        st.serialize_field("tools", &Reports(self))?;
        st.serialize_field("other_findings", &self.other_findings)?;
        if let Some(d) = &self.diff {
            st.serialize_field("diff", d)?;
        } else {
            st.skip_field("diff")?;
        }
        st.end()
    }
}

/// What changed in the tools' contracts since a named release, as `diff` classifies it.
#[derive(Clone, Debug, Serialize)]
pub struct ContractDiff {
    pub base: String,
    pub head: String,
    pub changes: Vec<ContractChange>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ContractChange {
    /// breaking, degrading or compatible.
    pub class: &'static str,
    pub code: &'static str,
    pub tool: Option<String>,
    pub message: String,
    pub location: Location,
}

impl ContractDiff {
    /// The changes `diff` found (errors are breaking, warnings degrading, infos compatible).
    pub fn of(base: String, head: String, outcome: &Outcome) -> ContractDiff {
        let changes = outcome
            .diagnostics
            .iter()
            .map(|d| ContractChange {
                class: d.severity.change_class(),
                code: d.code,
                tool: d.tool.clone(),
                message: d.message.clone(),
                location: Location::of(&outcome.project.sources, d.primary.span),
            })
            .collect();
        ContractDiff {
            base,
            head,
            changes,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub files: usize,
    pub tools: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Findings suppressed in the source (not counted above).
    pub suppressed: usize,
    /// Case rows where the schema disagrees with the expectation.
    pub schema_case_findings: usize,
    pub verdict: Verdict,
    pub reasons: Vec<String>,
    pub rule: &'static str,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl Location {
    pub fn of(sources: &SourceMap, span: Span) -> Location {
        let f = sources.get(span.file);
        let p = f.position(span.start());
        Location {
            file: f.display.clone(),
            line: p.line,
            column: p.column,
        }
    }

    pub fn display(&self) -> String {
        format!("{}:{}:{}", self.file, self.line, self.column)
    }
}

/// Where one of a tool's three faces is.
#[derive(Clone, Debug, Serialize)]
pub struct Source {
    /// `schema`, `description` or `validator`.
    pub kind: &'static str,
    /// `None` when the tool has no such source.
    pub location: Option<Location>,
    /// What was found, or what is missing.
    pub detail: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct ExcerptLine {
    pub line: usize,
    pub text: String,
    /// The line holds the finding's primary span.
    pub primary: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Related {
    pub location: Location,
    pub message: String,
}

/// A finding silenced in the source, shown so an auditor sees what was waived and why.
#[derive(Clone, Debug, Serialize)]
pub struct Suppressed {
    pub finding: Finding,
    /// The suppression comment or key.
    pub by: Location,
    pub reason: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub rule: String,
    pub severity: Severity,
    pub message: String,
    pub location: Location,
    pub label: String,
    pub excerpt: Vec<ExcerptLine>,
    pub related: Vec<Related>,
    pub help: Option<String>,
}

/// Static evidence that the Rust validator enforces a case.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "location")]
pub enum Evidence {
    /// No Rust validator is linked to the tool.
    NoValidatorLinked,
    /// A validator is linked, but no check for this case was found in it.
    NoCheckFound,
    /// The check that rejects the case.
    Check(Location),
    /// A positive control: nothing to reject.
    NotApplicable,
}

impl Evidence {
    pub fn label(&self) -> String {
        match self {
            Evidence::NoValidatorLinked => "no validator linked".into(),
            Evidence::NoCheckFound => "no check found".into(),
            Evidence::Check(l) => l.display(),
            Evidence::NotApplicable => "—".into(),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseRow {
    pub id: String,
    pub property: Option<String>,
    pub input: serde_json::Value,
    /// The expectation exactly as `contractlint cases` writes it.
    pub expect: serde_json::Value,
    /// The expectation in words: `rejected CODE` or `accepted`.
    pub expected: String,
    /// The "schema rejects" column: `rejects`, `accepts` or `not evaluated`.
    pub schema: String,
    /// The schema disagrees with the expectation (a finding about the schema).
    pub schema_disagrees: bool,
    pub schema_note: Option<String>,
    /// The "validator enforces" column.
    pub validator: Evidence,
    /// The schema keyword the case comes from.
    pub derived_from: Option<Location>,
    /// What the live server did with the row (`report --cases-run`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub executed: Option<executed::Cell>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ToolReport {
    pub name: String,
    /// The package (its directory, as shown) that declares the tool: tools of one name in
    /// two packages are two tools.
    pub package: String,
    pub verdict: Verdict,
    pub reasons: Vec<String>,
    pub sources: Vec<Source>,
    pub counts: Counts,
    pub findings: Vec<Finding>,
    /// Findings suppressed in the source; they do not count towards the verdict.
    pub suppressed: Vec<Suppressed>,
    pub cases: Vec<CaseRow>,
    /// Why there are no cases, when there are none.
    pub cases_note: Option<String>,
    /// The run record the executed column comes from (`report --cases-run`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<executed::RunInfo>,
}

/// Assemble the report from a finished run whose findings are per tool
/// (`engine::cap::apply_per_tool`).
pub fn build(
    outcome: Outcome,
    cases_config: &CasesConfig,
    environment: Environment,
    read: ReadWritten,
) -> Readiness {
    let index = Index::of(&outcome);
    let mut tools: Vec<ToolLine> = outcome
        .project
        .contracts
        .par_iter()
        .enumerate()
        .map(|(i, c)| {
            let (t, tally) = tool_report(&outcome, &index, c, (cases_config, read), false);
            let mut line = ToolLine::of(&t, (tally.rows, tally.disagreeing), i, Vec::new());
            line.helper = !cases_config.count_helpers && cases_config.is_helper(&c.name);
            line
        })
        .collect();
    // Alphabetical, whatever source linked the tool; a name linked in several crates keeps
    // link order.
    tools.sort_by(|a, b| (&a.name, &a.package).cmp(&(&b.name, &b.package)));
    let sources = &outcome.project.sources;
    let other_findings = outcome
        .diagnostics
        .iter()
        .filter(|d| d.tool.is_none())
        .map(|d| finding(sources, d))
        .collect();
    let count = |s| {
        outcome
            .diagnostics
            .iter()
            .filter(|d| d.severity == s)
            .count()
    };
    let (verdict, reasons) = overall(&tools);
    let summary = Summary {
        files: outcome.files,
        tools: tools.len(),
        errors: count(Severity::Error),
        warnings: count(Severity::Warning),
        infos: count(Severity::Info),
        suppressed: outcome.suppressed.len(),
        schema_case_findings: tools.iter().map(|t| t.disagreeing).sum(),
        verdict,
        reasons,
        rule: VERDICT_RULE,
    };
    Readiness {
        environment,
        summary,
        tools,
        other_findings,
        diff: None,
        outcome,
        cases: cases_config.clone(),
        index,
        read,
    }
}

/// Each tool name's findings (in report order) and the packages that declare it, looked up
/// rather than searched for among all of them (quadratic in a large manifest's tools, worst
/// with `group = false`): positions in the outcome's `diagnostics`, `suppressed` and
/// `contracts`, each ordered by tool name, found by binary search (no copy of each name,
/// as a map keyed by name would hold).
struct Index {
    findings: Vec<u32>,
    suppressed: Vec<u32>,
    packages: Vec<u32>,
}

/// Which list of an [`Index`].
#[derive(Clone, Copy)]
enum Of {
    Findings,
    Suppressed,
    Packages,
}

fn name_of(outcome: &Outcome, of: Of, i: u32) -> Option<&str> {
    let i = i as usize;
    match of {
        Of::Findings => outcome.diagnostics[i].tool.as_deref(),
        Of::Suppressed => outcome.suppressed[i].diagnostic.tool.as_deref(),
        Of::Packages => Some(outcome.project.contracts[i].name.as_str()),
    }
}

impl Index {
    fn of(outcome: &Outcome) -> Index {
        let by_name = |of: Of, len: usize| {
            let mut order: Vec<u32> = (0..len as u32)
                .filter(|&i| name_of(outcome, of, i).is_some())
                .collect();
            order.sort_by_key(|&i| name_of(outcome, of, i));
            order
        };
        Index {
            findings: by_name(Of::Findings, outcome.diagnostics.len()),
            suppressed: by_name(Of::Suppressed, outcome.suppressed.len()),
            packages: by_name(Of::Packages, outcome.project.contracts.len()),
        }
    }

    /// The positions of what names `name`, in report order.
    fn named<'i>(
        &'i self,
        outcome: &Outcome,
        of: Of,
        name: &str,
    ) -> impl Iterator<Item = usize> + 'i {
        let order = match of {
            Of::Findings => &self.findings,
            Of::Suppressed => &self.suppressed,
            Of::Packages => &self.packages,
        };
        let from = order.partition_point(|&i| name_of(outcome, of, i) < Some(name));
        let to = order.partition_point(|&i| name_of(outcome, of, i) <= Some(name));
        order[from..to].iter().map(|&i| i as usize)
    }

    /// Whether a finding is about this tool: its name and package, and, when other tools of
    /// the package have that name too (files outside any package are one package), a
    /// location in one of the files that declare this one.
    fn belongs(&self, outcome: &Outcome, contract: &Contract, d: &Diagnostic) -> bool {
        let in_package =
            |package: &std::path::Path| d.package.as_deref().is_none_or(|p| p == package);
        if d.tool.as_deref() != Some(contract.name.as_str()) || !in_package(&contract.package) {
            return false;
        }
        let namesakes = self
            .named(outcome, Of::Packages, &contract.name)
            .filter(|&i| in_package(&outcome.project.contracts[i].package))
            .count();
        let files: Vec<_> = contract
            .decls
            .iter()
            .flat_map(|decl| {
                [
                    Some(decl.name_span.file),
                    decl.schema.as_ref().map(|s| s.span.file),
                ]
            })
            .flatten()
            .collect();
        namesakes == 1
            || std::iter::once(&d.primary)
                .chain(&d.related)
                .any(|l| files.contains(&l.span.file))
    }
}

/// The overall verdict (the worst tool's) and one reason line per verdict.
fn overall(all: &[ToolLine]) -> (Verdict, Vec<String>) {
    let tools: Vec<&ToolLine> = all.iter().filter(|t| !t.helper).collect();
    let verdict = tools
        .iter()
        .map(|t| t.verdict)
        .max()
        .unwrap_or(Verdict::NotReady);
    let mut reasons = Vec::new();
    if tools.is_empty() {
        reasons.push("no tool was found under the given paths".to_string());
    }
    for v in [Verdict::NotReady, Verdict::NeedsReview, Verdict::Ready] {
        let names: Vec<&str> = tools
            .iter()
            .filter(|t| t.verdict == v)
            .map(|t| t.name.as_str())
            .collect();
        if !names.is_empty() {
            reasons.push(format!("{}: {}", v.label(), names.join(", ")));
        }
    }
    let helpers: Vec<&str> = all
        .iter()
        .filter(|t| t.helper)
        .map(|t| t.name.as_str())
        .collect();
    if !helpers.is_empty() {
        reasons.push(format!(
            "sandbox helpers, not counted: {}",
            helpers.join(", ")
        ));
    }
    (verdict, reasons)
}

/// What the verdict needs of a tool's case rows, counted whether or not the rows are made.
#[derive(Clone, Copy, Debug, Default)]
struct CaseCounts {
    rows: usize,
    /// Rows where the schema disagrees with the expectation.
    disagreeing: usize,
    /// Positive controls the schema rejects.
    rejected_controls: usize,
    /// Failure cases the schema accepts.
    accepted_failures: usize,
    /// Failure cases the linked validator shows no check for.
    unchecked: usize,
}

/// The tool's report; its findings and case rows only when `full` (the overview needs only
/// the verdict and what it counts, see [`ToolLine`]).
fn tool_report(
    outcome: &Outcome,
    index: &Index,
    contract: &Contract,
    (cases_config, read): (&CasesConfig, ReadWritten),
    full: bool,
) -> (ToolReport, CaseCounts) {
    let sources = &outcome.project.sources;
    let name = contract.name.as_str();
    let own: Vec<&Diagnostic> = index
        .named(outcome, Of::Findings, name)
        .map(|i| &outcome.diagnostics[i])
        .filter(|d| index.belongs(outcome, contract, d))
        .collect();
    let mut counts = Counts::default();
    for d in &own {
        match d.severity {
            Severity::Error => counts.errors += 1,
            Severity::Warning => counts.warnings += 1,
            Severity::Info => counts.infos += 1,
        }
    }
    let findings: Vec<Finding> = match full {
        true => own.iter().map(|d| finding(sources, d)).collect(),
        false => Vec::new(),
    };
    let suppressed = match full {
        true => index
            .named(outcome, Of::Suppressed, name)
            .map(|i| &outcome.suppressed[i])
            .filter(|x| index.belongs(outcome, contract, &x.diagnostic))
            .map(|x| Suppressed {
                finding: finding(sources, &x.diagnostic),
                by: Location::of(sources, x.by),
                reason: x.reason.clone(),
            })
            .collect(),
        false => Vec::new(),
    };
    let mut tally = CaseCounts::default();
    let (cases, cases_note) = match cases::derive(contract, &outcome.project, cases_config, read) {
        Ok(table) => {
            let mut rows = Vec::new();
            for c in &table.cases {
                let validator = evidence::for_case(sources, contract.rust.as_deref(), c);
                let disagrees = c.schema_disagrees();
                let accepted = c.status() == Status::Accepted;
                tally.rows += 1;
                tally.disagreeing += usize::from(disagrees);
                tally.rejected_controls += usize::from(disagrees && accepted);
                tally.accepted_failures += usize::from(disagrees && !accepted);
                tally.unchecked += usize::from(matches!(validator, Evidence::NoCheckFound));
                if full {
                    rows.push(case_row(sources, c, validator, cases_config));
                }
            }
            (rows, None)
        }
        Err(e) => (Vec::new(), Some(e.message(&contract.name))),
    };
    let validator = contract
        .rust
        .as_ref()
        .and_then(|r| evidence::location(&outcome.project, r))
        .map(|(span, detail)| (Location::of(sources, span), detail));
    let mut reasons = Vec::new();
    let mut verdict = Verdict::Ready;
    let mut flag = |v: Verdict, reason: String| {
        verdict = verdict.max(v);
        reasons.push(reason);
    };
    if counts.errors > 0 {
        flag(Verdict::NotReady, plural(counts.errors, "error finding"));
    }
    if contract.schema().is_none() {
        flag(Verdict::NotReady, "no published input schema".into());
    }
    if tally.rejected_controls > 0 {
        flag(
            Verdict::NotReady,
            format!(
                "the schema rejects {}",
                plural(tally.rejected_controls, "positive control")
            ),
        );
    }
    if counts.warnings > 0 {
        flag(Verdict::NeedsReview, plural(counts.warnings, "warning"));
    }
    if tally.accepted_failures > 0 {
        flag(
            Verdict::NeedsReview,
            format!(
                "the schema accepts {}",
                plural(tally.accepted_failures, "failure case")
            ),
        );
    }
    if validator.is_none() {
        flag(
            Verdict::NeedsReview,
            "no Rust validator linked: nothing shows the code enforces the schema".into(),
        );
    } else if tally.unchecked > 0 {
        flag(
            Verdict::NeedsReview,
            format!(
                "the code shows no check for {}",
                plural(tally.unchecked, "failure case")
            ),
        );
    }
    if reasons.is_empty() {
        reasons.push(
            "no errors or warnings, every case agrees with the schema, a validator is linked"
                .into(),
        );
    }
    let report = ToolReport {
        name: contract.name.clone(),
        package: crate::source::display_path(&contract.package),
        verdict,
        reasons,
        sources: tool_sources(sources, contract, validator),
        counts,
        findings,
        suppressed,
        cases,
        cases_note,
        run: None,
    };
    (report, tally)
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn tool_sources(
    sources: &SourceMap,
    contract: &Contract,
    validator: Option<(Location, String)>,
) -> Vec<Source> {
    let schema_decl = contract.decls.iter().find(|d| d.schema.is_some());
    let schema = match schema_decl.and_then(|d| d.schema.as_ref().map(|s| (d, s))) {
        Some((d, s)) => Source {
            kind: "schema",
            location: Some(Location::of(sources, s.span)),
            detail: format!(
                "{} ({}, {})",
                d.origin.name(),
                s.dialect.name(),
                if s.declared_dialect.is_some() {
                    "declared"
                } else {
                    "assumed: no $schema"
                }
            ),
        },
        None => Source {
            kind: "schema",
            location: None,
            detail: "no published input schema".into(),
        },
    };
    let description = match contract.description() {
        Some(t) => Source {
            kind: "description",
            location: Some(Location::of(sources, t.span)),
            detail: format!("{} words", t.value.split_whitespace().count()),
        },
        None => Source {
            kind: "description",
            location: None,
            detail: "no description".into(),
        },
    };
    let validator = match validator {
        Some((location, detail)) => Source {
            kind: "validator",
            location: Some(location),
            detail,
        },
        None => Source {
            kind: "validator",
            location: None,
            detail: "no Rust validator linked".into(),
        },
    };
    vec![schema, description, validator]
}

fn case_row(
    sources: &SourceMap,
    case: &Case,
    validator: Evidence,
    config: &CasesConfig,
) -> CaseRow {
    CaseRow {
        id: case.id.clone(),
        property: case.property.clone(),
        input: case.input.clone(),
        expect: case.expect_json(config),
        expected: match (case.status(), case.code_name(config)) {
            (Status::Rejected, Some(code)) => format!("rejected {code}"),
            (Status::Rejected, None) => "rejected".into(),
            (Status::Accepted, _) => "accepted".into(),
        },
        schema: case.schema.label().to_string(),
        schema_disagrees: case.schema_disagrees(),
        schema_note: match &case.schema {
            SchemaVerdict::NotEvaluated(reason) => Some(reason.clone()),
            _ if case.schema_disagrees() => Some(case.disagreement()),
            _ => None,
        },
        validator,
        derived_from: case.derived_from.map(|s| Location::of(sources, s)),
        executed: None,
    }
}

/// Lines around the primary span: one before, the span's lines (at most three), one after.
fn excerpt(sources: &SourceMap, span: Span) -> Vec<ExcerptLine> {
    let f = sources.get(span.file);
    let first = f.line_index(span.start());
    let last = f.line_index(span.end().max(span.start())).min(first + 2);
    let from = first.saturating_sub(1);
    let to = (last + 1).min(f.line_count() - 1);
    (from..=to)
        .filter_map(|i| {
            let start = f.line_start(i)?;
            let end = f.line_start(i + 1).unwrap_or(f.text.len());
            let text = f.text.get(start..end)?.trim_end_matches(['\n', '\r']);
            // Around the span where it starts on this line, else the line's start.
            let at = (start..end)
                .contains(&span.start())
                .then(|| span.start() - start);
            Some(ExcerptLine {
                line: i + 1,
                text: window(text, at.unwrap_or(0)),
                primary: (first..=last).contains(&i),
            })
        })
        .filter(|l| !l.text.is_empty() || l.primary)
        .collect()
}

/// Bytes of context kept on each side of a span in an excerpt line longer than [`LONG`]:
/// a minified one-line file would otherwise be copied whole into the report for every
/// finding on it.
const WINDOW: usize = 120;
/// Lines up to this length are shown whole.
const LONG: usize = 4096;

/// `line` as is when at most [`LONG`] bytes, else the [`WINDOW`] bytes on each side of byte
/// `at`, with `…` where it was cut.
fn window(line: &str, at: usize) -> String {
    if line.len() <= LONG {
        return line.to_string();
    }
    let floor = |mut i: usize| {
        while !line.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let from = floor(at.saturating_sub(WINDOW).min(line.len() - 2 * WINDOW));
    let to = floor((from + 2 * WINDOW).min(line.len()));
    let mut out = String::with_capacity(to - from + 6);
    if from > 0 {
        out.push('…');
    }
    out.push_str(&line[from..to]);
    if to < line.len() {
        out.push('…');
    }
    out
}

fn finding(sources: &SourceMap, d: &Diagnostic) -> Finding {
    Finding {
        code: d.code,
        rule: crate::catalog::find(d.code).map_or_else(String::new, |r| r.name.clone()),
        severity: d.severity,
        message: d.message.clone(),
        location: Location::of(sources, d.primary.span),
        label: d.primary.message.clone(),
        excerpt: excerpt(sources, d.primary.span),
        related: d
            .related
            .iter()
            .map(|l| Related {
                location: Location::of(sources, l.span),
                message: l.message.clone(),
            })
            .collect(),
        help: d.help.clone(),
    }
}
