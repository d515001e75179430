//! A symbol browser whose paging numbers arrive as `i64` and are narrowed by one generic
//! helper: `T::try_from` is the conversion of whichever type each caller names
//! (`narrow::<usize>`, `narrow::<u32>`), and it turns a negative offset away. What a callee
//! picked by a type parameter does to the value is not known where it is written, so
//! contractlint cannot prove that nothing enforces `offset`'s minimum and stays silent.
//! `depth` goes through a helper that only widens it: its published maximum is enforced
//! nowhere, and R009 says so.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListSymbolsInput {
    /// Symbols to skip before the page starts.
    #[schemars(range(min = 0))]
    pub offset: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CallersInput {
    /// Name of the function whose callers are wanted.
    pub function: String,
    /// How many levels of callers to follow, at most 8.
    #[schemars(range(max = 8))]
    pub depth: i64,
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

fn narrow<T>(value: Option<i64>, name: &str) -> Result<Option<T>, ErrorData>
where
    T: TryFrom<i64>,
{
    match value {
        Some(v) => T::try_from(v)
            .map(Some)
            .map_err(|_| invalid(format!("{name} ({v}) is out of range"))),
        None => Ok(None),
    }
}

fn widen(value: i64) -> i128 {
    i128::from(value)
}

pub struct Browser;

#[tool_router]
impl Browser {
    #[tool(description = "Lists the symbols of the open database, one page at a time.")]
    async fn list_symbols(
        &self,
        Parameters(input): Parameters<ListSymbolsInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let offset = narrow::<usize>(input.offset, "offset")?.unwrap_or(0);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "symbols from {offset}"
        ))]))
    }

    #[tool(description = "Lists the callers of a function, up to a depth.")]
    async fn list_callers(
        &self,
        Parameters(input): Parameters<CallersInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let depth = widen(input.depth);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "callers of {} to depth {depth}",
            input.function
        ))]))
    }
}

fn main() {}
