//! Command-line interface (OUTPUT.md is the contract: change only by adding).

pub mod output;
pub mod stdin;

pub use crate::report::{Format, ListFormat, ReportFormat};

/// How a run finds its configuration, said the same way in `--help`, the README and
/// docs/configuration.md (`tests/cli.rs` compares them).
pub const CONFIG_HELP: &str = "Configuration file for every package (default: each package uses the closest contractlint.toml upward from its directory)";
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "contractlint",
    version,
    about = "Lint agent tool contracts: the published JSON Schema, the description, and the Rust code behind each tool must agree.",
    long_about = "contractlint reads MCP / WebMCP tool manifests, JSON Schema files and Rust sources statically \
(it never compiles or runs anything, never touches the network) and reports every place where a tool's \
published schema, its description and the code that validates and performs it disagree.\n\n\
Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; 2 usage, config or internal error.",
    after_help = "Examples:\n  contractlint check                      lint the current directory\n  contractlint check testdata/cart --format json\n  contractlint rules                      list every rule\n  contractlint explain S003               what a rule checks and how to fix it"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Print each stage's wall time, resident memory and heap to stderr when the run ends
    /// (as `CONTRACTLINT_TIMINGS=1` does): where a run's time and memory go.
    #[arg(long, global = true)]
    pub timings: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Lint tool contracts under PATHS (default: the current directory).
    Check(CheckArgs),
    /// List every rule: code, name, default severity, summary.
    Rules(RulesArgs),
    /// Show a rule's full page: what it does, why it matters, an example, how to fix.
    Explain {
        /// Rule code (S003) or name (open-input-object).
        rule: String,
    },
    /// Readiness report for auditors: environment, sources, findings, case tables, verdicts.
    Report(ReportArgs),
    /// Print a tool's failure-case table (derived from its schema) as JSON fixtures.
    Cases(CasesArgs),
    /// The changes of every tool's contract between two revisions (read from the git object
    /// store, never checked out or built) or two directories, classified breaking, degrading
    /// or compatible.
    Diff(DiffArgs),
    /// Print a shell completion script, e.g. `contractlint completions bash > /etc/bash_completion.d/contractlint`.
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Files or directories to report on.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Html)]
    pub format: ReportFormat,
    #[arg(long, help = CONFIG_HELP)]
    pub config: Option<PathBuf>,
    /// Write the report to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also run the preview rules (see `check --preview`).
    #[arg(long)]
    pub preview: bool,
    /// A record written by `cases TOOL --run -o FILE`: adds the "executed" column to that
    /// tool's case table, and the verdict uses it. Repeat for several tools.
    #[arg(long, value_name = "FILE")]
    pub cases_run: Vec<PathBuf>,
    /// Add the changes of every tool's contract since this revision (a tag, a branch, a
    /// hash), classified as `diff` does: what a release breaks, for the auditor.
    #[arg(long, value_name = "REV")]
    pub diff_against: Option<String>,
    /// Read files of up to BYTES (default 10485760). A `contractlint.toml` may lower the
    /// limit, never raise it: the tree being linted does not choose what it costs.
    #[arg(long, value_name = "BYTES")]
    pub max_file_size: Option<u64>,
    /// Spend at most SECONDS linting (default 300): past them each package not yet linked
    /// or checked is reported (E001), not linted. A `contractlint.toml` may lower it, never
    /// raise it.
    #[arg(long, value_name = "SECONDS")]
    pub max_run_time: Option<u64>,
}

impl ReportArgs {
    /// What the command line lets the run spend.
    pub fn ceilings(&self) -> crate::engine::Ceilings {
        crate::engine::Ceilings {
            max_file_size: self.max_file_size,
            max_run_time: self.max_run_time,
        }
    }
}

