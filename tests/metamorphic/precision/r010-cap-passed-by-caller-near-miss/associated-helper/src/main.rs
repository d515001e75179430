// Metamorphic: the helper an associated function of the server, called as `Self::page_size`.
//! The near miss of r010-cap-passed-by-caller: the same helper caps each tool's page size at
//! the literal its call passes, and each property's description states its own cap (2000
//! notes, 500 tags). Told of the adjustment, the agent is not misled; reading the other
//! tool's cap (500 for notes) would be, and so would reading the 1000 of the listing behind
//! `top_tags`, which sees only the value already capped at 500.

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
    /// How many notes to return, capped at 2000.
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListTagsInput {
    /// How many tags to return, most used first; capped at 500.
    pub limit: Option<usize>,
}

pub struct Vault {
    notes: Vec<String>,
    tags: Vec<String>,
}

impl Vault {
    /// The page size asked for, or `default`, at most `maximum`.
    fn page_size(limit: Option<usize>, default: usize, maximum: usize) -> usize {
        limit.unwrap_or(default).min(maximum)
    }

    /// The most used tags: at most 500, whatever the page size the shared listing allows.
    fn top_tags(&self, limit: Option<usize>) -> Vec<&String> {
        let limit = Some(Self::page_size(limit, 100, 500));
        self.sorted_tags(limit)
    }

    fn sorted_tags(&self, limit: Option<usize>) -> Vec<&String> {
        let mut tags: Vec<&String> = self.tags.iter().collect();
        tags.sort();
        tags.truncate(Self::page_size(limit, 100, 1_000));
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
        notes.truncate(Self::page_size(input.limit, 200, 2_000));
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
