//! The server under test as a child process, spoken to with rmcp's client over the child's
//! stdin/stdout. This crate spawns and reaps the child itself (rather than rmcp's
//! `TokioChildProcess`, which kills from a task spawned on drop) so that by the time the
//! record is written the child has exited or been killed and waited for, on every path.
//! With `--url` the server is already running: rmcp's streamable-HTTP client speaks to it on
//! loopback, and nothing is started or stopped.

use rmcp::model::{CallToolRequestParams, Tool};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{ServiceError, ServiceExt};
use serde_json::{Map, Value};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio::task::JoinHandle;

/// Most stderr kept in the record; the rest is counted, not stored.
const STDERR_CAP: usize = 64 * 1024;
/// How long a server gets to exit by itself once its stdin is closed.
const EXIT_GRACE: Duration = Duration::from_secs(2);
/// Longest line read from the server's stdout: a `tools/list` answer of thousands of tools
/// is a few MiB. A longer line ends the connection (a line without a newline took 2.5 GB).
pub const MAX_LINE: usize = 16 * 1024 * 1024;
/// Non-JSON stdout lines kept per row, each cut to [`GARBAGE_LINE`] bytes.
const GARBAGE_LINES: usize = 100;
const GARBAGE_LINE: usize = 1024;

pub struct Session {
    /// The child, its process group and its stderr reader; none over `--url`.
    child: Option<(Child, Option<u32>, JoinHandle<String>)>,
    client: Option<RunningService<RoleClient, ()>>,
    /// Lines the server wrote on stdout that are not JSON: stdout is the protocol channel,
    /// so each is a defect (a stray `println!`), kept here and charged to the row it hit.
    garbage: Arc<Mutex<Vec<String>>>,
}

/// Why a call got no answer.
#[derive(Debug)]
pub enum NoAnswer {
    Timeout(Duration),
    /// The connection ended: the server exited or wrote something that is not JSON-RPC.
    Closed(String),
}

impl NoAnswer {
    pub fn describe(&self) -> String {
        match self {
            NoAnswer::Timeout(d) => format!("no response within {} s", d.as_secs_f64()),
            NoAnswer::Closed(why) => format!("the connection to the server ended ({why})"),
        }
    }
}

/// A `tools/call` answer: the result, or a JSON-RPC error, each as JSON.
pub enum Answer {
    Result(Value),
    Error(Value),
}

/// How the child ended, and what it wrote on stderr.
pub struct Ended {
    pub exit: String,
    pub stderr: String,
}

