//! The engine: the only code that sequences the stages, and where laziness and memory are
//! decided. Per linking group (a Cargo or npm package, see [`crate::discover::group`]) it runs
//! discover → extract → link → check, then sorts; [`runs`] owns each command's run from end to
//! end (grouping, baseline, cap, the judge), and reporters render what it returns.
//!
//! - [`runs`]: `check`, `report`, `cases` and `diff` as the command line asks for them;
//! - [`diff`]: the two sides of a `diff`, a revision read into a private directory;
//! - [`files`]: reading what was discovered into the source map, and the page extractors;
//! - [`json_pass`]: the JSON pass (manifests and schema files, read one file at a time);
//! - [`rust_pass`]: the Rust pass (a byte scan, then parsing what linking asks for: the
//!   parse-on-demand fixed point, with the recorder that wraps the crate's lookups);
//! - [`rules`]: running the rules, levels and overrides; [`suppress`]: what suppressions
//!   silence; [`baseline`] and [`cap`]: what is reported of the findings.

pub mod baseline;
pub mod cap;
mod diff;
mod files;
pub mod heaps;
mod json_pass;
mod ref_budget;
mod rules;
mod runs;
mod rust_pass;
pub mod suppress;
pub mod timings;

pub use diff::Side;
pub use runs::{
    Cases, CheckRequest, Checked, DiffRequest, Diffed, cases_run, check_run, diff_run, load_config,
    report_run,
};

pub use rules::rule_level;

use crate::config::{Config, PackageSettings};
use crate::contract::{Project, ToolDecl, Unreadable};
use crate::diagnostic::Diagnostic;
use crate::discover::group;
use crate::outcome::Outcome;
use crate::source::{self, SourceFile, Span};
use crate::{discover, extract, link};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use timings::time;

/// What to lint and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub config: Config,
    /// The configuration was named on the command line: it applies to every group instead
    /// of the closest `contractlint.toml`.
    pub config_explicit: bool,
    /// Only these rules (codes or names); empty means all.
    pub select: Vec<String>,
    pub ignore: Vec<String>,
    /// Which Rust files are parsed, and how far (`CONTRACTLINT_PARSE_ALL` on the command
    /// line).
    pub parse: Parse,
    /// Nothing after the rules reads the schemas as written (`check`, unlike `cases` and
    /// `report`): each is freed once the metaschema has validated it.
    pub drop_written_schemas: bool,
    /// The files the report goes into (see [`discover::Outputs`]): never linted.
    pub outputs: discover::Outputs,
    /// Findings stay one per tool, never grouped into systemic findings: the readiness
    /// report is per tool, and grouping findings only to take them apart held them twice.
    pub per_tool: bool,
    /// Run the preview rules too (`--preview`; a configuration's `preview = true` adds to it).
    pub preview: bool,
    /// Rules named by their exact code or name in the selection (`--select S003`, not a prefix
    /// or `ALL`): named, a preview rule runs without `--preview`, as a Clippy nursery lint
    /// runs when it is named.
    pub named: Vec<String>,
    /// `--profile`: clients whose schema subset the published schemas are checked against
    /// (a configuration's `profiles` add to them).
    pub profiles: Vec<crate::contract::Profile>,
    /// `--max-file-size`: the ceiling a configuration's `max-file-size` cannot pass (`None`:
    /// [`crate::config::DEFAULT_MAX_FILE_SIZE`]).
    pub max_file_size: Option<u64>,
    /// `--max-run-time`: the ceiling of the run's time budget, in seconds (`None`:
    /// [`crate::config::DEFAULT_MAX_RUN_TIME`]).
    pub max_run_time: Option<u64>,
    /// Parse on a guess (the files that may define a parsed function's parameter types,
    /// before linking asks for them) only in a package of at least this many contracts
    /// (`None`: [`GUESS_FROM`]): a guess saves a round of linking every contract, and costs
    /// the parse of files nothing may ask for.
    pub guess_from: Option<usize>,
}

