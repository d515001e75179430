// Metamorphic: branches of the chains, arms and alternatives reordered
//! Browsing tools of a photo library. The handlers know a few values for each string
//! argument, written as an `if`/`else if` chain or a `match` on the optional value, while
//! the schema publishes any string.

use crate::library::{Layout, Library, Sort};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListPhotos {
    /// Order of the photos.
    pub sort: String,
    /// How the names are laid out.
    #[serde(default)]
    pub layout: Option<String>,
}

#[derive(Default)]
pub struct PhotoServer {
    library: Mutex<Library>,
}

#[tool_router]
impl PhotoServer {
    /// Lists the photos of the library.
    #[tool(name = "list_photos", annotations(read_only_hint = true))]
    async fn list_photos(
        &self,
        Parameters(input): Parameters<ListPhotos>,
    ) -> Result<CallToolResult, ErrorData> {
        let sort = if input.sort == "size" {
            Sort::Size
        } else if input.sort == "title" || input.sort == "name" {
            Sort::Name
        } else if input.sort == "taken" {
            Sort::Taken
        } else {
            return Ok(CallToolResult::error(vec![Content::text(
                "sort must be taken, name, title or size",
            )]));
        };
        let layout = match input.layout.as_deref() {
            None | Some("list") => Layout::List,
            Some("grid") => Layout::Grid,
            Some(other) => {
                return Ok(CallToolResult::error(vec![Content::text(format!(
                    "unknown layout `{other}`, use grid or list"
                ))]));
            }
        };
        let text = self.library.lock().unwrap().list(sort, layout);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _server = PhotoServer::default();
}
