//! Journal tools taking calendar days; the schema's pattern is the same format the code
//! reads, so its length check says nothing the schema does not.

use crate::dates::Day;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadDays {
    /// First day to read, `YYYY-MM-DD`.
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub from: String,
    /// Last day to read, `YYYY-MM-DD`, inclusive.
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub to: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppendEntry {
    /// Day of the entry, `YYYY-MM-DD`.
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub day: String,
    /// Text to append.
    pub text: String,
}

#[derive(Default)]
pub struct Journal;

#[tool_router]
impl Journal {
    /// Reads the entries of the days from `from` to `to`.
    #[tool(name = "read_days", annotations(read_only_hint = true))]
    async fn read_days(
        &self,
        Parameters(input): Parameters<ReadDays>,
    ) -> Result<CallToolResult, ErrorData> {
        let (from, to) = match (Day::parse(&input.from), Day::parse(&input.to)) {
            (Ok(f), Ok(t)) => (f, t),
            (Err(why), _) | (_, Err(why)) => {
                return Ok(CallToolResult::error(vec![Content::text(why)]));
            }
        };
        let text = format!(
            "{}-{:02}-{:02} to {}-{:02}-{:02}",
            from.year, from.month, from.day, to.year, to.month, to.day
        );
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Appends `text` to the entry of `day`.
    #[tool(name = "append_entry", annotations(read_only_hint = false))]
    async fn append_entry(
        &self,
        Parameters(input): Parameters<AppendEntry>,
    ) -> Result<CallToolResult, ErrorData> {
        let day = match Day::parse(&input.day) {
            Ok(d) => d,
            Err(why) => return Ok(CallToolResult::error(vec![Content::text(why)])),
        };
        let text = format!("{}-{:02}-{:02}: {}", day.year, day.month, day.day, input.text);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _ = Journal;
}
