//! Thin entry point: parse the command line, run the library, set the exit code.

use clap::CommandFactory;
use clap::Parser;
use contractlint::cli::{CheckArgs, Cli, Command, Format, ListFormat, ReportFormat};
use contractlint::report::plural;
use contractlint::report::readiness;
use contractlint::{catalog, config::Config, report};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// mimalloc rather than the system allocator: the report of a large manifest builds and
/// frees each tool's section on worker threads, where glibc's per-thread arenas kept
/// freed memory resident, and allocation was a third of its time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!(
                "contractlint: error: {}",
                contractlint::source::escape::log_lines(&message)
            );
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Check(args) => check(args),
        Command::Rules(args) => {
            let text = match args.format {
                ListFormat::Human => catalog::all()
                    .iter()
                    .map(|r| {
                        format!(
                            "{}  {:<36} {:<8} {}\n",
                            r.code,
                            r.name,
                            r.severity.as_str(),
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
                                "help_uri": format!("{}/{}", catalog::DOCS_URL, catalog::page_file(r)),
                            })
                        })
                        .collect();
                    serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())? + "\n"
                }
            };
            emit(None, &text)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Report(args) => {
            let first = args.paths.first().cloned().unwrap_or_else(|| ".".into());
            let config = Config::load(args.config.as_deref(), &first)?;
            let epoch = readiness::environment::source_date_epoch()?;
            let opts = contractlint::Options {
                paths: args.paths.clone(),
                config: config.clone(),
                outputs: contractlint::discover::Outputs::of_run(args.output.as_deref()),
                per_tool: true,
                ..Default::default()
            };
            let mut outcome = contractlint::check(&opts).map_err(|e| e.to_string())?;
            contractlint::engine::cap::apply_per_tool(
                &outcome.project.sources,
                &mut outcome.diagnostics,
            );
            let env = readiness::environment::gather(&args.paths, &config, &outcome, epoch);
            let mut report = readiness::build(outcome, &config.cases, env);
            readiness::executed::apply(&mut report, &args.cases_run)?;
            emit_with(args.output.as_deref(), |w| match args.format {
                ReportFormat::Html => readiness::html::write(&report, w),
                ReportFormat::Md => readiness::md::write(&report, w),
                ReportFormat::Json => readiness::json::write(&report, w),
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Cases(args) => {
            let first = args.paths.first().cloned().unwrap_or_else(|| ".".into());
            let config = Config::load(args.config.as_deref(), &first)?;
            let opts = contractlint::Options {
                paths: args.paths.clone(),
                config: config.clone(),
                outputs: contractlint::discover::Outputs::of_run(args.output.as_deref()),
                ..Default::default()
            };
            let outcome = contractlint::check(&opts).map_err(|e| e.to_string())?;
            let table = contractlint::cases::for_tool(&outcome.project, &args.tool, &config.cases)?;
            if args.run.run {
                let epoch = readiness::environment::source_date_epoch()?;
                let env = readiness::environment::gather(&args.paths, &config, &outcome, epoch);
                let record = contractlint::execute::run_tool(
                    &outcome.project,
                    &table,
                    &config.cases,
                    &args.run,
                    serde_json::to_value(env).map_err(|e| e.to_string())?,
                )?;
                let text = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())? + "\n";
                emit(args.output.as_deref(), &text)?;
                // 1 when a row failed, as `check` exits 1 on findings.
                let failed = record["summary"]["failed"].as_u64().unwrap_or(0);
                return Ok(ExitCode::from(u8::from(failed > 0)));
            }
            let text = serde_json::to_string_pretty(&table.to_json(&config.cases))
                .map_err(|e| e.to_string())?
                + "\n";
            emit(args.output.as_deref(), &text)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "contractlint", &mut out);
            emit(None, &String::from_utf8_lossy(&out))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { rule } => {
            let info =
                catalog::find(&rule).ok_or_else(|| contractlint::rule_select::unknown(&rule))?;
            // Markdown for pipes and files (it is the docs page); plain text on a terminal.
            let text = if std::io::stdout().is_terminal() {
                catalog::page_plain(info)
            } else {
                catalog::page(info)
            };
            emit(None, &text)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn check(args: CheckArgs) -> Result<ExitCode, String> {
    let stdin = stdin_file(&args)?;
    let first = match &stdin {
        Some(s) => s.config_start(),
        None => args.paths.first().cloned().unwrap_or_else(|| ".".into()),
    };
    let config = Config::load(args.config.as_deref(), &first)?;
    let opts = contractlint::Options {
        // Standard input is one named file: the configuration found from its name applies.
        config_explicit: args.config.is_some() || stdin.is_some(),
        paths: match &stdin {
            Some(s) => vec![s.staged.clone()],
            None => args.paths.clone(),
        },
        config,
        select: contractlint::rule_select::expand(&args.select)?,
        ignore: contractlint::rule_select::expand(&args.ignore)?,
        parse: match std::env::var_os("CONTRACTLINT_PARSE_ALL") {
            None => contractlint::Parse::Needed,
            Some(v) if v.is_empty() => contractlint::Parse::Needed,
            Some(v) if v == "whole" => contractlint::Parse::AllWhole,
            Some(_) => contractlint::Parse::All,
        },
        drop_written_schemas: true,
        outputs: contractlint::discover::Outputs::of_run(args.output.as_deref()),
        // Grouped: a baseline may record a systemic finding as one entry.
        per_tool: false,
    };
    if args.show_settings {
        let packages = contractlint::package_settings(&opts).map_err(|e| e.to_string())?;
        emit(
            args.output.as_deref(),
            &report::settings::render(&packages)?,
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let baseline = args
        .baseline
        .as_deref()
        .map(contractlint::baseline::Baseline::load)
        .transpose()?;
    let mut outcome = contractlint::check(&opts).map_err(|e| e.to_string())?;
    if let Some(s) = &stdin {
        s.rename(&mut outcome);
    }
    if args.no_group {
        contractlint::rules::systemic::ungroup(&mut outcome.diagnostics);
        contractlint::sort(&outcome.project.sources, &mut outcome.diagnostics);
    }
    let note = |text: String| {
        if !args.quiet {
            eprintln!(
                "contractlint: {}",
                contractlint::source::escape::log_lines(&text)
            );
        }
    };
    if let Some(path) = &args.write_baseline {
        let b = contractlint::baseline::Baseline::from_findings(
            &outcome.project.sources,
            &outcome.diagnostics,
            &contractlint::baseline::anchor_of(path),
        );
        emit(Some(path), &b.to_json())?;
        note(format!(
            "wrote {} to baseline {}",
            plural(b.entries.len(), "finding"),
            path.display()
        ));
    }
    if let (Some(b), Some(path)) = (&baseline, &args.baseline) {
        let applied = contractlint::baseline::apply(
            b,
            &outcome.project.sources,
            &mut outcome.diagnostics,
            &contractlint::baseline::anchor_of(path),
        );
        let fixed = match applied.fixed {
            1 => "1 baseline entry is".to_string(),
            n => format!("{n} baseline entries are"),
        };
        note(format!(
            "{} baselined; {fixed} fixed (rewrite the baseline to drop them)",
            plural(applied.baselined, "finding"),
        ));
    }
    contractlint::engine::cap::apply(&outcome.project.sources, &mut outcome.diagnostics);
    if args.verbose {
        for p in &outcome.ignored {
            let shown = contractlint::source::display_path(p);
            eprintln!("contractlint: skipped by ignore rules: {shown}");
        }
        for u in &outcome.project.skipped {
            let file = &outcome.project.sources.get(u.span.file).display;
            let line = format!("contractlint: skipped, no contract: {file}: {}", u.message);
            eprintln!("{}", contractlint::source::escape::log_lines(&line));
        }
    }
    let color = args.color.enabled(args.output.is_none());
    let summary = || {
        if args.quiet {
            String::new()
        } else {
            report::summary_line(&outcome)
        }
    };
    let mut text = match (args.format, args.statistics) {
        (Format::Json, true) => report::statistics::json(&outcome),
        (Format::Human | Format::Concise, true) => report::statistics::text(&outcome) + &summary(),
        (Format::Sarif | Format::Github, true) => {
            return Err("--statistics prints text or, with --format json, JSON".into());
        }
        (Format::Human, false) => report::human::body(&outcome, color) + &summary(),
        (Format::Concise, false) => report::concise::body(&outcome, color) + &summary(),
        (Format::Json | Format::Sarif | Format::Github, false) => String::new(),
    };
    if args.explain_links {
        let trace = report::links::render(&outcome.project);
        match args.format {
            Format::Human => text = format!("{trace}\n{text}"),
            Format::Json | Format::Sarif | Format::Github | Format::Concise => eprint!("{trace}"),
        }
    }
    // The JSON, SARIF and GitHub reports are written as they are made, never held whole.
    match (args.format, args.statistics) {
        (Format::Json, false) => {
            emit_with(args.output.as_deref(), |w| report::json::write(&outcome, w))?
        }
        (Format::Sarif, false) => emit_with(args.output.as_deref(), |w| {
            report::sarif::write(&outcome, w)
        })?,
        (Format::Github, false) => emit_with(args.output.as_deref(), |w| {
            report::github::write(&outcome, w)
        })?,
        _ => emit(args.output.as_deref(), &text)?,
    }
    if let Some(n) = report::no_tools_notice(&outcome) {
        eprintln!(
            "contractlint: warning: {}",
            contractlint::source::escape::log_lines(&n)
        );
    }
    let failing = !args.exit_zero
        && args.write_baseline.is_none()
        && args
            .fail_on
            .severity()
            .is_some_and(|fail| outcome.diagnostics.iter().any(|d| d.severity >= fail));
    // The process ends next; freeing a large tree's facts one allocation at a time
    // cost 8% of a 10,000-tool run.
    std::mem::forget(outcome);
    Ok(if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `check -`: standard input staged as a file named like `--stdin-filename` in a private
/// temporary directory (the engine reads files by path), removed when the run ends.
struct StdinFile {
    /// As given, for the report and for finding the configuration.
    name: std::path::PathBuf,
    staged: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl StdinFile {
    /// Where the configuration search starts: the named file's closest existing directory
    /// (the name need not exist, e.g. an editor buffer not saved yet).
    fn config_start(&self) -> std::path::PathBuf {
        self.name
            .ancestors()
            .skip(1)
            .find(|p| !p.as_os_str().is_empty() && p.is_dir())
            .map_or_else(|| ".".into(), std::path::Path::to_path_buf)
    }

    /// Report the staged file under its given name.
    fn rename(&self, outcome: &mut contractlint::Outcome) {
        let sources = &mut outcome.project.sources;
        let staged =
            contractlint::source::real_path(&self.staged).unwrap_or_else(|_| self.staged.clone());
        if let Some(id) = sources.find(&staged) {
            let display = contractlint::source::display_path(&self.name);
            sources.set_display(id, display);
        }
    }
}

fn stdin_file(args: &CheckArgs) -> Result<Option<StdinFile>, String> {
    let dash = args.paths.iter().any(|p| p.as_os_str() == "-");
    match (dash, &args.stdin_filename) {
        (false, None) => Ok(None),
        (false, Some(_)) => Err(
            "--stdin-filename needs `-` as the path (`check - --stdin-filename tools.json`)".into(),
        ),
        (true, _) if args.paths.len() > 1 => {
            Err("`-` (standard input) cannot be combined with other paths".into())
        }
        (true, None) => Err(
            "`check -` needs --stdin-filename: its extension decides how the input is read".into(),
        ),
        (true, Some(name)) => {
            let base = name
                .file_name()
                .ok_or_else(|| format!("--stdin-filename `{}` names no file", name.display()))?;
            let mut text = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut text)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            let dir = tempfile::Builder::new()
                .prefix("contractlint-stdin")
                .tempdir()
                .map_err(|e| format!("cannot stage standard input: {e}"))?;
            let staged = dir.path().join(base);
            std::fs::write(&staged, text)
                .map_err(|e| format!("cannot stage standard input: {e}"))?;
            Ok(Some(StdinFile {
                name: name.clone(),
                staged,
                _dir: dir,
            }))
        }
    }
}

fn emit(path: Option<&std::path::Path>, text: &str) -> Result<(), String> {
    emit_with(path, |w| w.write_all(text.as_bytes()))
}

/// [`emit`] with what `write` writes, through a buffer.
fn emit_with(
    path: Option<&std::path::Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    match path {
        Some(p) => contractlint::source::guarded::write_replacing_with(p, write)
            .map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            // A closed pipe (`| head`) is not an error worth a message; any other failure
            // (a full disk: `> /dev/full`) is, or a truncated report would pass for whole.
            match write(&mut out).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write to standard output: {e}"))
                }
                _ => Ok(()),
            }
        }
    }
}
