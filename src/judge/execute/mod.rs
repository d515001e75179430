//! `contractlint cases TOOL --run -- COMMAND..`: execute a tool's failure-case table against
//! the live MCP server and record, per row, the request, the verbatim response, the state
//! before and after, and whether the row passed. Nothing here runs without `--run`.

pub mod rows;
mod session;
mod verdict;

use crate::config::CasesConfig;
use crate::contract::Contract;
use rows::Row;
use serde_json::{Map, Value, json};
use session::{Answer, NoAnswer, Session};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use verdict::Observed;

/// The record's format version (`kind: contractlint-cases-run`).
pub const RECORD_VERSION: u32 = 1;

#[derive(clap::Args, Debug, Default)]
pub struct RunArgs {
    /// Execute the table: start the server given after `--` as a child process (THIS RUNS
    /// THAT COMMAND), or connect to `--url`, call the tool once per row over MCP, and print
    /// the run record.
    #[arg(long, requires = "server")]
    pub run: bool,
    /// A running server's streamable-HTTP endpoint, on loopback only
    /// (`http://127.0.0.1:PORT/mcp`), instead of a command.
    #[arg(long, value_name = "URL", group = "server", requires = "run")]
    pub url: Option<String>,
    /// Extra rows (JSON: `[{"id", "input", "expect": {"status", "code", "field", "state",
    /// "assert"}}]`), run after the generated ones.
    #[arg(long, value_name = "FILE")]
    pub cases_file: Vec<PathBuf>,
    /// Only the rows of `--cases-file`, not the generated table.
    #[arg(long, requires = "cases_file")]
    pub no_generated: bool,
    /// Seconds one MCP request may take before its row fails.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub call_timeout: f64,
    /// Seconds the whole run may take; rows not reached fail as not run.
    #[arg(long, value_name = "SECS", default_value_t = 300.0)]
    pub timeout: f64,
    /// The server command and its arguments (after `--`).
    #[arg(last = true, value_name = "COMMAND", group = "server")]
    pub command: Vec<String>,
}

/// What the run needs besides the rows.
pub struct Plan<'a> {
    pub tool: &'a str,
    pub contract: &'a Contract,
    /// Where the published schema is written.
    pub sources: &'a crate::source::SourceMap,
    /// How the published schema is read as written.
    pub read: crate::contract::ReadWritten,
    pub config: &'a CasesConfig,
    pub rows: Vec<Row>,
    pub args: &'a RunArgs,
    /// The readiness report's environment block.
    pub environment: Value,
}

/// Run the table and return the record. Only a bad plan is an error: a server that cannot
/// be started, hangs or crashes still gives a record, with every row it failed.
pub fn run(plan: Plan) -> Result<Value, String> {
    let secs = |s: f64, what: &str| {
        Duration::try_from_secs_f64(s)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| format!("{what} must be a positive number of seconds"))
    };
    let call_timeout = secs(plan.args.call_timeout, "--call-timeout")?;
    let total = secs(plan.args.timeout, "--timeout")?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    Ok(runtime.block_on(execute(plan, call_timeout, total)))
}

async fn execute(plan: Plan<'_>, call_timeout: Duration, total: Duration) -> Value {
    let started = std::time::SystemTime::now();
    let clock = Instant::now();
    let deadline = clock + total;
    let mut findings: Vec<Value> = Vec::new();
    let mut results: Vec<Value> = Vec::new();
    let mut live_tool = Value::Null;
    let mut server_info = Value::Null;
    let connected = match &plan.args.url {
        Some(url) => Session::connect(url, call_timeout).await,
        None => Session::start(&plan.args.command, call_timeout).await,
    };
    let ended = match connected {
        Err((why, ended)) => {
            for row in &plan.rows {
                results.push(verdict::not_run(row, &format!("not run: {why}")));
            }
            findings.push(json!({"kind": "server", "message": why}));
            ended
        }
        Ok(session) => {
            server_info = session.server_info();
            let table = async {
                run_table(
                    &session,
                    &plan,
                    call_timeout,
                    deadline,
                    &mut results,
                    &mut findings,
                    &mut live_tool,
                )
                .await
            };
            let interrupted = tokio::select! {
                () = table => false,
                _ = tokio::signal::ctrl_c() => true,
            };
            if interrupted {
                let done = results.len();
                for row in &plan.rows[done.min(plan.rows.len())..] {
                    results.push(verdict::not_run(row, "not run: interrupted (Ctrl-C)"));
                }
                findings.push(json!({"kind": "interrupted", "message": "the run was interrupted"}));
            }
            session.stop().await
        }
    };
    let failed = results.iter().filter(|r| r["verdict"] == "failed").count();
    let not_run = results.iter().filter(|r| r["outcome"] == "not run").count();
    let changed = results
        .iter()
        .filter(|r| r["expect"]["status"] == "rejected" && r["state"]["compared"] == "changed")
        .count();
    json!({
        "kind": "contractlint-cases-run",
        "version": RECORD_VERSION,
        "tool": plan.tool,
        // Tools of one name in two packages are two tools: the report tells them apart by this.
        "package": crate::source::display_path(&plan.contract.package),
        "started": humantime::format_rfc3339_seconds(started).to_string(),
        "duration_ms": clock.elapsed().as_millis() as u64,
        "environment": plan.environment,
        "server": {
            // As given, but no machine's absolute path (see `source::shareable`).
            "command": plan.args.command.iter().map(|a| crate::source::shareable(a)).collect::<Vec<_>>(),
            "url": plan.args.url,
            "transport": if plan.args.url.is_some() { "streamable-http" } else { "stdio" },
            "initialize": server_info,
            "exit": ended.exit,
            "stderr": ended.stderr,
        },
        "timeouts": {"call_s": call_timeout.as_secs_f64(), "total_s": total.as_secs_f64()},
        "reset": plan.config.reset,
        "state_tool": plan.config.state.as_ref().map(|s| json!({
            "tool": s.tool,
            "arguments": s.arguments,
            "initial": s.initial,
            "stored": s.stored,
        })),
        "response_pointers": {"code": pointers(plan.config).0, "field": pointers(plan.config).1},
        "live_tool": live_tool,
        "findings": findings,
        "summary": {
            "rows": results.len(),
            "passed": results.len() - failed,
            "failed": failed,
            "failure_rows_that_changed_state": changed,
            "not_run": not_run,
        },
        "rows": results,
    })
}

