//! A read-only helpdesk reader. The client opens a session lazily (`ensure_session` hands
//! back the stored token when there is one) and opens a new one when the server says the
//! stored one expired (`renew_session`, called from the retry path too). The token slot is a
//! memo of the session: storing a fresh token is its upkeep, not a change the read-only
//! `get_ticket` makes, so no B002.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use tokio::sync::RwLock;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketParams {
    /// The ticket's number.
    pub id: u64,
}

pub struct Desk {
    http: reqwest::Client,
    base: String,
    session_token: RwLock<Option<String>>,
}

impl Desk {
    async fn ensure_session(&self) -> Result<String, String> {
        if let Some(token) = self.session_token.read().await.clone() {
            return Ok(token);
        }
        self.renew_session().await
    }

    async fn renew_session(&self) -> Result<String, String> {
        let mut guard = self.session_token.write().await;
        let token = self
            .http
            .get(format!("{}/initSession", self.base))
            .send()
            .await
            .map_err(|e| e.to_string())?
            .text()
            .await
            .map_err(|e| e.to_string())?;
        *guard = Some(token.clone());
        Ok(token)
    }

    async fn fetch(&self, path: &str) -> Result<String, String> {
        let token = self.ensure_session().await?;
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .header("Session-Token", token)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if resp.status() == reqwest::StatusCode::UNAUTHORIZED {
            let token = self.renew_session().await?;
            let again = self
                .http
                .get(format!("{}{path}", self.base))
                .header("Session-Token", token)
                .send()
                .await
                .map_err(|e| e.to_string())?;
            return again.text().await.map_err(|e| e.to_string());
        }
        resp.text().await.map_err(|e| e.to_string())
    }
}

#[tool_router]
impl Desk {
    #[tool(description = "Shows one ticket.", annotations(read_only_hint = true))]
    async fn get_ticket(&self, Parameters(p): Parameters<TicketParams>) -> Result<CallToolResult, String> {
        let body = self.fetch(&format!("/Ticket/{}", p.id)).await?;
        Ok(CallToolResult::success(vec![Content::text(body)]))
    }
}
