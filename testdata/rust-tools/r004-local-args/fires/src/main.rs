//! A lending library's MCP server, speaking JSON-RPC itself: each tool publishes a
//! hand-written schema and decodes its arguments into an `Args` struct declared inside its
//! own handler. `get_loan` publishes `loan_id` as a number, and `list_loans` its
//! `member_id`, but both are decoded into integers: 1.5 is turned away at decoding.

use serde::Deserialize;
use serde_json::{json, Value};

/// A tool's published face.
pub struct Tool {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

pub trait ToolHandler {
    fn execute(&self, args: Value, books: &Catalogue) -> Result<String, String>;
    fn schema(&self) -> Tool;
}

pub struct Catalogue {
    loans: Vec<(i32, i64, String)>,
}

/// Loans of one member, or of every member.
fn loans_of(books: &Catalogue, member: Option<i64>) -> Vec<String> {
    books
        .loans
        .iter()
        .filter(|(_, m, _)| member.map_or(true, |id| *m == id))
        .map(|(_, _, title)| title.clone())
        .collect()
}

pub struct GetLoanTool;

impl ToolHandler for GetLoanTool {
    fn execute(&self, args: Value, books: &Catalogue) -> Result<String, String> {
        #[derive(Deserialize)]
        struct Args {
            loan_id: i32,
        }

        let args: Args =
            serde_json::from_value(args).map_err(|e| format!("Invalid arguments: {e}"))?;
        books
            .loans
            .iter()
            .find(|(id, _, _)| *id == args.loan_id)
            .map(|(_, _, title)| title.clone())
            .ok_or_else(|| "Loan not found".to_string())
    }

    fn schema(&self) -> Tool {
        Tool {
            name: "get_loan".to_string(),
            description: "Show the title lent under one loan.".to_string(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "loan_id": { "type": "number", "description": "The loan's number" }
                },
                "required": ["loan_id"]
            }),
        }
    }
}

pub struct ListLoansTool;

impl ToolHandler for ListLoansTool {
    fn execute(&self, args: Value, books: &Catalogue) -> Result<String, String> {
        #[derive(Deserialize)]
        struct Args {
            #[serde(default)]
            member_id: Option<i64>,
        }

        let params: Args =
            serde_json::from_value(args).map_err(|e| format!("Invalid arguments: {e}"))?;
        Ok(loans_of(books, params.member_id).join("\n"))
    }

    fn schema(&self) -> Tool {
        Tool {
            name: "list_loans".to_string(),
            description: "List the titles on loan, for one member or for all.".to_string(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "member_id": { "type": "number", "description": "Only this member's loans" }
                }
            }),
        }
    }
}

fn main() {
    let books = Catalogue { loans: Vec::new() };
    let tools: Vec<Box<dyn ToolHandler>> = vec![Box::new(GetLoanTool), Box::new(ListLoansTool)];
    for t in &tools {
        let _ = (t.schema().name, t.execute(json!({}), &books));
    }
}