/// What the command line lets a run spend (`--max-file-size`, `--max-run-time`); a
/// configuration may lower each, never raise it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ceilings {
    pub max_file_size: Option<u64>,
    pub max_run_time: Option<u64>,
}

/// See [`Options::guess_from`]. On 59 public servers (tens of tools, hundreds of files)
/// guessing from every parsed file cost up to twice the Rust pass, for rounds of linking
/// that took milliseconds; at 10,000 tools a round is a quarter of a second.
pub const GUESS_FROM: usize = 1000;

/// Which Rust files a run parses, and which function bodies it reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Parse {
    /// The files that can matter (the prefilter); bodies as linking asks for them.
    #[default]
    Needed,
    /// Every file; bodies as linking asks for them (the worst case the benchmark times;
    /// `CONTRACTLINT_PARSE_ALL=1`).
    All,
    /// Every file and every body up front: the reference the other two are tested
    /// against (`CONTRACTLINT_PARSE_ALL=whole`).
    AllWhole,
}

/// A problem that stops the run (exit code 2), as opposed to a finding.
#[derive(Debug)]
pub struct RunError(pub String);

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The client profiles of a group: the command line's and its configuration's.
fn profiles(opts: &Options, config: &Config) -> Vec<crate::contract::Profile> {
    let mut all = [&opts.profiles[..], &config.profiles[..]].concat();
    all.sort_unstable();
    all.dedup();
    all
}

/// Lint the paths in `opts`.
pub fn check(opts: &Options) -> Result<Outcome, RunError> {
    // On the parser threads, whose stack is sized for the nesting the parsers accept: the
    // schema reader and the rules recurse along `$ref`s too, up to their own cap (256 levels
    // of a chain of files referring to each other overflowed a default stack in a debug
    // build).
    rust_pass::pool()?.install(|| check_on_pool(opts))
}

