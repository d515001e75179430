// Metamorphic: the session kept in a lock and returned while still fresh, instead of a file read first.
//! A training calendar. Every tool first obtains a session: the one saved on disk when
//! there is one, else a login whose token is saved for the next call. That login is a
//! lazily filled account binding, not the tool's effect: the tools validate their input
//! before the only request that changes the calendar, and the read-only tool only reads.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const API: &str = "https://calendar.example/api";

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Session {
    token: String,
    expires_at: u64,
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleParams {
    /// Workout to put on the calendar.
    pub workout_id: String,
    /// Day, as YYYY-MM-DD.
    pub day: String,
    /// Must be true: scheduling replaces whatever is planned that day.
    pub confirm: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListParams {
    /// First day, as YYYY-MM-DD.
    pub from: String,
}

pub struct Calendar {
    http: reqwest::Client,
    cached: tokio::sync::Mutex<Option<Session>>,
}

impl Calendar {
    async fn session(&self) -> Result<Session, ErrorData> {
        let mut guard = self.cached.lock().await;
        if let Some(ref session) = *guard {
            if session.expires_at > now() + 30 {
                tracing::trace!("using the cached session");
                return Ok(session.clone());
            }
        }
        let user = std::env::var("CALENDAR_USER").unwrap_or_default();
        let password = std::env::var("CALENDAR_PASSWORD").unwrap_or_default();
        let reply: Value = self
            .http
            .post(format!("{API}/login"))
            .json(&json!({ "user": user, "password": password }))
            .send()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?
            .json()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        let session = Session {
            token: reply["token"].as_str().unwrap_or_default().to_string(),
            expires_at: reply["expires_at"].as_u64().unwrap_or_default(),
        };
        *guard = Some(session.clone());
        Ok(session)
    }
}

#[tool_router]
impl Calendar {
    #[tool(description = "Puts a workout on the calendar for one day, replacing that day's plan.")]
    pub async fn schedule_workout(
        &self,
        Parameters(p): Parameters<ScheduleParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let session = self.session().await?;
        if !p.confirm {
            return Ok(CallToolResult::error(vec![Content::text(
                "confirm must be true to replace the day's plan",
            )]));
        }
        self.http
            .post(format!("{API}/schedule"))
            .bearer_auth(&session.token)
            .json(&json!({ "workout": p.workout_id, "day": p.day }))
            .send()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text("scheduled")]))
    }

    #[tool(
        description = "Lists the workouts planned from a day on.",
        annotations(read_only_hint = true)
    )]
    pub async fn list_planned(
        &self,
        Parameters(p): Parameters<ListParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let session = self.session().await?;
        let plan = self
            .http
            .get(format!("{API}/plan?from={}", p.from))
            .bearer_auth(&session.token)
            .send()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?
            .text()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(plan)]))
    }
}
