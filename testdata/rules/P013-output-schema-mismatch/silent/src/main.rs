//! A weather server. `tools.json` is the `tools/list` snapshot its documentation publishes,
//! and the forecast type writes what it describes: `high` under the name `high_c`, and the
//! rain as a whole number, which the snapshot's `number` admits.
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForecastQuery {
    /// City to forecast, for example `Lisbon`.
    pub city: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Forecast {
    /// Highest temperature, degrees Celsius.
    #[serde(rename = "high_c")]
    pub high: f64,
    pub summary: String,
    /// Rain in millimetres.
    pub rain_mm: u32,
}

pub struct Weather;

impl Weather {
    async fn forecast(&self, city: &str) -> Result<Forecast, String> {
        if city.is_empty() {
            return Err("city must not be empty".into());
        }
        Ok(Forecast {
            high: 21.5,
            summary: format!("sunny in {city}"),
            rain_mm: 0,
        })
    }
}

#[tool_router]
impl Weather {
    /// Today's forecast for one city: the high in degrees Celsius, a summary and the rain in
    /// millimetres. Changes nothing.
    #[tool]
    async fn get_forecast(
        &self,
        Parameters(query): Parameters<ForecastQuery>,
    ) -> Result<Json<Forecast>, String> {
        Ok(Json(self.forecast(&query.city).await?))
    }
}

fn main() {}
