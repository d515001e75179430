// Metamorphic: the miss answered with an error a helper builds
//! The MCP tools. A term the glossary does not hold is an error the agent can report; a
//! search that matches nothing is an empty list, which is the true answer; a lookup of
//! the server's own settings is no lookup of the input.

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

/// Arguments of `searchTerms`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchTerms {
    /// Text the definitions must contain.
    pub text: String,
}

#[derive(Default)]
pub struct GlossaryServer {
    glossary: Glossary,
    banner: std::collections::BTreeMap<String, String>,
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
            None => Err(unknown_term(term)),
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
            return Ok(CallToolResult::success(vec![Content::text(format!(
                "No term named {} was found",
                input.term
            ))]));
        };
        let Some(motd) = self.banner.get("related") else {
            return Ok(CallToolResult::success(vec![]));
        };
        let mut out = vec![Content::text(motd.clone())];
        out.extend(entry.see_also.iter().cloned().map(Content::text));
        Ok(CallToolResult::success(out))
    }

    #[tool(
        name = "searchTerms",
        description = "Lists the terms whose definition contains a text; none when nothing matches.",
        annotations(read_only_hint = true)
    )]
    async fn search_terms(
        &self,
        Parameters(input): Parameters<SearchTerms>,
    ) -> Result<CallToolResult, ErrorData> {
        let found: Vec<Content> = self
            .glossary
            .terms
            .iter()
            .filter(|(_, e)| e.definition.contains(&input.text))
            .map(|(t, _)| Content::text(t.clone()))
            .collect();
        Ok(CallToolResult::success(found))
    }
}

fn unknown_term(term: &str) -> ErrorData {
    ErrorData::invalid_params(format!("the glossary has no term `{term}`"), None)
}

pub fn serve() {
    let _ = GlossaryServer::default();
}
