//! The runs the command line asks for, each sequenced here from start to end: `check` with its
//! grouping, baseline and cap, `report` and `cases` with the judge after the rules. The binary
//! only turns arguments into a request and a result into output and an exit code.

use super::baseline::{self, Applied, Baseline};
use super::diff::{self, Side};
use super::timings::time;
use super::{Ceilings, Options, RunError, cap, check, sort};
use crate::config::{CasesConfig, Config};
use crate::extract;
use crate::judge::cases::{self, CaseTable};
use crate::judge::execute::{self, RunArgs};
use crate::judge::readiness::{self, Readiness, environment};
use crate::outcome::Outcome;
use crate::rules::systemic;
use std::path::{Path, PathBuf};

impl From<String> for RunError {
    fn from(message: String) -> RunError {
        RunError(message)
    }
}

impl From<RunError> for String {
    fn from(e: RunError) -> String {
        e.0
    }
}

/// `check` as asked for: what to lint, and what happens to the findings after the rules.
pub struct CheckRequest<'a> {
    pub opts: Options,
    /// One finding per tool instead of systemic findings (`--no-group`).
    pub no_group: bool,
    /// The file standard input was staged as, and the name to report it under.
    pub renamed: Option<(&'a Path, &'a Path)>,
    /// A baseline whose findings are dropped (`--baseline`).
    pub baseline: Option<&'a Path>,
    /// Record the findings in a baseline for this file (`--write-baseline`).
    pub write_baseline: Option<&'a Path>,
}

/// What a `check` run produced: the findings as they are reported, and what the baselines
/// did.
pub struct Checked {
    pub outcome: Outcome,
    /// The baseline to write, made before any baseline was applied.
    pub written: Option<Baseline>,
    pub applied: Option<Applied>,
}

/// The configuration a run starts from: the file named on the command line, or the closest
/// `contractlint.toml` upward from the first path.
pub fn load_config(explicit: Option<&Path>, paths: &[PathBuf]) -> Result<Config, RunError> {
    let first = paths.first().cloned().unwrap_or_else(|| ".".into());
    Ok(Config::load(explicit, &first)?)
}

/// `check`: lint, then ungroup (on request), baseline and cap, in that order.
pub fn check_run(req: CheckRequest) -> Result<Checked, RunError> {
    // A bad baseline stops the run before any file is read.
    let loaded = req.baseline.map(Baseline::load).transpose()?;
    let mut outcome = check(&req.opts)?;
    if let Some((staged, name)) = req.renamed {
        rename(&mut outcome, staged, name);
    }
    if req.no_group {
        systemic::ungroup(&mut outcome.diagnostics);
        sort(&outcome.project.sources, &mut outcome.diagnostics);
    }
    let sources = &outcome.project.sources;
    let written = req.write_baseline.map(|path| {
        Baseline::from_findings(sources, &outcome.diagnostics, &baseline::anchor_of(path))
    });
    let applied = match (&loaded, req.baseline) {
        (Some(b), Some(path)) => Some(baseline::apply(
            b,
            sources,
            &mut outcome.diagnostics,
            &baseline::anchor_of(path),
        )),
        _ => None,
    };
    cap::apply(&outcome.project.sources, &mut outcome.diagnostics);
    Ok(Checked {
        outcome,
        written,
        applied,
    })
}

/// Report the staged file under its given name.
fn rename(outcome: &mut Outcome, staged: &Path, name: &Path) {
    let sources = &mut outcome.project.sources;
    let staged = crate::source::real_path(staged).unwrap_or_else(|_| staged.to_path_buf());
    if let Some(id) = sources.find(&staged) {
        sources.set_display(id, crate::source::display_path(name));
    }
}

/// `report`: lint with findings kept per tool and capped per tool, then the judge decides
/// every verdict, folding in the `cases --run` records given.
pub fn report_run(
    paths: &[PathBuf],
    config: Option<&Path>,
    output: Option<&Path>,
    cases_run: &[PathBuf],
    preview: bool,
    ceilings: Ceilings,
    diff_against: Option<&str>,
) -> Result<Readiness, RunError> {
    let config_path = config;
    let config = load_config(config, paths)?;
    let epoch = environment::source_date_epoch()?;
    let opts = Options {
        paths: paths.to_vec(),
        config: config.clone(),
        outputs: crate::discover::Outputs::of_run(output),
        per_tool: true,
        preview,
        max_file_size: ceilings.max_file_size,
        max_run_time: ceilings.max_run_time,
        ..Default::default()
    };
    let mut outcome = check(&opts)?;
    cap::apply_per_tool(&outcome.project.sources, &mut outcome.diagnostics);
    let env = environment::gather(paths, &config, &outcome, epoch);
    let mut report = readiness::build(outcome, &config.cases, env, extract::schema::written);
    readiness::executed::apply(&mut report, cases_run)?;
    if let Some(rev) = diff_against {
        let d = diff_run(DiffRequest {
            base: diff::Side::Revision(rev.to_string()),
            head: diff::Side::WorkTree,
            paths: paths.to_vec(),
            config: config_path,
            baseline: None,
            write_baseline: None,
        })?;
        report.diff = Some(readiness::ContractDiff::of(d.base, d.head, &d.outcome));
    }
    Ok(report)
}

/// What `cases` produced: the table as JSON fixtures, or the record of its execution.
pub enum Cases {
    Table(Box<(CaseTable, CasesConfig)>),
    /// The dated run record, and whether a row failed.
    Run(serde_json::Value, bool),
}

