// Metamorphic: the variant reaches the match through another function's parameter
//! A weekly retro over a local event store. The report's loader can also read a team
//! cache, which is best effort, but the tool always asks for the local store: the cache's
//! arm never runs for it.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RetroParams {
    /// Number of days the retro covers.
    pub days: u32,
}

#[derive(Debug)]
pub enum StoreError {
    Offline,
}

pub struct EventStore {
    events: Vec<(u32, String)>,
    cache_online: bool,
}

impl EventStore {
    /// Events of the last `days` days, from the local store.
    pub fn local_events(&self, days: u32) -> Result<Vec<String>, StoreError> {
        Ok(self
            .events
            .iter()
            .filter(|(age, _)| *age <= days)
            .map(|(_, e)| e.clone())
            .collect())
    }

    /// Events shared by the team, when the cache can be reached.
    pub fn cached_events(&self, days: u32) -> Result<Vec<String>, StoreError> {
        if !self.cache_online {
            return Err(StoreError::Offline);
        }
        self.local_events(days)
    }
}

/// Where a report's events come from.
pub enum Source {
    Local,
    TeamCache,
}

/// The events a report reads. The team cache is best effort: when it is offline the
/// report has no shared events.
pub fn load_events(store: &EventStore, days: u32, source: Source) -> Result<Vec<String>, StoreError> {
    match source {
        Source::Local => store.local_events(days),
        Source::TeamCache => Ok(store.cached_events(days).unwrap_or_default()),
    }
}

/// The report's events, from where the caller says.
pub fn report_events(store: &EventStore, days: u32, from: Source) -> Result<Vec<String>, StoreError> {
    load_events(store, days, from)
}

pub struct Retro {
    store: EventStore,
}

#[tool_router]
impl Retro {
    #[tool(
        description = "Summarises the events of the last `days` days in the local store.",
        annotations(read_only_hint = true)
    )]
    pub async fn weekly_retro(
        &self,
        Parameters(p): Parameters<RetroParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let events = report_events(&self.store, p.days, Source::Local)
            .map_err(|e| ErrorData::internal_error(format!("{e:?}"), None))?;
        if events.is_empty() {
            return Ok(CallToolResult::success(vec![Content::text("no events")]));
        }
        Ok(CallToolResult::success(vec![Content::text(events.join("\n"))]))
    }
}
