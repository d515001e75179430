//! A record lookup whose API client defaults what it cannot read while it is already
//! failing (an error body's details), and reads optional shapes out of JSON. Every
//! failure still reaches the model as an error: nothing here may be reported as a
//! failure turned into an empty answer.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LookupParams {
    /// Record identifier, for example REC-42.
    #[schemars(length(min = 1, max = 40))]
    pub id: String,
}

/// The body of an error response, when the service sends one.
#[derive(Debug, Default, Deserialize)]
pub struct ApiError {
    pub message: Option<String>,
}

pub struct Response {
    status: u16,
    body: String,
}

impl Response {
    pub fn is_success(&self) -> bool {
        self.status < 400
    }

    /// The body read as JSON.
    pub fn json<T: Default>(&self) -> Result<T, String> {
        if self.body.is_empty() {
            return Err("empty body".into());
        }
        Ok(T::default())
    }
}

/// Turns a stored row into a record; unrelated to `Option::map`.
pub struct Mapper;

impl Mapper {
    pub fn map(&self, row: &str) -> Result<String, String> {
        row.split_once('=')
            .map(|(_, v)| v.to_string())
            .ok_or_else(|| format!("malformed row `{row}`"))
    }
}

pub struct Api {
    base: String,
}

impl Api {
    fn send(&self, path: &str) -> Result<Response, String> {
        Err(format!("{}{path}: connection refused", self.base))
    }

    fn explain(&self, error: &str) -> Result<String, String> {
        self.send(&format!("/explain/{error}")).map(|r| r.body)
    }

    /// An error response fails the call; only its details fall back to none.
    pub fn get(&self, path: &str) -> Result<String, String> {
        let response = self.send(path)?;
        if !response.is_success() {
            let error: ApiError = response.json().unwrap_or_default();
            return Err(error
                .message
                .unwrap_or_else(|| format!("status {}", response.status)));
        }
        Ok(response.body)
    }

    /// The same in a match arm whose value is the error.
    pub fn history(&self, id: &str) -> Result<String, String> {
        match self.send(&format!("/records/{id}/history")) {
            Ok(r) => Ok(r.body),
            Err(e) => {
                let detail = self.explain(&e).unwrap_or_default();
                Err(format!("{e} {detail}"))
            }
        }
    }
}

/// Tags read out of a record: an absent list is no tags, not an outage.
fn tags(record: &serde_json::Value) -> Vec<String> {
    record
        .get("tags")
        .and_then(|t| t.as_array())
        .map(|a| a.iter().filter_map(|s| s.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

pub struct Records {
    api: Api,
    mapper: Mapper,
}

#[tool_router]
impl Records {
    #[tool(
        description = "Looks up one record by its identifier, with its history and tags. A failed lookup is an error.",
        annotations(read_only_hint = true)
    )]
    async fn lookup_record(
        &self,
        Parameters(p): Parameters<LookupParams>,
    ) -> Result<CallToolResult, String> {
        if p.id.is_empty() || p.id.chars().count() > 40 {
            return Err("id must be 1 to 40 characters long".into());
        }
        let body = self.api.get(&format!("/records/{}", p.id))?;
        let history = self.api.history(&p.id)?;
        let name = self.mapper.map(&body)?;
        let record: serde_json::Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
        let text = format!("{name}: {history} [{}]", tags(&record).join(", "));
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
