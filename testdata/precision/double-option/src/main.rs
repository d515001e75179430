//! An MCP server over an issue tracker (rmcp). Updates take partial patches: an absent
//! field is left alone, `null` clears it.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use std::collections::HashMap;
use std::sync::Mutex;

/// Reads a present value, `null` included, as `Some`: absent stays `None` through
/// `#[serde(default)]`.
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// Arguments of `moveIssue`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveIssue {
    /// The issue to move.
    pub issue: String,
    /// The new parent issue. Pass null to make it a top-level issue.
    #[serde(default)]
    pub parent: Option<Option<String>>,
}

/// Arguments of `relabelIssue`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelabelIssue {
    /// The issue to relabel.
    pub issue: String,
    /// The new label. Pass null to remove the label.
    #[serde(default, deserialize_with = "present")]
    pub label: Option<Option<String>>,
}

#[derive(Default)]
pub struct Tracker {
    parents: Mutex<HashMap<String, Option<String>>>,
    labels: Mutex<HashMap<String, Option<String>>>,
}

#[tool_router]
impl Tracker {
    #[tool(name = "moveIssue", description = "Moves an issue under another one.")]
    async fn move_issue(
        &self,
        Parameters(input): Parameters<MoveIssue>,
    ) -> Result<CallToolResult, ErrorData> {
        if let Some(parent) = input.parent {
            self.parents.lock().unwrap().insert(input.issue, parent);
        }
        Ok(CallToolResult::success(vec![Content::text("moved")]))
    }

    #[tool(name = "relabelIssue", description = "Sets or removes the label of an issue.")]
    async fn relabel_issue(
        &self,
        Parameters(input): Parameters<RelabelIssue>,
    ) -> Result<CallToolResult, ErrorData> {
        if let Some(label) = input.label {
            self.labels.lock().unwrap().insert(input.issue, label);
        }
        Ok(CallToolResult::success(vec![Content::text("relabelled")]))
    }
}

fn main() {
    let _ = Tracker::default();
}
