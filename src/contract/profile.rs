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
}

impl Profile {
    pub const ALL: &'static [Profile] =
        &[Profile::OpenaiStrict, Profile::Gemini, Profile::Anthropic];

    /// The name on the command line and in `contractlint.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::OpenaiStrict => "openai-strict",
            Profile::Gemini => "gemini",
            Profile::Anthropic => "anthropic",
        }
    }

    /// The client, as a finding names it.
    pub fn client(self) -> &'static str {
        match self {
            Profile::OpenaiStrict => "OpenAI strict mode",
            Profile::Gemini => "Gemini function calling",
            Profile::Anthropic => "the Anthropic API",
        }
    }

    pub fn parse(s: &str) -> Option<Profile> {
        Profile::ALL.iter().copied().find(|p| p.name() == s)
    }
}