fn check_on_pool(opts: &Options) -> Result<Outcome, RunError> {
    let started = Instant::now();
    let cwd = std::env::current_dir().map_err(|e| RunError(e.to_string()))?;
    let roots = files::roots(&cwd, &opts.paths)?;
    let opts = &Options {
        paths: roots,
        ..opts.clone()
    };
    rules::check_selection(opts)?;
    let excluded = files::exclusion(&opts.config)?;
    // Overrides and mappings are checked before any file is read, so a bad one is exit 2
    // even in an empty tree.
    rules::Overrides::new(&opts.config)?;
    files::check_tool_schemas(&opts.config)?;
    let skip = |p: &std::path::Path| excluded(p) || opts.outputs.holds(p);
    let (found, mut walk_errors, ignored, listing) =
        time("walk", || discover::walk(&opts.paths, &skip));
    let mut groups = time("group", || group::by_package(found, &opts.paths, &listing));
    // Directories the walk could not read are reported even when no file was found.
    if groups.is_empty() && !walk_errors.is_empty() {
        groups.push((PathBuf::from("."), Vec::new()));
    }
    // Configurations first, in order (the first bad one is the error); each group's file
    // ids are known from its size, so the groups are then linted in parallel: a tree of
    // many crates no longer waits on each crate's slowest file in turn.
    let mut prepared = Vec::with_capacity(groups.len());
    let mut base = 0u32;
    for (dir, group) in groups {
        // Like Ruff, the closest configuration applies, unless one was given explicitly.
        let (config, group) = if opts.config_explicit {
            (opts.config.clone(), group)
        } else {
            let config = Config::load(None, &dir).map_err(RunError)?;
            rules::Overrides::new(&config)?;
            files::check_tool_schemas(&config)?;
            let excluded = files::exclusion(&config)?;
            let group: Vec<_> = group.into_iter().filter(|f| !excluded(&f.path)).collect();
            (config, group)
        };
        let errors = std::mem::take(&mut walk_errors);
        let group_base = base;
        // One id more for each package's `Cargo.toml` (read for the SDK it depends on): the
        // group's own and, in a workspace, each member's.
        let manifests = group::manifests(&dir, &group, &listing);
        base += (group.len() + errors.len() + manifests.len()) as u32;
        prepared.push((config, (dir, manifests), group, errors, group_base));
    }
    let files = prepared.iter().map(|(_, _, g, _, _)| g.len()).sum();
    let mut configs: Vec<PathBuf> = prepared
        .iter()
        .filter_map(|(c, _, _, _, _)| c.path.clone())
        .collect();
    configs.sort();
    configs.dedup();
    let root = files::common_root(&opts.paths);
    // Two stages over the groups. The first reads each group and extracts its pages and
    // JSON, which tells how much linking is left: a package whose manifests declare tools
    // links and parses, most crates of a monorepo only scan. The second starts the groups
    // with the most declarations first, one task each, so the longest group is not queued
    // behind the others (it was, in path order, the last to finish by a fifth of the run).
    let mut extracted: Vec<Result<Extracted, RunError>> = prepared
        .into_par_iter()
        .map(|(config, (dir, manifests), group, errors, base)| {
            let group_opts = Options {
                config,
                ..opts.clone()
            };
            // Files outside any package are one group per given path, whose configuration is
            // found from its first file; its identity is that path, which adding a file
            // cannot move.
            let marked = discover::PACKAGE_MARKERS
                .iter()
                .any(|m| listing.is_file(&dir.join(m)));
            let package = match marked {
                true => dir.clone(),
                false => files::walked_root(&opts.paths, &dir),
            };
            extract_group(group_opts, package, &manifests, group, errors, base)
        })
        .collect();
    // One budget for the whole run, charged in group order whatever the thread count.
    let mut budget = ref_budget::RefBudget::new();
    let deadline = Deadline {
        start: started,
        limit: opts.config.max_run_time(opts.max_run_time),
    };
    time("ref budget", || {
        for e in extracted.iter_mut().flatten() {
            let decls = e.decls.iter_mut();
            let made = decls.chain(e.candidates.iter_mut().map(|c| &mut c.decl));
            made.filter_map(|d| d.schema.as_mut())
                .for_each(|s| budget.charge(s));
        }
    });
    let mut order: Vec<(usize, Extracted)> = Vec::with_capacity(extracted.len());
    let mut outcomes: Vec<Option<Result<Outcome, RunError>>> = Vec::new();
    for (i, e) in extracted.into_iter().enumerate() {
        match e {
            Ok(e) => {
                outcomes.push(None);
                order.push((i, e));
            }
            Err(e) => outcomes.push(Some(Err(e))),
        }
    }
    order.sort_by_key(|(i, e)| (std::cmp::Reverse(e.declared()), *i));
    let mut linked: Vec<(usize, Result<Linked, RunError>)> = order
        .into_par_iter()
        .with_max_len(1)
        .map(|(i, e)| (i, link_group(e, deadline)))
        .collect();
    // The schemas linking wrote from Rust (`json!`) are charged to the same budget, after
    // every JSON schema and in group order, before any rule walks them.
    let mut by_group: Vec<usize> = (0..linked.len()).collect();
    by_group.sort_by_key(|&k| linked[k].0);
    time("ref budget", || {
        for &k in &by_group {
            let Ok(l) = &mut linked[k].1 else { continue };
            let decls = l.project.contracts.iter_mut().flat_map(|c| &mut c.decls);
            decls
                .filter(|d| d.origin == crate::contract::Origin::RustValue)
                .filter_map(|d| d.schema.as_mut())
                .for_each(|s| budget.charge(s));
        }
    });
    let checked: Vec<(usize, Result<Outcome, RunError>)> = linked
        .into_par_iter()
        .with_max_len(1)
        .map(|(i, l)| (i, l.and_then(|l| check_group(l, deadline))))
        .collect();
    for (i, outcome) in checked {
        outcomes[i] = Some(outcome);
    }
    let outcomes = outcomes.into_iter().flatten();
    let mut merged: Option<Outcome> = None;
    for outcome in outcomes {
        let outcome = outcome?;
        merged = Some(match merged {
            None => outcome,
            Some(mut m) => {
                m.project.append(outcome.project);
                m.diagnostics.extend(outcome.diagnostics);
                m.suppressed.extend(outcome.suppressed);
                m.withheld.extend(outcome.withheld);
                m
            }
        });
    }
    let mut outcome = merged.unwrap_or_else(|| Outcome {
        project: Project::default(),
        diagnostics: Vec::new(),
        suppressed: Vec::new(),
        withheld: Vec::new(),
        files: 0,
        root: PathBuf::new(),
        ignored: Vec::new(),
        configs: Vec::new(),
    });
    outcome.files = files;
    outcome.root = root;
    outcome.ignored = ignored;
    outcome.configs = configs;
    time("sort", || {
        sort(&outcome.project.sources, &mut outcome.diagnostics);
        sort(&outcome.project.sources, &mut outcome.withheld);
    });
    Ok(outcome)
}