fn pointers(config: &CasesConfig) -> (String, String) {
    let p = config.response.clone().unwrap_or_default();
    (p.code, p.field)
}

#[allow(clippy::too_many_arguments)]
async fn run_table(
    session: &Session,
    plan: &Plan<'_>,
    call_timeout: Duration,
    deadline: Instant,
    results: &mut Vec<Value>,
    findings: &mut Vec<Value>,
    live_tool: &mut Value,
) {
    let budget = |now: Instant| call_timeout.min(deadline.saturating_duration_since(now));
    let tools = match session.list_tools(budget(Instant::now())).await {
        Ok(t) => t,
        Err(e) => {
            let why = format!("not run: tools/list: {}", e.describe());
            results.extend(plan.rows.iter().map(|r| verdict::not_run(r, &why)));
            return;
        }
    };
    let Some(tool) = tools.iter().find(|t| t.name == plan.tool) else {
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        let why = format!(
            "not run: the server does not list `{}` (it lists: {})",
            plan.tool,
            names.join(", ")
        );
        results.extend(plan.rows.iter().map(|r| verdict::not_run(r, &why)));
        return;
    };
    *live_tool = serde_json::to_value(tool).unwrap_or(Value::Null);
    findings.extend(verdict::drift(
        plan.contract,
        (plan.sources, plan.read),
        live_tool,
    ));
    for name in [
        plan.config.reset.as_deref(),
        plan.config.state.as_ref().map(|s| s.tool.as_str()),
    ]
    .into_iter()
    .flatten()
    {
        if !tools.iter().any(|t| t.name == name) {
            findings.push(json!({
                "kind": "config",
                "message": format!("the configured tool `{name}` is not listed by the server"),
            }));
        }
    }
    let read_only = live_tool["annotations"]["readOnlyHint"] == json!(true);
    let mut broken: Option<String> = None;
    for row in &plan.rows {
        if let Some(why) = &broken {
            results.push(verdict::not_run(row, why));
            continue;
        }
        if Instant::now() >= deadline {
            broken = Some("not run: the total --timeout was reached".into());
            results.push(verdict::not_run(row, broken.as_deref().unwrap_or_default()));
            continue;
        }
        let (observed, stop) = run_row(session, plan, row, &budget).await;
        if let Some(stop) = stop {
            broken = Some(format!("not run: an earlier row ({}) {stop}", row.id));
        }
        results.push(verdict::judge(row, observed, plan.config, read_only));
    }
}

