//! Thin entry point: parse the command line, run the library, set the exit code.

use clap::Parser;
use contractlint::cli::{Cli, Command, Format, ListFormat, ReportFormat};
use contractlint::report::readiness;
use contractlint::{catalog, config::Config, report};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("contractlint: error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Check(args) => {
            let first = args.paths.first().cloned().unwrap_or_else(|| ".".into());
            let config = Config::load(args.config.as_deref(), &first)?;
            let opts = contractlint::Options {
                config_explicit: args.config.is_some(),
                paths: args.paths.clone(),
                config,
                select: args.select.clone(),
                ignore: args.ignore.clone(),
                parse: match std::env::var_os("CONTRACTLINT_PARSE_ALL") {
                    None => contractlint::Parse::Needed,
                    Some(v) if v.is_empty() => contractlint::Parse::Needed,
                    Some(v) if v == "whole" => contractlint::Parse::AllWhole,
                    Some(_) => contractlint::Parse::All,
                },
                drop_written_schemas: true,
            };
            let baseline = args
                .baseline
                .as_deref()
                .map(contractlint::baseline::Baseline::load)
                .transpose()?;
            let mut outcome = contractlint::check(&opts).map_err(|e| e.to_string())?;
            if let Some(path) = &args.write_baseline {
                let b = contractlint::baseline::Baseline::from_findings(
                    &outcome.project.sources,
                    &outcome.diagnostics,
                );
                emit(Some(path), &b.to_json())?;
                eprintln!(
                    "contractlint: wrote {} findings to baseline {}",
                    b.entries.len(),
                    path.display()
                );
            }
            if let Some(b) = &baseline {
                let applied = contractlint::baseline::apply(
                    b,
                    &outcome.project.sources,
                    &mut outcome.diagnostics,
                );
                eprintln!(
                    "contractlint: {} findings baselined; {} baseline entries are fixed (rewrite the baseline to drop them)",
                    applied.baselined, applied.fixed
                );
            }
            let color = args.output.is_none()
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none();
            let mut text = match args.format {
                Format::Human => report::human::render(&outcome, color),
                Format::Json => report::json::render(&outcome),
                Format::Sarif => report::sarif::render(&outcome),
                Format::Github => report::github::render(&outcome),
            };
            if args.explain_links {
                let trace = report::links::render(&outcome.project);
                match args.format {
                    Format::Human => text = format!("{trace}\n{text}"),
                    Format::Json | Format::Sarif | Format::Github => eprint!("{trace}"),
                }
            }
            emit(args.output.as_deref(), &text)?;
            if let Some(n) = report::no_tools_notice(&outcome) {
                eprintln!("contractlint: warning: {n}");
            }
            let failing = args.write_baseline.is_none()
                && outcome
                    .diagnostics
                    .iter()
                    .any(|d| d.severity >= args.fail_on.severity());
            // The process ends next; freeing a large tree's facts one allocation at a time
            // cost 8% of a 10,000-tool run.
            std::mem::forget(outcome);
            Ok(if failing {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
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
                ..Default::default()
            };
            let outcome = contractlint::check(&opts).map_err(|e| e.to_string())?;
            let env = readiness::environment::gather(&args.paths, &config, &outcome, epoch);
            let report = readiness::build(&outcome, &config.cases, env);
            let text = match args.format {
                ReportFormat::Html => readiness::html::render(&report),
                ReportFormat::Md => readiness::md::render(&report),
                ReportFormat::Json => readiness::json::render(&report),
            };
            emit(args.output.as_deref(), &text)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Cases(args) => {
            let first = args.paths.first().cloned().unwrap_or_else(|| ".".into());
            let config = Config::load(args.config.as_deref(), &first)?;
            let opts = contractlint::Options {
                paths: args.paths.clone(),
                config: config.clone(),
                ..Default::default()
            };
            let outcome = contractlint::check(&opts).map_err(|e| e.to_string())?;
            let table = contractlint::cases::for_tool(&outcome.project, &args.tool, &config.cases)?;
            let text = serde_json::to_string_pretty(&table.to_json(&config.cases))
                .map_err(|e| e.to_string())?
                + "\n";
            emit(args.output.as_deref(), &text)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { rule } => {
            let info = catalog::find(&rule)
                .ok_or_else(|| format!("unknown rule `{rule}` (see `contractlint rules`)"))?;
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

fn emit(path: Option<&std::path::Path>, text: &str) -> Result<(), String> {
    match path {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
        }
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = out.write_all(text.as_bytes());
            Ok(())
        }
    }
}