#[derive(Args, Debug)]
pub struct CasesArgs {
    /// The tool's name, e.g. addCartLine.
    pub tool: String,
    /// Files or directories to read.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    #[arg(long, help = CONFIG_HELP)]
    pub config: Option<PathBuf>,
    /// Write the table (with `--run`: the dated run record) to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// With `--run`: `human` (default) prints a one-screen summary (the record goes to
    /// `-o FILE`), `json` prints the record.
    #[arg(long, value_enum, requires = "run")]
    pub format: Option<crate::report::cases_run::RunFormat>,
    #[command(flatten)]
    pub run: crate::judge::execute::RunArgs,
    /// Read files of up to BYTES (default 10485760). A `contractlint.toml` may lower the
    /// limit, never raise it: the tree being linted does not choose what it costs.
    #[arg(long, value_name = "BYTES")]
    pub max_file_size: Option<u64>,
    /// Spend at most SECONDS linting (default 300): past them each package not yet linked
    /// or checked is reported (E001), not linted. A `contractlint.toml` may lower it, never
    /// raise it.
    #[arg(long, value_name = "SECONDS")]
    pub max_run_time: Option<u64>,
}

impl CasesArgs {
    /// What the command line lets the run spend.
    pub fn ceilings(&self) -> crate::engine::Ceilings {
        crate::engine::Ceilings {
            max_file_size: self.max_file_size,
            max_run_time: self.max_run_time,
        }
    }
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files or directories to lint; `.gitignore`, `target/` and `node_modules/` are skipped.
    /// `-` reads one file from standard input (see `--stdin-filename`).
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// With `check -`: the name standard input is linted and reported as; its extension
    /// decides the kind (`.json`, `.rs`, `.js`, `.html`, ...) and the closest
    /// `contractlint.toml` upward from it applies.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    /// Colour the human and concise reports: auto (a terminal, unless NO_COLOR is set,
    /// TERM=dumb or CLICOLOR=0; FORCE_COLOR or CLICOLOR_FORCE colour a pipe too), always,
    /// never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print how many findings each rule has instead of the findings (JSON with
    /// `--format json`).
    #[arg(long)]
    pub statistics: bool,
    /// Print the findings only: no summary line and no notes on standard error.
    #[arg(short, long)]
    pub quiet: bool,
    /// Also list on standard error what the walk skipped (files and folders ignore rules
    /// kept out).
    #[arg(short, long)]
    pub verbose: bool,
    /// Exit with 0 even when findings remain (2 still means the run failed).
    #[arg(long)]
    pub exit_zero: bool,
    /// Print the resolved configuration of every package under PATHS (TOML: defaults filled
    /// in, each rule's effective level) and exit without linting.
    #[arg(long)]
    pub show_settings: bool,
    #[arg(long, help = CONFIG_HELP)]
    pub config: Option<PathBuf>,
    /// Exit with 1 when a finding at or above this severity remains (`never`: like `--exit-zero`).
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Only run these rules: codes, names, code prefixes (`R`, `B00`) or `ALL`, comma separated.
    #[arg(long, value_delimiter = ',')]
    pub select: Vec<String>,
    /// Skip these rules: codes, names, code prefixes or `ALL`, comma separated.
    #[arg(long, value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Also run the preview rules: those whose precision on unseen code has not yet earned
    /// them the default set (`contractlint rules` shows each rule's maturity; config:
    /// `preview = true`).
    #[arg(long)]
    pub preview: bool,
    /// Add these rules to the selection (`--select`, or every rule when it is not given).
    #[arg(long, value_delimiter = ',')]
    pub extend_select: Vec<String>,
    /// Skip these rules as well as those of `--ignore`.
    #[arg(long, value_delimiter = ',')]
    pub extend_ignore: Vec<String>,
    /// Write the report to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print, per tool, its sources and how each link to the Rust side was made (before the
    /// report with `--format human`, on standard error with other formats).
    #[arg(long)]
    pub explain_links: bool,
    /// Report only findings not recorded in this baseline file (see docs/baseline.md).
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Record every current finding in FILE, then report as usual and exit 0.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    /// Report a cause found on most of a package's tools once per tool, not once for the
    /// package (config: `group = false`).
    #[arg(long)]
    pub no_group: bool,
    /// Read files of up to BYTES (default 10485760). A `contractlint.toml` may lower the
    /// limit, never raise it: the tree being linted does not choose what it costs.
    #[arg(long, value_name = "BYTES")]
    pub max_file_size: Option<u64>,
    /// Spend at most SECONDS linting (default 300): past them each package not yet linked
    /// or checked is reported (E001), not linted. A `contractlint.toml` may lower it, never
    /// raise it.
    #[arg(long, value_name = "SECONDS")]
    pub max_run_time: Option<u64>,
    /// Check the published schemas against what these clients accept (P012), comma
    /// separated: `openai-strict`, `gemini`, `anthropic`, `webmcp` (config: `profiles = [..]`).
    #[arg(long, value_name = "CLIENT", value_delimiter = ',', value_parser = profile)]
    pub profile: Vec<crate::contract::Profile>,
}