/// A linking group after its first stage ([`extract_group`]): read, its pages and JSON
/// extracted, waiting for the Rust pass and linking ([`link_group`]).
struct Extracted {
    opts: Options,
    package: PathBuf,
    files: usize,
    project: Project,
    rust_files: Vec<source::FileId>,
    decls: Vec<ToolDecl>,
    candidates: Vec<crate::contract::SchemaCandidate>,
    suppressions: Vec<crate::contract::Suppression>,
    page_tools: Vec<crate::contract::PageTool>,
    tools_elsewhere: bool,
    cwd: PathBuf,
}

impl Extracted {
    /// How much linking the group has ahead: the tools its manifests, schema files and
    /// pages declare.
    fn declared(&self) -> usize {
        self.decls.len() + self.candidates.len() + self.page_tools.len()
    }
}

/// The first stage of one linking group (a Cargo package or workspace, see [`group`]): its
/// files get ids from `base` on. `walk_errors` (reported as E001) go with the first group.
fn extract_group(
    opts: Options,
    package: PathBuf,
    manifests: &[PathBuf],
    found: Vec<discover::Found>,
    walk_errors: Vec<discover::WalkError>,
    base: u32,
) -> Result<Extracted, RunError> {
    let files = found.len();
    let max = opts.config.max_file_size(opts.max_file_size);
    let mut project = Project {
        sources: source::SourceMap::with_base(base),
        ..Project::default()
    };
    for e in walk_errors {
        let id = project.sources.add(SourceFile::new(e.path, Arc::from("")));
        project.unreadable.push(Unreadable {
            span: Span::new(id, 0, 0),
            message: e.message,
        });
    }
    let read = time("read", || files::read(&mut project, &found, max));
    files::cargo_packages(&mut project, manifests, max);
    // Extract: pages, then JSON (page schemas may `$ref` JSON files), then the Rust
    // pass's first phase (routes are needed to link page tools).
    let pages = time("pages", || {
        files::extract_pages(&project.sources, &read.other, &read.json, max)
    });
    project.unreadable.extend(pages.unreadable);
    project.not_static = pages.not_static;
    project.page_uses = pages.uses;
    project.page_provides = pages.provides;
    project.page_registers = pages.registers;
    project.page_api = pages.page_api;
    let cwd = std::env::current_dir().map_err(|e| RunError(e.to_string()))?;
    let root = files::project_root(&cwd, &opts);
    let named = files::named_schemas(&cwd, &opts.config);
    let paths = json_pass::Paths {
        cwd: &cwd,
        root: &root,
        max_bytes: max,
        named: &named,
        keep_written: !opts.drop_written_schemas,
    };
    let json = time("json", || {
        json_pass::extract(&read.json, &pages.tools, paths)
    });
    let suppressions = json.suppressions;
    let decls = json.decls;
    let candidates = json.candidates;
    for (id, text) in json.texts {
        project.sources.set_text(id, text);
    }
    project.unreadable.extend(json.unreadable);
    project.skipped = json.skipped.into_iter().map(|(u, _)| u).collect();
    project.duplicate_keys = json.duplicate_keys;
    let tools_elsewhere =
        json.declares_tools || !pages.tools.is_empty() || !opts.config.tools.is_empty();
    Ok(Extracted {
        package,
        files,
        project,
        rust_files: read.rust,
        decls,
        candidates,
        suppressions,
        page_tools: pages.tools,
        tools_elsewhere,
        cwd,
        opts,
    })
}