/// `cases TOOL`: lint, derive the tool's failure-case table and, with `--run`, execute it.
pub fn cases_run(
    paths: &[PathBuf],
    config: Option<&Path>,
    output: Option<&Path>,
    tool: &str,
    run: &RunArgs,
    ceilings: Ceilings,
) -> Result<Cases, RunError> {
    let config = load_config(config, paths)?;
    let opts = Options {
        paths: paths.to_vec(),
        config: config.clone(),
        outputs: crate::discover::Outputs::of_run(output),
        max_file_size: ceilings.max_file_size,
        max_run_time: ceilings.max_run_time,
        ..Default::default()
    };
    let outcome = check(&opts)?;
    let table = cases::for_tool(
        &outcome.project,
        tool,
        &config.cases,
        extract::schema::written,
    )?;
    if !run.run {
        return Ok(Cases::Table(Box::new((table, config.cases))));
    }
    let epoch = environment::source_date_epoch()?;
    let env = environment::gather(paths, &config, &outcome, epoch);
    let env = serde_json::to_value(env).map_err(|e| RunError(e.to_string()))?;
    let record = execute::run_tool(
        &outcome.project,
        &table,
        &config.cases,
        run,
        env,
        extract::schema::written,
    )?;
    let failed = record["summary"]["failed"].as_u64().unwrap_or(0) > 0;
    Ok(Cases::Run(record, failed))
}

/// `diff` as asked for: the two sides and the paths within them.
pub struct DiffRequest<'a> {
    pub base: Side,
    pub head: Side,
    /// Where to look on both sides (a revision's at the same place in its tree).
    pub paths: Vec<PathBuf>,
    pub config: Option<&'a Path>,
    /// Changes already accepted, dropped (`--baseline`), and where to record them all
    /// (`--write-baseline`), as `check` does with findings.
    pub baseline: Option<&'a Path>,
    pub write_baseline: Option<&'a Path>,
}

/// What a `diff` found: each change as a finding (severity: error for breaking, warning for
/// degrading, info for compatible), and what was compared.
pub struct Diffed {
    pub outcome: Outcome,
    pub base: String,
    pub head: String,
    /// Tools on each side.
    pub tools: (usize, usize),
    /// Entries of a revision not read, as `REV:path` (see [`diff::Linted::skipped`]).
    pub skipped: Vec<String>,
    /// Changes a suppression in the head's sources silenced.
    pub suppressed: usize,
    /// The baseline to write (made before any was applied), and what applying one did.
    pub written: Option<Baseline>,
    pub applied: Option<Applied>,
}

/// `diff`: lint each side as `check` does, then the judge classifies every change of each
/// tool's contract between them.
pub fn diff_run(req: DiffRequest) -> Result<Diffed, RunError> {
    // A bad baseline stops the run before any revision is read.
    let loaded = req.baseline.map(Baseline::load).transpose()?;
    // The two sides share nothing: linted at once, the serial stages of one (writing a
    // revision out, linking) overlap the other's parallel ones.
    let (base, head) = std::thread::scope(|s| {
        // As deep a stack as the parser threads: a schema's nesting is read on this one.
        let base = std::thread::Builder::new()
            .stack_size(extract::rust::STACK)
            .spawn_scoped(s, || {
                diff::lint_side(&req.base, &req.paths, req.config, true)
            });
        let head = diff::lint_side(&req.head, &req.paths, req.config, false);
        let base = match base {
            Ok(b) => b.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(e) => Err(RunError(format!("cannot start a thread: {e}"))),
        };
        (base, head)
    });
    let (base, head) = (base?, head?);
    let empty = crate::contract::Project::default();
    let mut changes = time("diff: compare", || {
        crate::judge::diff::compare(
            base.project().unwrap_or(&empty),
            head.project().unwrap_or(&empty),
        )
    });
    let suppressed = head
        .project()
        .map_or(0, |p| diff::suppress(&mut changes, p));
    let (sources, mut diagnostics) = diff::findings(changes, base.project(), head.project());
    super::timings::report();
    sort(&sources, &mut diagnostics);
    // A change is known by the files as shown and not its package: a revision is read from
    // a private directory named anew on every run.
    let key = |d: &crate::diagnostic::Diagnostic| {
        crate::diagnostic::fingerprint::keyed(
            &sources,
            d,
            &|f| sources.get(f).display.clone(),
            None,
        )
    };
    let written = req.write_baseline.map(|_| {
        Baseline::keyed(&diagnostics, &key, &|d| {
            sources.get(d.primary.span.file).display.clone()
        })
    });
    let applied = loaded.map(|b| baseline::apply_keyed(&b, &mut diagnostics, &key));
    let count = |l: &diff::Linted| l.project().map_or(0, |p| p.contracts.len());
    let tools = (count(&base), count(&head));
    let files = head.outcome.as_ref().map_or(0, |o| o.files);
    let root = head
        .outcome
        .as_ref()
        .map_or_else(PathBuf::new, |o| o.root.clone());
    let label = |l: &diff::Linted| match &l.commit {
        Some(c) => format!("{} ({})", l.label, &c[..c.len().min(12)]),
        None => l.label.clone(),
    };
    Ok(Diffed {
        base: label(&base),
        head: label(&head),
        tools,
        skipped: [&base.skipped[..], &head.skipped[..]].concat(),
        suppressed,
        written,
        applied,
        outcome: Outcome {
            project: crate::contract::Project {
                sources,
                ..Default::default()
            },
            diagnostics,
            suppressed: Vec::new(),
            withheld: Vec::new(),
            files,
            root,
            ignored: Vec::new(),
            configs: Vec::new(),
        },
    })
}
