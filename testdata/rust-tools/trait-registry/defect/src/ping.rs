//! `ping-host`: a tool of the trait registry. The field's doc bounds `count` to 1..20,
//! while the schema and the code accept up to 50.

use crate::tool::Tool;
use rmcp::ErrorData;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PingRequest {
    /// The host name or address to ping.
    pub host: String,
    /// How many echo requests to send, between 1 and 20.
    #[schemars(range(min = 1, max = 50))]
    pub count: Option<u32>,
}

pub struct PingTool;

impl Tool for PingTool {
    const NAME: &'static str = "ping-host";
    const TITLE: &'static str = "Ping a host";
    const DESCRIPTION: &'static str = concat!(
        "Sends echo requests to a host and reports the round-trip times. ",
        "Read-only."
    );
    type RequestArgs = PingRequest;

    fn call_tool(&self, request: Self::RequestArgs) -> Result<String, ErrorData> {
        let count = request.count.unwrap_or(4);
        if !(1..=50).contains(&count) {
            return Err(ErrorData::invalid_params("count out of range", None));
        }
        Ok(format!("{count} pings to {}", request.host))
    }
}
