//! Profile queries whose string arguments are published through stand-in enums: the
//! input keeps a `String`, `#[schemars(with = ..)]` gives clients the enum's schema, and
//! the stand-in for `order` offers a value the code has stopped taking.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// What clients see for `metric`: `self` or `inclusive`.
#[allow(dead_code)]
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
enum MetricSchema {
    #[serde(rename = "self")]
    SelfWeight,
    Inclusive,
}

/// What clients see for `order`.
#[allow(dead_code)]
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
enum OrderSchema {
    Regression,
    Improvement,
    Absolute,
    Relative,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TopInput {
    /// Weight to rank frames by.
    #[schemars(with = "MetricSchema")]
    pub metric: String,
    /// How many frames to list.
    #[schemars(range(min = 1, max = 200))]
    pub limit: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiffInput {
    /// Weight to compare.
    #[schemars(with = "MetricSchema")]
    pub metric: String,
    /// Which changes come first.
    #[schemars(with = "OrderSchema")]
    pub order: String,
}

pub enum Metric {
    SelfWeight,
    Inclusive,
}

pub enum Order {
    Regression,
    Improvement,
    Absolute,
}

fn parse_metric(text: &str) -> Result<Metric, String> {
    match text {
        "self" => Ok(Metric::SelfWeight),
        "inclusive" => Ok(Metric::Inclusive),
        other => Err(format!("unknown metric `{other}`")),
    }
}

fn parse_order(text: &str) -> Result<Order, String> {
    match text {
        "regression" => Ok(Order::Regression),
        "improvement" => Ok(Order::Improvement),
        "absolute" => Ok(Order::Absolute),
        other => Err(format!("unknown order `{other}`")),
    }
}

#[derive(Default)]
pub struct ProfileServer;

#[tool_router]
impl ProfileServer {
    /// Lists the heaviest frames of the loaded profile.
    #[tool(name = "profile_top", annotations(read_only_hint = true))]
    async fn profile_top(
        &self,
        Parameters(input): Parameters<TopInput>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.limit < 1 || input.limit > 200 {
            return Ok(CallToolResult::error(vec![Content::text("limit must be 1 to 200")]));
        }
        let metric = match parse_metric(&input.metric) {
            Ok(m) => m,
            Err(why) => return Ok(CallToolResult::error(vec![Content::text(why)])),
        };
        let text = match metric {
            Metric::SelfWeight => format!("top {} by self weight", input.limit),
            Metric::Inclusive => format!("top {} by inclusive weight", input.limit),
        };
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Compares the loaded profile with the baseline.
    #[tool(name = "profile_diff", annotations(read_only_hint = true))]
    async fn profile_diff(
        &self,
        Parameters(input): Parameters<DiffInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let (metric, order) = match (parse_metric(&input.metric), parse_order(&input.order)) {
            (Ok(m), Ok(o)) => (m, o),
            (Err(why), _) | (_, Err(why)) => {
                return Ok(CallToolResult::error(vec![Content::text(why)]));
            }
        };
        let by = match metric {
            Metric::SelfWeight => "self",
            Metric::Inclusive => "inclusive",
        };
        let first = match order {
            Order::Regression => "regressions",
            Order::Improvement => "improvements",
            Order::Absolute => "largest changes",
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{first} first, by {by} weight"
        ))]))
    }
}

pub fn serve() {
    let _ = ProfileServer;
}
