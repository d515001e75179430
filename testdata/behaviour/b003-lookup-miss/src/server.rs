//! The MCP tools. Looking up a term that the glossary does not hold answers with no content
//! at all, so the agent cannot tell an unknown term from a term with nothing to say.

use crate::glossary::Glossary;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `defineTerm`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DefineTerm {
    /// The term to define, exactly as the glossary spells it.
    pub term: String,
}

/// Arguments of `relatedTerms`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelatedTerms {
    /// The term whose related terms to list.
    pub term: String,
}

#[derive(Default)]
pub struct GlossaryServer {
    glossary: Glossary,
}

#[tool_router]
impl GlossaryServer {
    #[tool(
        name = "defineTerm",
        description = "Gives the glossary's definition of a term.",
        annotations(read_only_hint = true)
    )]
    async fn define_term(
        &self,
        Parameters(input): Parameters<DefineTerm>,
    ) -> Result<CallToolResult, ErrorData> {
        let term = input.term.as_str();
        match self.glossary.terms.get(term) {
            Some(entry) => Ok(CallToolResult::success(vec![Content::text(
                entry.definition.clone(),
            )])),
            None => Ok(CallToolResult::success(vec![])),
        }
    }

    #[tool(
        name = "relatedTerms",
        description = "Lists the terms the glossary relates to a term.",
        annotations(read_only_hint = true)
    )]
    async fn related_terms(
        &self,
        Parameters(input): Parameters<RelatedTerms>,
    ) -> Result<CallToolResult, ErrorData> {
        let Some(entry) = self.glossary.terms.get(&input.term) else {
            return Ok(CallToolResult::success(Vec::new()));
        };
        Ok(CallToolResult::success(
            entry.see_also.iter().cloned().map(Content::text).collect(),
        ))
    }
}

pub fn serve() {
    let _ = GlossaryServer::default();
}
