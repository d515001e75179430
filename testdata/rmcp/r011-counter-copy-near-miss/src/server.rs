//! Outline tools. Both limits are held to the schema's range before anything is read; the
//! copies the renderers count down are theirs.

use crate::outline::{Node, outline_of};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutlineInput {
    /// Most nodes to write, 1 to 512.
    #[schemars(range(min = 1, max = 512))]
    pub max_nodes: usize,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadingsInput {
    /// Most headings to list, 1 to 100.
    #[schemars(range(min = 1, max = 100))]
    pub limit: usize,
}

/// Holds a limit to its documented range.
pub fn check_limit(value: usize, min: usize, max: usize, field: &str) -> Result<(), String> {
    if value < min || value > max {
        Err(format!("{field} must be between {min} and {max}"))
    } else {
        Ok(())
    }
}

pub fn sample() -> Node {
    let leaf = |t: &str| Node {
        title: t.to_string(),
        children: Vec::new(),
    };
    Node {
        title: "root".to_string(),
        children: vec![leaf("intro"), leaf("body"), leaf("end")],
    }
}

#[derive(Default)]
pub struct Outline;

#[tool_router]
impl Outline {
    /// Shows the document's outline, at most `max_nodes` nodes.
    #[tool(name = "outline", annotations(read_only_hint = true))]
    async fn outline(
        &self,
        Parameters(input): Parameters<OutlineInput>,
    ) -> Result<CallToolResult, ErrorData> {
        match outline_of(&sample(), input.max_nodes) {
            Ok(text) => Ok(CallToolResult::success(vec![Content::text(text)])),
            Err(why) => Ok(CallToolResult::error(vec![Content::text(why)])),
        }
    }

    /// Lists the document's first `limit` headings.
    #[tool(name = "headings", annotations(read_only_hint = true))]
    async fn headings(
        &self,
        Parameters(input): Parameters<HeadingsInput>,
    ) -> Result<CallToolResult, ErrorData> {
        if let Err(why) = check_limit(input.limit, 1, 100, "limit") {
            return Ok(CallToolResult::error(vec![Content::text(why)]));
        }
        let mut left = input.limit;
        let mut out = Vec::new();
        for child in sample().children {
            out.push(child.title);
            left -= 1;
            if left == 0 {
                break;
            }
        }
        Ok(CallToolResult::success(vec![Content::text(out.join("\n"))]))
    }
}

pub fn serve() {
    let _ = Outline;
}
