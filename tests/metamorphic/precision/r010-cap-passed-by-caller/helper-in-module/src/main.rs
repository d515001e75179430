// Metamorphic: the helper moved to a module of its own file, called by its path.
//! Two listing tools share one helper that defaults and caps a page size, each passing its
//! own cap: `list_notes` lowers any limit above 2000 to 2000, `list_tags` any above 500 to
//! 500. Neither schema nor description says so: an agent asking for 5000 notes gets 2000
//! and is not told. The cap of each tool is the literal its call passes, not the helper's;
//! `list_tags` caps its limit at 500 before a listing that caps at 1000, which the capped
//! value (a new one under the parameter's name) never reaches above 500.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListNotesInput {
    /// Folder to list, relative to the vault.
    pub folder: String,
    /// How many notes to return.
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListTagsInput {
    /// How many tags to return, most used first.
    pub limit: Option<usize>,
}

mod paging;

pub struct Vault {
    notes: Vec<String>,
    tags: Vec<String>,
}

impl Vault {
    /// The most used tags: at most 500, whatever the page size the shared listing allows.
    fn top_tags(&self, limit: Option<usize>) -> Vec<&String> {
        let limit = Some(paging::page_size(limit, 100, 500));
        self.sorted_tags(limit)
    }

    fn sorted_tags(&self, limit: Option<usize>) -> Vec<&String> {
        let mut tags: Vec<&String> = self.tags.iter().collect();
        tags.sort();
        tags.truncate(paging::page_size(limit, 100, 1_000));
        tags
    }
}

#[tool_router]
impl Vault {
    #[tool(description = "Lists the notes of a folder, newest first.")]
    async fn list_notes(
        &self,
        Parameters(input): Parameters<ListNotesInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut notes: Vec<&String> = self
            .notes
            .iter()
            .filter(|n| n.starts_with(&input.folder))
            .collect();
        notes.truncate(paging::page_size(input.limit, 200, 2_000));
        Ok(CallToolResult::success(vec![Content::text(format!("{notes:?}"))]))
    }

    #[tool(description = "Lists the tags used in the vault.")]
    async fn list_tags(
        &self,
        Parameters(input): Parameters<ListTagsInput>,
    ) -> Result<CallToolResult, ErrorData> {
        let tags = self.top_tags(input.limit);
        Ok(CallToolResult::success(vec![Content::text(format!("{tags:?}"))]))
    }
}

fn main() {}
