// Metamorphic: the call written with its full path from the crate root.
use crate::tools;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use rusqlite::Connection;
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagInput {
    /// The tag to look for, 1 to 40 characters.
    #[schemars(length(min = 1, max = 40))]
    pub tag: String,
}

pub struct Notes {
    conn: Mutex<Connection>,
}

#[tool_router]
impl Notes {
    #[tool(description = "Counts the notes that carry a tag.", annotations(read_only_hint = true))]
    async fn report_notes(
        &self,
        Parameters(input): Parameters<TagInput>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.tag.is_empty() || input.tag.chars().count() > 40 {
            return Err(ErrorData::invalid_params("tag must be 1 to 40 characters", None));
        }
        let n = crate::tools::report::execute(&self.conn.lock().unwrap(), &input.tag);
        Ok(CallToolResult::success(vec![Content::text(n.to_string())]))
    }

    #[tool(description = "Deletes every note that carries a tag.", annotations(destructive_hint = true))]
    async fn purge_notes(
        &self,
        Parameters(input): Parameters<TagInput>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.tag.is_empty() || input.tag.chars().count() > 40 {
            return Err(ErrorData::invalid_params("tag must be 1 to 40 characters", None));
        }
        let n = tools::purge::execute(&self.conn.lock().unwrap(), &input.tag);
        Ok(CallToolResult::success(vec![Content::text(format!("{n} deleted"))]))
    }
}

pub fn serve() {}