/// A linking group after its second stage ([`link_group`]): linked to its Rust side,
/// waiting for the run's budget to charge the schemas written in Rust, then for the rules
/// ([`check_group`]).
struct Linked {
    opts: Options,
    package: PathBuf,
    files: usize,
    project: Project,
    config: Config,
    suppressions: Vec<crate::contract::Suppression>,
    page_tools: Vec<crate::contract::PageTool>,
    /// Not linked: the run's time budget was spent before ([`Deadline::spent`]).
    spent: bool,
}

/// The second stage of a group: the Rust pass and linking.
fn link_group(e: Extracted, deadline: Deadline) -> Result<Linked, RunError> {
    let Extracted {
        opts,
        package,
        files,
        mut project,
        rust_files,
        decls,
        candidates,
        suppressions,
        page_tools,
        tools_elsewhere,
        cwd,
    } = e;
    let mut config = opts.config.clone();
    config.base = files::absolute(&cwd, &config.base);
    if deadline.passed() {
        return Ok(Linked {
            project: deadline.spent(project, "linked"),
            opts,
            package,
            files,
            config,
            suppressions,
            page_tools,
            spent: true,
        });
    }
    let max = opts.config.max_file_size(opts.max_file_size);
    let rust_pass = time("rust start", || {
        rust_pass::RustPass::start(
            &mut project,
            rust_files,
            opts.parse,
            tools_elsewhere,
            max,
            &package,
        )
    })?;

    // Link: manifests, schema files and pages by name, then the Rust side (parsing what it
    // asks for).
    let server = link::Server {
        routes: &project.routes,
        handlers: &project.handlers,
    };
    let (contracts, by_convention) =
        time("link", || link::link(&config, decls, candidates, server));
    project.contracts = contracts;
    let guess_from = opts.guess_from.unwrap_or(GUESS_FROM);
    time("rust finish", || {
        rust_pass.finish(&mut project, &config, guess_from)
    })?;
    link::outputs::drop_outputs(
        &mut project.contracts,
        &project.rust,
        &by_convention,
        &project.packages,
        &project.sources,
    );
    files::check_tool_names(&config, &project.contracts)?;
    Ok(Linked {
        opts,
        package,
        files,
        project,
        config,
        suppressions,
        page_tools,
        spent: false,
    })
}

/// The third stage of a group: the descriptions linking derived from Rust, read after the
/// run's budget has cut their schemas, then the claims and the rules.
fn check_group(l: Linked, deadline: Deadline) -> Result<Outcome, RunError> {
    let Linked {
        opts,
        package,
        files,
        mut project,
        config,
        mut suppressions,
        page_tools,
        spent,
    } = l;
    let (opts, package) = (&opts, package.as_path());
    if !spent && deadline.passed() {
        project = deadline.spent(project, "checked");
    }
    // Every declaration's prose (manifests, pages, doc comments, `#[tool(description)]`,
    // schemars attributes), read after the run's budget has cut the schemas, and resolved
    // into claims contract by contract: the readings, larger than the claims, are never all
    // held at once, nor through the Rust pass.
    let sources = &project.sources;
    time("descriptions and claims", || {
        project.contracts.par_iter_mut().for_each(|c| {
            for d in &mut c.decls {
                d.readings = extract::description::read_decl(sources, d);
            }
            link::claims::link(c);
        })
    });

    // Check.
    suppressions.extend(files::suppressions(&project.sources, &page_tools));
    project.profiles = profiles(opts, &config);
    let rules::Found {
        mut diagnostics,
        mut suppressed,
        mut withheld,
    } = time("rules", || {
        rules::run(&project, opts, &config, &suppressions)
    })?;
    // Every finding and tool of this run is the group's: a name alone is not an identity.
    let findings = diagnostics.iter_mut().chain(&mut withheld);
    for d in findings.chain(suppressed.iter_mut().map(|s| &mut s.diagnostic)) {
        d.in_package(package);
    }
    for c in &mut project.contracts {
        c.package = package.to_path_buf();
    }
    project.suppressions = suppressions;
    Ok(Outcome {
        root: PathBuf::new(),
        ignored: Vec::new(),
        configs: Vec::new(),
        project,
        diagnostics,
        suppressed,
        withheld,
        files,
    })
}