/// One row: reset, state before, the call, state after. The second value says why the
/// session cannot go on (a timeout or a closed connection).
async fn run_row(
    session: &Session,
    plan: &Plan<'_>,
    row: &Row,
    budget: &impl Fn(Instant) -> Duration,
) -> (Observed, Option<String>) {
    let mut o = Observed::default();
    session.take_garbage();
    let fatal = |e: &NoAnswer| e.describe();
    if let Some(reset) = &plan.config.reset {
        match session
            .call(reset, Map::new(), budget(Instant::now()))
            .await
        {
            Ok(Answer::Result(r)) if r["isError"] != json!(true) => {}
            Ok(Answer::Result(r) | Answer::Error(r)) => {
                o.setup_error = Some(format!("reset `{reset}` failed: {r}"));
            }
            Err(e) => {
                o.setup_error = Some(format!("reset `{reset}`: {}", e.describe()));
                return (o, Some(fatal(&e)));
            }
        }
    }
    let state = plan.config.state.as_ref();
    if let Some(s) = state {
        match read_state(session, s, budget).await {
            Ok(v) => o.before = Some(v),
            Err((why, e)) => {
                o.state_error = Some(why);
                if let Some(e) = e {
                    return (o, Some(fatal(&e)));
                }
            }
        }
        // A row is run from the declared initial state or not at all.
        if let Some(initial) = &s.initial
            && o.before.as_ref() != Some(initial)
        {
            o.reset_failed = Some(initial.clone());
            return (o, None);
        }
    }
    for setup in &row.setup {
        let tool = &setup.tool;
        match session
            .call(tool, setup.arguments.clone(), budget(Instant::now()))
            .await
        {
            Ok(Answer::Result(r)) if r["isError"] != json!(true) => {}
            Ok(Answer::Result(r) | Answer::Error(r)) => {
                o.setup_error = Some(format!("setup `{tool}` failed: {r}"));
            }
            Err(e) => {
                o.setup_error = Some(format!("setup `{tool}`: {}", e.describe()));
                return (o, Some(fatal(&e)));
            }
        }
    }
    // What the row itself changes is measured from the state its setup left.
    if let (Some(s), false) = (state, row.setup.is_empty()) {
        match read_state(session, s, budget).await {
            Ok(v) => o.before = Some(v),
            Err((why, e)) => {
                o.state_error = Some(why);
                if let Some(e) = e {
                    return (o, Some(fatal(&e)));
                }
            }
        }
    }
    let clock = Instant::now();
    o.request = json!({"name": plan.tool, "arguments": row.input});
    let answer = session
        .call(plan.tool, row.input.clone(), budget(clock))
        .await;
    o.duration_ms = clock.elapsed().as_millis() as u64;
    o.garbage = session.take_garbage();
    match answer {
        Ok(a) => o.answer = Some(a),
        Err(e) => {
            o.no_answer = Some(e.describe());
            return (o, Some(fatal(&e)));
        }
    }
    if let Some(s) = state {
        match read_state(session, s, budget).await {
            Ok(v) => o.after = Some(v),
            Err((why, e)) => {
                o.state_error = Some(why);
                if let Some(e) = e {
                    return (o, Some(fatal(&e)));
                }
            }
        }
    }
    (o, None)
}

type StateError = (String, Option<NoAnswer>);

async fn read_state(
    session: &Session,
    s: &crate::config::StateTool,
    budget: &impl Fn(Instant) -> Duration,
) -> Result<Value, StateError> {
    match session
        .call(&s.tool, s.arguments.clone(), budget(Instant::now()))
        .await
    {
        Ok(Answer::Result(r)) if r["isError"] != json!(true) => Ok(verdict::payload(&r)
            .unwrap_or_else(|| r.get("content").cloned().unwrap_or(Value::Null))),
        Ok(Answer::Result(r) | Answer::Error(r)) => {
            Err((format!("state tool `{}` failed: {r}", s.tool), None))
        }
        Err(e) => Err((
            format!("state tool `{}`: {}", s.tool, e.describe()),
            Some(e),
        )),
    }
}

/// The `cases TOOL --run` entry point: the generated rows (unless `--no-generated`) and
/// the cases files' rows, run against the command.
pub fn run_tool(
    project: &crate::contract::Project,
    table: &crate::judge::cases::CaseTable,
    config: &CasesConfig,
    args: &RunArgs,
    environment: Value,
    read: crate::contract::ReadWritten,
) -> Result<Value, String> {
    let contract = project
        .contracts
        .iter()
        .find(|c| c.name == table.tool)
        .ok_or_else(|| format!("unknown tool `{}`", table.tool))?;
    if let Some(url) = &args.url {
        loopback(url)?;
    }
    let mut rows = Vec::new();
    if !args.no_generated {
        let generated = table.to_json(config);
        for (i, r) in generated.as_array().into_iter().flatten().enumerate() {
            rows.push(Row::parse(r, "generated", i)?);
        }
    }
    for file in &args.cases_file {
        rows.extend(rows::load(file)?);
    }
    run(Plan {
        tool: &table.tool,
        contract,
        sources: &project.sources,
        read,
        config,
        rows,
        args,
        environment,
    })
}

/// `--url` reaches only this machine: `http://` to a loopback IP address (a host name could
/// resolve anywhere), so running the table cannot write to someone else's server.
fn loopback(url: &str) -> Result<(), String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("--url {url}: {e}"))?;
    if parsed.scheme() != "http" {
        return Err(format!(
            "--url {url}: only http:// is supported (a loopback server needs no TLS)"
        ));
    }
    let host = parsed.host_str().unwrap_or_default();
    let ip: Option<std::net::IpAddr> = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .ok();
    if !ip.is_some_and(|ip| ip.is_loopback()) {
        return Err(format!(
            "--url {url}: not a loopback address; cases --run calls the tool with inputs meant \
             to fail and may change state, so it only reaches a server on this machine \
             (http://127.0.0.1:PORT/... or http://[::1]:PORT/...)"
        ));
    }
    Ok(())
}