/// A `--profile` name.
fn profile(s: &str) -> Result<crate::contract::Profile, String> {
    crate::contract::Profile::parse(s).ok_or_else(|| {
        let names: Vec<&str> = crate::contract::Profile::ALL
            .iter()
            .map(|p| p.name())
            .collect();
        format!("unknown profile `{s}`: one of {}", names.join(", "))
    })
}

impl CheckArgs {
    /// How the findings are shown.
    pub fn shown(&self) -> crate::report::check::Shown {
        crate::report::check::Shown {
            format: self.format,
            statistics: self.statistics,
            explain_links: self.explain_links,
            quiet: self.quiet,
            color: self.color.enabled(self.output.is_none()),
        }
    }

    /// The engine's `check` run for these arguments and options.
    pub fn request<'a>(
        &'a self,
        opts: crate::Options,
        staged: Option<&'a stdin::StdinFile>,
    ) -> crate::engine::CheckRequest<'a> {
        crate::engine::CheckRequest {
            opts,
            no_group: self.no_group,
            renamed: staged.map(|s| (s.staged.as_path(), s.name.as_path())),
            baseline: self.baseline.as_deref(),
            write_baseline: self.write_baseline.as_deref(),
        }
    }

    /// The engine's options for these arguments; `staged` is standard input as a file.
    pub fn options(&self, staged: Option<&stdin::StdinFile>) -> Result<crate::Options, String> {
        use crate::catalog::select::expand;
        let paths = match staged {
            Some(s) => vec![s.config_start()],
            None => self.paths.clone(),
        };
        Ok(crate::Options {
            // Standard input is one named file: the configuration found from its name applies.
            config_explicit: self.config.is_some() || staged.is_some(),
            paths: staged
                .as_ref()
                .map_or_else(|| self.paths.clone(), |s| vec![s.staged.clone()]),
            config: crate::engine::load_config(self.config.as_deref(), &paths)?,
            // A selection of some rules grows by `--extend-select`; no selection is every rule.
            select: match (self.select.is_empty(), expand(&self.extend_select)?) {
                (true, _) => Vec::new(),
                (false, extend) => [expand(&self.select)?, extend].concat(),
            },
            ignore: expand(&[&self.ignore[..], &self.extend_ignore[..]].concat())?,
            parse: match std::env::var_os("CONTRACTLINT_PARSE_ALL") {
                Some(v) if v == "whole" => crate::Parse::AllWhole,
                Some(v) if !v.is_empty() => crate::Parse::All,
                _ => crate::Parse::Needed,
            },
            drop_written_schemas: true,
            outputs: crate::discover::Outputs::of_run(self.output.as_deref()),
            // Grouped: a baseline may record a systemic finding as one entry.
            per_tool: false,
            preview: self.preview,
            named: [&self.select[..], &self.extend_select[..]]
                .concat()
                .into_iter()
                .filter(|k| crate::catalog::find(k).is_some())
                .collect(),
            max_file_size: self.max_file_size,
            max_run_time: self.max_run_time,
            profiles: self.profile.clone(),
            guess_from: None,
        })
    }
}

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// `BASE..HEAD` (two revisions), `BASE` (a revision against the working tree); default
    /// `HEAD` against the working tree. Anything git's `rev-parse` names: a tag, a branch,
    /// `HEAD~1`, a commit hash.
    #[arg(value_name = "BASE..HEAD")]
    pub range: Option<String>,
    /// Where to look on both sides (default: the current directory).
    pub paths: Vec<PathBuf>,
    /// Compare two directories instead of revisions.
    #[arg(long, num_args = 2, value_names = ["OLD", "NEW"], conflicts_with_all = ["range", "paths"])]
    pub dirs: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = crate::report::diff::DiffFormat::Human)]
    pub format: crate::report::diff::DiffFormat,
    /// Exit 1 on changes of this class or worse.
    #[arg(long, value_enum, default_value_t = DiffFailOn::Breaking)]
    pub fail_on: DiffFailOn,
    #[arg(long)]
    pub config: Option<PathBuf>,
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// No summary line.
    /// Report only changes not recorded in this baseline file (accepted ones; see
    /// docs/baseline.md).
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Record every change in a baseline file and exit 0.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    #[arg(short, long)]
    pub quiet: bool,
}

