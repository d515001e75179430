//! Client profiles: the JSON Schema subsets particular clients accept, which a run checks the
//! published schemas against when asked (`--profile`, `profiles = [..]`).

use serde::{Deserialize, Serialize};

/// A client whose schema subset is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// OpenAI function calling with `strict: true` (Structured Outputs).
    OpenaiStrict,
}

impl Profile {
    pub const ALL: &'static [Profile] = &[Profile::OpenaiStrict];

    /// The name on the command line and in `contractlint.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::OpenaiStrict => "openai-strict",
        }
    }

    /// The client, as a finding names it.
    pub fn client(self) -> &'static str {
        match self {
            Profile::OpenaiStrict => "OpenAI strict mode",
        }
    }

    pub fn parse(s: &str) -> Option<Profile> {
        Profile::ALL.iter().copied().find(|p| p.name() == s)
    }
}
