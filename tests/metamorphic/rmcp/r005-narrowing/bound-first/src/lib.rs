// Metamorphic: the value bound to a local before the cast
//! Operations on a tunnel host. Whole numbers are read in a wide type and narrowed with `as`.
//!
//! `open_tunnel` narrows a `u64` port to `u16`: port 70000 passes the schema and becomes 4464.
//! `list_events` narrows an `i32` limit to `usize`: -1 becomes the largest `usize`, every event.
//! Near misses: `tail_log` refuses what `usize` cannot hold before its cast, and `search_hosts`
//! tells the agent what -1 does ("-1 for every host"), so neither says anything.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenTunnel {
    /// The host to reach.
    pub host: String,
    /// The local port to listen on.
    pub port: u64,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListEvents {
    /// How many events to return at most.
    pub limit: Option<i32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TailLog {
    /// How many lines to return, from 1 to 10000.
    #[schemars(range(min = 1, max = 10000))]
    pub lines: i64,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchHosts {
    /// Text to look for in host names.
    pub query: String,
    /// How many hosts to return at most; -1 for every host.
    pub max_hosts: i32,
}

pub struct TunnelServer {
    events: Vec<String>,
    hosts: Vec<String>,
    log: Vec<String>,
}

fn refused(message: &str) -> CallToolResult {
    CallToolResult::error(vec![Content::text(message.to_string())])
}

#[tool_router]
impl TunnelServer {
    /// Opens a tunnel to a host on a local port.
    #[tool(name = "open_tunnel")]
    async fn open_tunnel(
        &self,
        Parameters(req): Parameters<OpenTunnel>,
    ) -> Result<CallToolResult, ErrorData> {
        let requested = req.port;
        let port = requested as u16;
        let text = format!("listening on {} for {}", port, req.host);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Lists the latest tunnel events.
    #[tool(name = "list_events", annotations(read_only_hint = true))]
    async fn list_events(
        &self,
        Parameters(req): Parameters<ListEvents>,
    ) -> Result<CallToolResult, ErrorData> {
        let wanted = req.limit.unwrap_or(50);
        let limit = wanted as usize;
        let shown: Vec<String> = self.events.iter().take(limit).cloned().collect();
        Ok(CallToolResult::success(vec![Content::text(shown.join("\n"))]))
    }

    /// Returns the last lines of the tunnel log.
    #[tool(name = "tail_log", annotations(read_only_hint = true))]
    async fn tail_log(
        &self,
        Parameters(req): Parameters<TailLog>,
    ) -> Result<CallToolResult, ErrorData> {
        if req.lines < 1 || req.lines > 10_000 {
            return Ok(refused("lines must be from 1 to 10000"));
        }
        let lines = req.lines;
        let skip = self.log.len().saturating_sub(lines as usize);
        Ok(CallToolResult::success(vec![Content::text(self.log[skip..].join("\n"))]))
    }

    /// Finds hosts by name.
    #[tool(name = "search_hosts", annotations(read_only_hint = true))]
    async fn search_hosts(
        &self,
        Parameters(req): Parameters<SearchHosts>,
    ) -> Result<CallToolResult, ErrorData> {
        let found: Vec<String> = self
            .hosts
            .iter()
            .filter(|h| h.contains(&req.query))
            .take(req.max_hosts as usize)
            .cloned()
            .collect();
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }
}