/// The run's time budget: a backstop behind the work budgets, which bound what one stage
/// of one package can cost. It is looked at before each package is linked and before its
/// rules run, never within a stage, so the same tree gives the same findings unless a run
/// is past it.
#[derive(Clone, Copy)]
struct Deadline {
    start: Instant,
    limit: Duration,
}

impl Deadline {
    fn passed(&self) -> bool {
        self.start.elapsed() >= self.limit
    }

    /// What is left of a package the run had no time to finish: its files and what could
    /// not be read of them, and an E001 at its first file saying what was not done.
    fn spent(&self, project: Project, stage: &str) -> Project {
        let mut left = Project {
            sources: project.sources,
            unreadable: project.unreadable,
            skipped: project.skipped,
            ..Project::default()
        };
        if let Some(first) = left.sources.ids().next() {
            left.unreadable.push(Unreadable {
                span: Span::new(first, 0, 0),
                message: format!(
                    "the run's time budget of {} s was spent before this package was {stage}: \
                     its tools were not checked (`--max-run-time SECONDS` raises the budget)",
                    self.limit.as_secs()
                ),
            });
        }
        left
    }
}

/// Deterministic order: file, line, column, code, then message.
pub fn sort(sources: &source::SourceMap, diags: &mut [Diagnostic]) {
    // Within a file, line and column grow with the byte offset: offsets order findings as
    // their positions do, without a position and a copied name and message per finding.
    fn key<'a>(
        sources: &'a source::SourceMap,
        d: &'a Diagnostic,
    ) -> (&'a str, usize, &'static str, &'a str) {
        let f = sources.get(d.primary.span.file);
        let at = d.primary.span.start().min(f.text.len());
        (f.display.as_str(), at, d.code, d.message.as_str())
    }
    // Sorted as positions, then moved into place: a stable sort of the findings themselves
    // takes a buffer of half of them.
    let mut order: Vec<usize> = (0..diags.len()).collect();
    order.sort_by(|&a, &b| key(sources, &diags[a]).cmp(&key(sources, &diags[b])));
    permute(diags, order);
}

/// Rearrange `items` in place so that `items[i]` is what `items[order[i]]` was.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        // Follow the cycle through `start`; a position done points at itself.
        let mut at = start;
        while order[at] != start {
            let next = order[at];
            items.swap(at, next);
            order[at] = at;
            at = next;
        }
        order[at] = at;
    }
}

/// The groups `check` would lint and each one's resolved configuration, read the way
/// [`check`] reads them (closest `contractlint.toml` unless one was given), without linting.
pub fn package_settings(opts: &Options) -> Result<Vec<PackageSettings>, RunError> {
    let cwd = std::env::current_dir().map_err(|e| RunError(e.to_string()))?;
    let opts = &Options {
        paths: files::roots(&cwd, &opts.paths)?,
        ..opts.clone()
    };
    let excluded = files::exclusion(&opts.config)?;
    let (found, _, _, listing) = discover::walk(&opts.paths, &|p| excluded(p));
    let mut out = Vec::new();
    for (dir, group) in group::by_package(found, &opts.paths, &listing) {
        let (config, files) = if opts.config_explicit {
            (opts.config.clone(), group.len())
        } else {
            let config = Config::load(None, &dir).map_err(RunError)?;
            let excluded = files::exclusion(&config)?;
            let files = group.iter().filter(|f| !excluded(&f.path)).count();
            (config, files)
        };
        let levels = crate::catalog::all()
            .iter()
            .map(|r| (r.code.clone(), rules::rule_level(opts, &config, &r.code)))
            .collect();
        out.push(PackageSettings {
            dir,
            files,
            max_file_size: config.max_file_size(opts.max_file_size),
            config,
            levels,
        });
    }
    Ok(out)
}
