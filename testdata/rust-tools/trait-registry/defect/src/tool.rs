//! The registry every tool of this server implements: its name, title and description as
//! associated constants, its arguments as an associated type whose derived schema is the
//! published one.

use rmcp::ErrorData;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;

pub trait Tool {
    const NAME: &'static str;
    const TITLE: &'static str;
    const DESCRIPTION: &'static str;
    type RequestArgs: DeserializeOwned + JsonSchema;

    fn call_tool(&self, request: Self::RequestArgs) -> Result<String, ErrorData>;
}
