//! A neighbourhood tool library. Lending a tool starts a loan: `Loan::start` files a row
//! for the member and hands back the loan. Only then is the loan period checked, so a
//! request for a period the library does not allow still leaves a loan behind.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use rusqlite::{Connection, params};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LendParams {
    /// The member borrowing the tool.
    pub member: String,
    /// How many days the loan lasts, from 1 through 14.
    #[schemars(range(min = 1, max = 14))]
    pub days: u32,
}

fn internal(e: rusqlite::Error) -> ErrorData {
    ErrorData::internal_error(e.to_string(), None)
}

pub struct Loan {
    id: i64,
}

impl Loan {
    fn start(conn: &Connection, member: &str) -> Result<Self, ErrorData> {
        conn.execute("INSERT INTO loans (member) VALUES (?1)", params![member])
            .map_err(internal)?;
        Ok(Loan {
            id: conn.last_insert_rowid(),
        })
    }
}

pub struct ToolLibrary {
    conn: Connection,
}

#[tool_router]
impl ToolLibrary {
    #[tool(description = "Lends a tool to a member for a number of days.")]
    pub async fn lend(
        &self,
        Parameters(p): Parameters<LendParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let loan = Loan::start(&self.conn, &p.member)?;
        if p.days == 0 || p.days > 14 {
            return Err(ErrorData::invalid_params("days must be from 1 through 14", None));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "loan {} for {} days",
            loan.id, p.days
        ))]))
    }
}
