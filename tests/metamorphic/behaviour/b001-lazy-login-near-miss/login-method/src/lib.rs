// Metamorphic: the login and the saving of its token moved into a method of their own.
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
    session_file: std::path::PathBuf,
}

impl Calendar {
    fn stored_session(&self) -> Option<Session> {
        let text = std::fs::read_to_string(&self.session_file).ok()?;
        serde_json::from_str(&text).ok()
    }

    async fn session(&self) -> Result<Session, ErrorData> {
        if let Some(session) = self.stored_session() {
            return Ok(session);
        }
        self.login().await
    }

    async fn login(&self) -> Result<Session, ErrorData> {
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
        };
        let saved = serde_json::to_string(&session).unwrap_or_default();
        std::fs::write(&self.session_file, saved)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
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
