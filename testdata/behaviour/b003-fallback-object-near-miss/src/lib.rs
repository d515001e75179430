//! Probes a web site. An unreadable settings file falls back to the default settings (a
//! default object, not an answer with nothing in it), and a page body that cannot be read
//! is reported as a failed check: an empty body never reaches the answer as content.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProbeParams {
    /// Address of the site to probe.
    pub url: String,
}

#[derive(Default)]
pub struct Settings {
    pub user_agent: String,
    pub expect: String,
}

impl Settings {
    pub fn load(path: &std::path::Path) -> Result<Settings, std::io::Error> {
        let text = std::fs::read_to_string(path)?;
        let mut lines = text.lines();
        Ok(Settings {
            user_agent: lines.next().unwrap_or("site-probe").to_string(),
            expect: lines.next().unwrap_or("<html").to_string(),
        })
    }
}

pub struct Probe {
    settings_file: std::path::PathBuf,
}

fn decode_body(bytes: Vec<u8>) -> Result<String, std::string::FromUtf8Error> {
    String::from_utf8(bytes)
}

fn fetch(url: &str, settings: &Settings) -> Result<Vec<u8>, std::io::Error> {
    let _ = (url, &settings.user_agent);
    std::fs::read(url)
}

#[tool_router]
impl Probe {
    #[tool(
        description = "Fetches a page and reports whether it answers as expected.",
        annotations(read_only_hint = true)
    )]
    pub async fn probe_site(
        &self,
        Parameters(p): Parameters<ProbeParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let settings = Settings::load(&self.settings_file).unwrap_or_default();
        let mut report = String::from("Probe\n");
        match fetch(&p.url, &settings) {
            Ok(bytes) => {
                let body = decode_body(bytes).unwrap_or_default();
                if body.contains("<html") {
                    report.push_str(&format!("ok, {} bytes\n", body.len()));
                } else {
                    report.push_str("unexpected content\n");
                }
            }
            Err(e) => {
                return Err(ErrorData::internal_error(format!("fetch failed: {e}"), None));
            }
        }
        Ok(CallToolResult::success(vec![Content::text(report)]))
    }
}
