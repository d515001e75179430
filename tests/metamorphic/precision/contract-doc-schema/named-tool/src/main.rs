// Metamorphic: the tool named explicitly in its attribute
//! Plans a voyage and writes the brief the crew scheduler reads (its shape is
//! docs/contracts/voyage-brief.schema.json).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanVoyage {
    /// Ports to call at, in order (at least two).
    #[schemars(length(min = 2))]
    pub ports: Vec<String>,
    /// Crew on board, 2 to 40.
    #[schemars(range(min = 2, max = 40))]
    pub crew: u32,
    /// Departure date, YYYY-MM-DD.
    pub departure: String,
}

/// The form the planner asks the captain to fill in before writing a brief.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct VoyageBriefInput {
    pub captain: String,
    pub vessel: String,
    pub crew: u32,
}

pub struct Planner;

#[tool_router]
impl Planner {
    #[tool(name = "plan_voyage", description = "Plan a voyage through at least two ports and return its brief.")]
    async fn plan_voyage(&self, Parameters(p): Parameters<PlanVoyage>) -> Result<CallToolResult, ErrorData> {
        if p.ports.len() < 2 {
            return Err(ErrorData::invalid_params("a voyage calls at two ports at least", None));
        }
        if !(2..=40).contains(&p.crew) {
            return Err(ErrorData::invalid_params("crew must be between 2 and 40", None));
        }
        let brief = voyage_brief(&p, VoyageBriefInput { captain: String::new(), vessel: String::new(), crew: p.crew });
        Ok(CallToolResult::success(vec![Content::text(brief.to_string())]))
    }
}

/// Builds the scheduler's brief from a plan and the captain's form.
pub fn voyage_brief(plan: &PlanVoyage, form: VoyageBriefInput) -> Value {
    json!({
        "kind": "voyage_brief",
        "legs": plan.ports.windows(2).map(|w| format!("{} -> {}", w[0], w[1])).collect::<Vec<_>>(),
        "crew_size": form.crew,
        "departure": plan.departure,
        "notes": format!("captain {} on {}", form.captain, form.vessel),
    })
}

fn main() {
    let _ = Planner;
}
