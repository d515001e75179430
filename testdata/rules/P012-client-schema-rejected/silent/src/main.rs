//! A flight search server, used from OpenAI agents in strict mode.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchFlights {
    /// IATA code of the departure airport, for example `AMS`.
    pub from: String,
    /// IATA code of the arrival airport, for example `LIS`.
    pub to: String,
    /// Page of results to return, from 1.
    pub page: u32,
}

pub struct Flights;

#[tool_router]
impl Flights {
    /// Lists the direct flights between two airports tomorrow. Changes nothing.
    #[tool]
    async fn search_flights(&self, Parameters(input): Parameters<SearchFlights>) -> String {
        format!("{} to {}, page {}", input.from, input.to, input.page)
    }
}

fn main() {}
