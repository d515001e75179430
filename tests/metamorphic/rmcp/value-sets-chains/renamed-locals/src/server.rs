// Metamorphic: the handlers' parameters and locals renamed
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
        Parameters(req): Parameters<ListPhotos>,
    ) -> Result<CallToolResult, ErrorData> {
        let order = if req.sort == "taken" {
            Sort::Taken
        } else if req.sort == "name" || req.sort == "title" {
            Sort::Name
        } else if req.sort == "size" {
            Sort::Size
        } else {
            return Ok(CallToolResult::error(vec![Content::text(
                "sort must be taken, name, title or size",
            )]));
        };
        let layout = match req.layout.as_deref() {
            Some("grid") => Layout::Grid,
            Some("list") | None => Layout::List,
            Some(other) => {
                return Ok(CallToolResult::error(vec![Content::text(format!(
                    "unknown layout `{other}`, use grid or list"
                ))]));
            }
        };
        let text = self.library.lock().unwrap().list(order, layout);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

pub fn serve() {
    let _server = PhotoServer::default();
}
