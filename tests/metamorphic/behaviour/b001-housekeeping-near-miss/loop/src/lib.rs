// Metamorphic: a `for` loop pushing to a local instead of the iterator closure
//! A registry of scratch copies ("forks") that expire after a while. Looking one up first
//! drops the expired ones, as every call does, valid or not, fills a summary computed once,
//! extends a cursor's life, notes when the session was last seen and logs a progress
//! notification on stdout (the protocol channel); the rename itself
//! happens only after its input passed every check. Nothing here writes before validating.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameForkParams {
    /// Identifier of the fork, as returned when it was created.
    pub fork_id: String,
    /// The new display name, 1 to 64 characters.
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
}

pub struct Fork {
    name: String,
    created: Instant,
}

pub struct Registry {
    forks: Mutex<HashMap<String, Fork>>,
    ttl: Duration,
    /// Computed on first use.
    summary: Mutex<Option<String>>,
    /// The identifiers seen first, listed once.
    first_ids: Mutex<Vec<String>>,
}

impl Registry {
    fn evict_expired(&self) {
        let mut forks = self.forks.lock().unwrap();
        let mut expired: Vec<String> = Vec::new();
        for (id, f) in forks.iter() {
            if f.created.elapsed() > self.ttl {
                expired.push(id.clone());
            }
        }
        for id in expired {
            forks.remove(&id);
        }
    }

    fn remember_summary(&self, text: String) {
        let mut summary = self.summary.lock().unwrap();
        if summary.is_none() {
            *summary = Some(text);
        }
    }

    fn remember_ids(&self, ids: Vec<String>) {
        let mut known = self.first_ids.lock().unwrap();
        if known.is_empty() {
            *known = ids;
        }
    }

    /// The fork's current name; expired forks are gone first.
    pub fn name_of(&self, id: &str) -> Result<String, String> {
        self.evict_expired();
        let count = self.forks.lock().unwrap().len();
        self.remember_summary(format!("{count} forks"));
        let ids: Vec<String> = self.forks.lock().unwrap().keys().cloned().collect();
        self.remember_ids(ids);
        let forks = self.forks.lock().unwrap();
        forks
            .get(id)
            .map(|f| f.name.clone())
            .ok_or_else(|| format!("no fork `{id}`"))
    }

    pub fn rename(&self, id: &str, name: &str) {
        if let Some(f) = self.forks.lock().unwrap().get_mut(id) {
            f.name = name.to_string();
        }
    }
}

/// Pages of a listing, by cursor; a cursor lives while it is used.
pub struct Cursors {
    entries: HashMap<String, Cursor>,
    ttl: Duration,
}

pub struct Cursor {
    offset: usize,
    expires_at: Instant,
}

/// The page a cursor is at; reading it extends the cursor's life.
fn page_of(cursors: &mut Cursors, id: &str) -> usize {
    let ttl = cursors.ttl;
    match cursors.entries.get_mut(id) {
        Some(entry) => {
            entry.expires_at = Instant::now() + ttl;
            entry.offset
        }
        None => 0,
    }
}

/// A `notifications/message` frame on stdout: output for the client, no state.
fn log_progress(message: &str) {
    use std::io::Write;
    let frame = format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{\"level\":\"info\",\"data\":{message:?}}}}}\n"
    );
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = out.write_all(frame.as_bytes());
    let _ = out.flush();
}

/// The caller's session; its last-seen time is kept current.
pub struct Session {
    last_seen: Instant,
}

pub struct Forks {
    registry: Registry,
    cursors: Mutex<Cursors>,
    session: Mutex<Session>,
}

#[tool_router]
impl Forks {
    #[tool(
        description = "Renames a fork. The name must be 1 to 64 characters long.",
        annotations(read_only_hint = false, destructive_hint = false, idempotent_hint = true)
    )]
    async fn rename_fork(
        &self,
        Parameters(p): Parameters<RenameForkParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let old = self
            .registry
            .name_of(&p.fork_id)
            .map_err(|e| ErrorData::invalid_params(e, None))?;
        let page = page_of(&mut self.cursors.lock().unwrap(), &p.fork_id);
        self.session.lock().unwrap().last_seen = Instant::now();
        log_progress("renaming a fork");
        if p.name.is_empty() || p.name.chars().count() > 64 {
            return Err(ErrorData::invalid_params(
                "name must be 1 to 64 characters long",
                None,
            ));
        }
        self.registry.rename(&p.fork_id, &p.name);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "renamed {old} to {} (page {page})",
            p.name
        ))]))
    }
}