impl DiffArgs {
    /// The least severe change that fails the run; none while a baseline is written.
    pub fn fails_at(&self) -> Option<crate::diagnostic::Severity> {
        self.fail_on
            .severity()
            .filter(|_| self.write_baseline.is_none())
    }

    /// The run this asks for.
    pub fn request(&self) -> Result<crate::engine::DiffRequest<'_>, String> {
        use crate::engine::Side;
        if let [old, new] = self.dirs.as_slice() {
            return Ok(crate::engine::DiffRequest {
                base: Side::Dir(old.clone()),
                head: Side::Dir(new.clone()),
                paths: Vec::new(),
                config: self.config.as_deref(),
                baseline: self.baseline.as_deref(),
                write_baseline: self.write_baseline.as_deref(),
            });
        }
        let range = self.range.as_deref().unwrap_or("HEAD");
        if range.contains("...") {
            return Err(format!(
                "`{range}`: a symmetric range is not supported; name the two revisions as `BASE..HEAD`"
            ));
        }
        let rev = |s: &str| Side::Revision(if s.is_empty() { "HEAD" } else { s }.to_string());
        let (base, head) = match range.split_once("..") {
            Some((b, h)) => (rev(b), rev(h)),
            None => (rev(range), Side::WorkTree),
        };
        let paths = match self.paths.is_empty() {
            true => vec![PathBuf::from(".")],
            false => self.paths.clone(),
        };
        Ok(crate::engine::DiffRequest {
            base,
            head,
            paths,
            config: self.config.as_deref(),
            baseline: self.baseline.as_deref(),
            write_baseline: self.write_baseline.as_deref(),
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiffFailOn {
    Breaking,
    Degrading,
    Compatible,
    Never,
}

impl DiffFailOn {
    pub fn severity(self) -> Option<crate::diagnostic::Severity> {
        use crate::diagnostic::Severity;
        match self {
            DiffFailOn::Breaking => Some(Severity::Error),
            DiffFailOn::Degrading => Some(Severity::Warning),
            DiffFailOn::Compatible => Some(Severity::Info),
            DiffFailOn::Never => None,
        }
    }
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Human)]
    pub format: ListFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour a report written to standard output (`to_stdout`) or to a file.
    /// `auto` follows the conventions tools share: NO_COLOR (no-color.org) wins, then
    /// FORCE_COLOR / CLICOLOR_FORCE, then CLICOLOR=0, then a terminal whose TERM is not `dumb`.
    pub fn enabled(self, to_stdout: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                to_stdout
                    && !anstyle_query::no_color()
                    && (force_color()
                        || (anstyle_query::clicolor() != Some(false)
                            && anstyle_query::term_supports_color()
                            && std::io::IsTerminal::is_terminal(&std::io::stdout())))
            }
        }
    }
}

/// FORCE_COLOR (set, and not `0` or `false`) or CLICOLOR_FORCE (set, not `0`).
fn force_color() -> bool {
    let force =
        std::env::var_os("FORCE_COLOR").is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
    force || anstyle_query::clicolor_force()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Error,
    Warning,
    Info,
    /// Never fail on findings.
    Never,
}

impl FailOn {
    /// The lowest severity that fails the run; `None` for `never`.
    pub fn severity(self) -> Option<crate::diagnostic::Severity> {
        use crate::diagnostic::Severity;
        match self {
            FailOn::Error => Some(Severity::Error),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Info => Some(Severity::Info),
            FailOn::Never => None,
        }
    }
}
