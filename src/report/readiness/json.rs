//! The readiness report's data as one JSON object (the model, serialized as is).

use super::Readiness;

pub fn render(report: &Readiness) -> String {
    let mut s = serde_json::to_string_pretty(report).expect("the report always serializes");
    s.push('\n');
    s
}
