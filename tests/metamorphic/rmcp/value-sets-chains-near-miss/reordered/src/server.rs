// Metamorphic: branches of the chains, arms and alternatives reordered
//! Browsing tools of a photo library whose string arguments stay open: a chain that lets
//! other values through, a chain over two arguments, and an optional value whose other
//! values are passed on.

use crate::library::{Library, Sort};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListPhotos {
    /// Order of the photos: a built-in order or any metadata field.
    pub sort: String,
    /// Separator between names, or a layout name.
    #[serde(default)]
    pub layout: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct OpenAlbum {
    /// Album to open.
    pub album: String,
    /// Who asks: `owner` or a guest.
    pub viewer: String,
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
        // Any other value names a metadata field to sort by.
        let sort = if input.sort == "name" {
            Sort::Name
        } else if input.sort == "taken" {
            Sort::Taken
        } else {
            Sort::Field(input.sort.clone())
        };
        // A separator of the caller's choice is used as it is.
        let sep = match input.layout.as_deref() {
            None | Some("list") => "\n".to_string(),
            Some("grid") => "  ".to_string(),
            Some(other) => other.to_string(),
        };
        let text = self.library.lock().unwrap().list(sort, &sep);
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }

    /// Opens an album.
    #[tool(name = "open_album", annotations(read_only_hint = true))]
    async fn open_album(
        &self,
        Parameters(input): Parameters<OpenAlbum>,
    ) -> Result<CallToolResult, ErrorData> {
        // Two arguments: the owner opens any album, a guest only the shared one.
        let allowed = if input.viewer == "owner" {
            true
        } else if input.album == "shared" {
            true
        } else {
            return Ok(CallToolResult::error(vec![Content::text("not shared with guests")]));
        };
        let found = self.library.lock().unwrap().album(&input.album);
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{allowed} {}",
            found.unwrap_or_default()
        ))]))
    }
}

pub fn serve() {
    let _server = PhotoServer::default();
}
