// Metamorphic: the handler reads the section back itself after the update, instead of the update answering with the read.
//! A project's specification, kept as named sections. Updating a section checks its name
//! first, stores the new text, then answers with the section as a read would: that read
//! checks the name again, which the update has already checked, so it cannot refuse the
//! call after the text was stored.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateSectionParams {
    /// The section to replace, by its name in the outline.
    pub section: String,
    /// The section's new text, in Markdown.
    pub content: String,
}

const SECTIONS: &[&str] = &["goals", "scope", "risks", "milestones"];

fn check_section(section: &str) -> Result<(), ErrorData> {
    if SECTIONS.contains(&section) {
        Ok(())
    } else {
        Err(ErrorData::invalid_params(
            format!("unknown section `{section}`"),
            None,
        ))
    }
}

pub struct Spec {
    sections: Mutex<HashMap<String, String>>,
}

impl Spec {
    fn section(&self, section: &str) -> Result<String, ErrorData> {
        check_section(section)?;
        Ok(self
            .sections
            .lock()
            .unwrap()
            .get(section)
            .cloned()
            .unwrap_or_default())
    }

    fn replace_section(&self, section: &str, content: &str) -> Result<(), ErrorData> {
        check_section(section)?;
        self.sections
            .lock()
            .unwrap()
            .insert(section.to_string(), content.to_string());
        Ok(())
    }
}

#[tool_router]
impl Spec {
    #[tool(description = "Replaces one section of the project specification and returns it as stored.")]
    pub async fn update_section(
        &self,
        Parameters(p): Parameters<UpdateSectionParams>,
    ) -> Result<CallToolResult, ErrorData> {
        self.replace_section(&p.section, &p.content)?;
        let stored = self.section(&p.section)?;
        Ok(CallToolResult::success(vec![Content::text(stored)]))
    }
}
