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

pub struct Session {
    /// The child and its stderr reader; none over `--url`.
    child: Option<(Child, JoinHandle<String>)>,
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
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| (format!("cannot start `{program}`: {e}"), not_started()))?;
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
            let mut lines = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                if serde_json::from_str::<Value>(&line).is_ok() {
                    let sent = forward.write_all(line.as_bytes()).await;
                    if sent.is_err() || forward.write_all(b"\n").await.is_err() {
                        break;
                    }
                } else if let Ok(mut g) = seen.lock() {
                    g.push(line);
                }
            }
        });
        let session = Session {
            child: Some((child, stderr)),
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
        let Some((mut child, stderr)) = self.child.take() else {
            return Ended {
                exit: "not started by contractlint (--url): left running".into(),
                stderr: String::new(),
            };
        };
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
