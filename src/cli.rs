//! Command-line interface (OUTPUT.md is the contract: change only by adding).

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
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Files or directories to report on.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Html)]
    pub format: ReportFormat,
    /// Configuration file (default: contractlint.toml found upward from the first path).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Write the report to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct CasesArgs {
    /// The tool's name, e.g. addCartLine.
    pub tool: String,
    /// Files or directories to read.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Configuration file (default: contractlint.toml found upward from the first path).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Write the table to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// One self-contained page (inline CSS and SVG), one printed page per tool.
    Html,
    /// GitHub-flavoured Markdown.
    Md,
    /// The report's data as JSON.
    Json,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files or directories to lint; `.gitignore`, `target/` and `node_modules/` are skipped.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Configuration file (default: contractlint.toml found upward from the first path).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Exit with 1 when a finding at or above this severity remains.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Only run these rules (codes or names, comma separated).
    #[arg(long, value_delimiter = ',')]
    pub select: Vec<String>,
    /// Skip these rules (codes or names, comma separated).
    #[arg(long, value_delimiter = ',')]
    pub ignore: Vec<String>,
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
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Human)]
    pub format: ListFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Annotated source snippets (colored on a terminal).
    Human,
    /// One JSON object (see docs/output.md).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands (annotations on the pull request).
    Github,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Human,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Error,
    Warning,
    Info,
}

impl FailOn {
    pub fn severity(self) -> crate::diagnostic::Severity {
        use crate::diagnostic::Severity;
        match self {
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Info => Severity::Info,
        }
    }
}
