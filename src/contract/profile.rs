//! Client profiles: the JSON Schema subsets particular clients accept, which a run checks the
//! published schemas against when asked (`--profile`, `profiles = [..]`).

use serde::{Deserialize, Serialize};

/// A client whose schema subset is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// OpenAI function calling with `strict: true` (Structured Outputs).
    OpenaiStrict,
    /// Gemini function declarations: `parameters`, a subset of the OpenAPI 3.0 schema object.
    Gemini,
    /// Anthropic's Messages API tools: `name` and `input_schema`.
    Anthropic,
    /// The JSON Schema subset the WebMCP validation proposal lets `registerTool()` accept.
    Webmcp,
}

/// The keywords the proposed WebMCP validation subset allows (webmcp pull request #289):
/// `registerTool()` rejects a schema with any other, and `additionalProperties` only as
/// `false`. The extractors record a schema's keywords outside it, for P012's `webmcp` profile
/// and P009.
pub const WEBMCP_SUBSET: &[&str] = &[
    "type",
    "properties",
    "required",
    "enum",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "items",
    "prefixItems",
    "additionalProperties",
    "default",
    "description",
];

impl Profile {
    pub const ALL: &'static [Profile] = &[
        Profile::OpenaiStrict,
        Profile::Gemini,
        Profile::Anthropic,
        Profile::Webmcp,
    ];

    /// The name on the command line and in `contractlint.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::OpenaiStrict => "openai-strict",
            Profile::Gemini => "gemini",
            Profile::Anthropic => "anthropic",
            Profile::Webmcp => "webmcp",
        }
    }

    /// The client, as a finding names it.
    pub fn client(self) -> &'static str {
        match self {
            Profile::OpenaiStrict => "OpenAI strict mode",
            Profile::Gemini => "Gemini function calling",
            Profile::Anthropic => "the Anthropic API",
            Profile::Webmcp => "a browser that adopts the proposed WebMCP validation subset",
        }
    }

    pub fn parse(s: &str) -> Option<Profile> {
        Profile::ALL.iter().copied().find(|p| p.name() == s)
    }
}
