//! Thin entry point: arguments in, the engine's run, output and exit code out.

use clap::{CommandFactory, Parser};
use contractlint::catalog;
use contractlint::cli::output::{diff_baseline, emit, emit_run, emit_with};
use contractlint::cli::{CheckArgs, Cli, Command, DiffArgs, stdin};
use contractlint::engine::{self, Cases};
use contractlint::report;
use contractlint::source::escape::log_lines;
use std::io::IsTerminal;
use std::process::ExitCode;

/// mimalloc rather than the system allocator: the report of a large manifest builds and
/// frees each tool's section on worker threads, where glibc's per-thread arenas kept
/// freed memory resident, and allocation was a third of its time. Through
/// [`engine::heaps::Heaps`]: a parsed file's syntax tree in a heap of its own.
#[global_allocator]
static GLOBAL: engine::timings::Counting<engine::heaps::Heaps> =
    engine::timings::Counting(engine::heaps::Heaps);

fn main() -> ExitCode {
    engine::timings::start();
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("contractlint: error: {}", log_lines(&message));
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Check(args) => return check(args),
        Command::Diff(args) => return diff(args),
        Command::Rules(args) => emit(None, &report::rules_list::render(args.format))?,
        Command::Report(a) => {
            let r = engine::report_run(
                &a.paths,
                a.config.as_deref(),
                a.output.as_deref(),
                &a.cases_run,
                a.preview,
                a.ceilings(),
                a.diff_against.as_deref(),
            )?;
            let write = |w: &mut dyn std::io::Write| a.format.write(&r, w);
            engine::timings::time("output", || emit_with(a.output.as_deref(), write))?;
            engine::timings::report();
        }
        Command::Cases(a) => {
            let out = a.output.as_deref();
            let failed = match engine::cases_run(
                &a.paths,
                a.config.as_deref(),
                out,
                &a.tool,
                &a.run,
                a.ceilings(),
            )? {
                Cases::Table(t) => {
                    emit(out, &(report::json_text::pretty(&t.0.to_json(&t.1)) + "\n"))?;
                    false
                }
                Cases::Run(record, failed) => emit_run(&record, out, a.format).map(|()| failed)?,
            };
            // 1 when an executed row failed, as `check` exits 1 on findings.
            return Ok(ExitCode::from(u8::from(failed)));
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "contractlint", &mut out);
            emit(None, &String::from_utf8_lossy(&out))?;
        }
        Command::Explain { rule } => {
            let info = catalog::find(&rule).ok_or_else(|| catalog::select::unknown(&rule))?;
            // Markdown for pipes and files (it is the docs page); plain text on a terminal.
            let terminal = std::io::stdout().is_terminal();
            let page = [catalog::page, catalog::page_plain][usize::from(terminal)];
            emit(None, &page(info))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn diff(args: DiffArgs) -> Result<ExitCode, String> {
    let d = engine::diff_run(args.request()?)?;
    let compared = report::diff::Compared {
        base: &d.base,
        head: &d.head,
        tools: d.tools,
    };
    let color = args.color.enabled(args.output.is_none());
    emit_with(args.output.as_deref(), |w| {
        report::diff::write(&d.outcome, &compared, (args.format, args.quiet, color), w)
    })?;
    diff_baseline(&d, &args)?;
    let fail = args.fails_at();
    let failing = fail.is_some_and(|f| d.outcome.diagnostics.iter().any(|x| x.severity >= f));
    Ok(ExitCode::from(u8::from(failing)))
}

fn check(args: CheckArgs) -> Result<ExitCode, String> {
    let staged = stdin::stdin_file(&args)?;
    let opts = args.options(staged.as_ref())?;
    if args.show_settings {
        let packages = contractlint::package_settings(&opts)?;
        emit(
            args.output.as_deref(),
            &report::settings::render(&packages)?,
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let shown = args.shown();
    let checked = engine::check_run(args.request(opts, staged.as_ref()))?;
    let note = |text: String| {
        if !args.quiet {
            eprintln!("contractlint: {}", log_lines(&text));
        }
    };
    if let (Some(b), Some(path)) = (&checked.written, &args.write_baseline) {
        emit(Some(path), &b.to_json())?;
        note(report::baseline_written(b.entries.len(), path));
    }
    if let Some(a) = &checked.applied {
        note(report::baseline_applied(a.baselined, a.fixed));
    }
    let outcome = checked.outcome;
    if args.verbose {
        eprint!("{}", report::skipped(&outcome));
    }
    report::check::validate(&shown)?;
    let write = |w: &mut dyn std::io::Write| report::check::write(&outcome, &shown, w);
    engine::timings::time("output", || emit_with(args.output.as_deref(), write))?;
    engine::timings::report();
    if let Some(n) = report::no_tools_notice(&outcome) {
        eprintln!("contractlint: warning: {}", log_lines(&n));
    }
    let fail = args
        .fail_on
        .severity()
        .filter(|_| !args.exit_zero && args.write_baseline.is_none());
    let failing = fail.is_some_and(|f| outcome.diagnostics.iter().any(|d| d.severity >= f));
    // The process ends next; freeing a large tree's facts one allocation at a time
    // cost 8% of a 10,000-tool run.
    std::mem::forget(outcome);
    Ok(ExitCode::from(u8::from(failing)))
}
