//! Trail planning tools. `schemas/` keeps the JSON Schema of each tool's whole result, which the
//! integration tests validate `structuredContent` against; none of them is an input.
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanTrail {
    /// Trailhead to start from.
    pub start: String,
    /// Longest day, in kilometres.
    pub max_day_km: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct TrailPlan {
    pub days: Vec<u32>,
}

pub struct Planner;

#[tool_router]
impl Planner {
    /// Splits a trail from `start` into days no longer than `max_day_km`.
    #[tool]
    async fn plan_trail(&self, Parameters(input): Parameters<PlanTrail>) -> Json<TrailPlan> {
        let day = input.max_day_km;
        Json(TrailPlan {
            days: vec![day; input.start.len() % 5 + 1],
        })
    }
}

fn main() {}