impl Session {
    /// Start `command` and initialize an MCP session with it.
    pub async fn start(command: &[String], timeout: Duration) -> Result<Session, (String, Ended)> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| ("no server command after `--`".to_string(), not_started()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        // Its own process group, ended with it: what the server starts ends with the run.
        #[cfg(unix)]
        command.process_group(0);
        let mut child = command
            .spawn()
            .map_err(|e| (format!("cannot start `{program}`: {e}"), not_started()))?;
        let group = child.id();
        let (Some(stdin), Some(stdout), Some(mut err)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            unreachable!("all three streams are piped");
        };
        let stderr = tokio::spawn(async move {
            let mut kept = Vec::new();
            let mut buf = [0u8; 8192];
            let mut dropped = 0usize;
            while let Ok(n) = err.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                let room = STDERR_CAP.saturating_sub(kept.len()).min(n);
                kept.extend_from_slice(&buf[..room]);
                dropped += n - room;
            }
            let mut text = String::from_utf8_lossy(&kept).into_owned();
            if dropped > 0 {
                text.push_str(&format!("\n[{dropped} more bytes not kept]"));
            }
            text
        });
        // rmcp skips a line it cannot decode; pass only JSON lines on so the others can be
        // reported.
        let garbage = Arc::new(Mutex::new(Vec::new()));
        let (protocol, mut forward) = tokio::io::duplex(1 << 16);
        let seen = Arc::clone(&garbage);
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                line.clear();
                // At most one byte past the limit is read into memory.
                let mut limited = (&mut reader).take(MAX_LINE as u64 + 1);
                match limited.read_until(b'\n', &mut line).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if line.len() > MAX_LINE {
                    if let Ok(mut g) = seen.lock() {
                        g.push(format!(
                            "a line of more than {MAX_LINE} bytes; the connection is ended"
                        ));
                    }
                    break;
                }
                let text = String::from_utf8_lossy(&line);
                let text = text.trim_end_matches(['\n', '\r']);
                if serde_json::from_str::<Value>(text).is_ok() {
                    let sent = forward.write_all(text.as_bytes()).await;
                    if sent.is_err() || forward.write_all(b"\n").await.is_err() {
                        break;
                    }
                } else if let Ok(mut g) = seen.lock()
                    && g.len() < GARBAGE_LINES
                {
                    let cut = text.floor_char_boundary(GARBAGE_LINE);
                    g.push(text[..cut].to_string());
                }
            }
        });
        let session = Session {
            child: Some((child, group, stderr)),
            client: None,
            garbage,
        };
        session.initialize(timeout, (protocol, stdin)).await
    }

    /// Initialize an MCP session with the loopback server at `url` (checked by the caller)
    /// over streamable HTTP.
    pub async fn connect(url: &str, timeout: Duration) -> Result<Session, (String, Ended)> {
        use rmcp::transport::StreamableHttpClientTransport;
        use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
        let http = reqwest::Client::builder()
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| (format!("cannot make the HTTP client: {e}"), not_started()))?;
        let transport = StreamableHttpClientTransport::with_client(
            http,
            StreamableHttpClientTransportConfig::with_uri(url),
        );
        let session = Session {
            child: None,
            client: None,
            garbage: Arc::new(Mutex::new(Vec::new())),
        };
        session.initialize(timeout, transport).await
    }

    async fn initialize<T, E, A>(
        self,
        timeout: Duration,
        transport: T,
    ) -> Result<Session, (String, Ended)>
    where
        T: rmcp::transport::IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let mut session = self;
        match tokio::time::timeout(timeout, ().serve(transport)).await {
            Ok(Ok(client)) => {
                session.client = Some(client);
                Ok(session)
            }
            Ok(Err(e)) => Err((format!("initialize failed: {e}"), session.stop().await)),
            Err(_) => Err((
                format!(
                    "initialize got no response within {} s",
                    timeout.as_secs_f64()
                ),
                session.stop().await,
            )),
        }
    }

    fn client(&self) -> Result<&RunningService<RoleClient, ()>, NoAnswer> {
        self.client
            .as_ref()
            .ok_or_else(|| NoAnswer::Closed("not connected".into()))
    }

    /// The non-JSON stdout lines written since the last call of this.
    pub fn take_garbage(&self) -> Vec<String> {
        self.garbage
            .lock()
            .map(|mut g| std::mem::take(&mut *g))
            .unwrap_or_default()
    }

    /// The server's `initialize` result.
    pub fn server_info(&self) -> Value {
        self.client
            .as_ref()
            .and_then(|c| c.peer_info())
            .and_then(|i| serde_json::to_value(&*i).ok())
            .unwrap_or(Value::Null)
    }

    pub async fn list_tools(&self, timeout: Duration) -> Result<Vec<Tool>, NoAnswer> {
        let client = self.client()?;
        match tokio::time::timeout(timeout, client.peer().list_all_tools()).await {
            Ok(Ok(tools)) => Ok(tools),
            Ok(Err(e)) => Err(NoAnswer::Closed(format!("tools/list failed: {e}"))),
            Err(_) => Err(NoAnswer::Timeout(timeout)),
        }
    }

    pub async fn call(
        &self,
        tool: &str,
        arguments: Map<String, Value>,
        timeout: Duration,
    ) -> Result<Answer, NoAnswer> {
        let client = self.client()?;
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(arguments);
        match tokio::time::timeout(timeout, client.peer().call_tool(params)).await {
            Err(_) => Err(NoAnswer::Timeout(timeout)),
            Ok(Ok(result)) => Ok(Answer::Result(
                serde_json::to_value(result).unwrap_or(Value::Null),
            )),
            Ok(Err(ServiceError::McpError(e))) => Ok(Answer::Error(
                serde_json::to_value(e).unwrap_or(Value::Null),
            )),
            Ok(Err(e)) => Err(NoAnswer::Closed(e.to_string())),
        }
    }

    /// Close the session, give the server a moment to exit, kill it if it does not, and
    /// wait for it (no zombie is left behind).
    pub async fn stop(mut self) -> Ended {
        if let Some(client) = self.client.take() {
            // Cancelling drops the transport, which closes the child's stdin (or ends the
            // HTTP session).
            let _ = tokio::time::timeout(EXIT_GRACE, client.cancel()).await;
        }
        let Some((mut child, group, stderr)) = self.child.take() else {
            return Ended {
                exit: "not started by contractlint (--url): left running".into(),
                stderr: String::new(),
            };
        };
        #[cfg(not(unix))]
        let _ = group;
        let exit = match tokio::time::timeout(EXIT_GRACE, child.wait()).await {
            Ok(Ok(status)) => describe(status),
            _ => {
                let _ = child.start_kill();
                match child.wait().await {
                    Ok(status) => format!("killed after the run ({})", describe(status)),
                    Err(e) => format!("killed; waiting for it failed: {e}"),
                }
            }
        };
        // What the server started is in its group and may outlive it (a daemon, a worker
        // pool): the group ends with the run.
        #[cfg(unix)]
        if let Some(group) = group.and_then(|g| libc::pid_t::try_from(g).ok()) {
            // SAFETY: `kill` reads its two integers only; the group is the one the child
            // was started in, whose id is not reused while any of its members lives.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let stderr = tokio::time::timeout(EXIT_GRACE, stderr)
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default();
        Ended { exit, stderr }
    }
}

fn not_started() -> Ended {
    Ended {
        exit: "not started".into(),
        stderr: String::new(),
    }
}

fn describe(status: std::process::ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exited with code {code}"),
        None => format!("ended by a signal ({status})"),
    }
}
