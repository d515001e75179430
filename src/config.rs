//! `contractlint.toml`: rule levels, included and excluded paths, per-path overrides and
//! explicit tool mappings. Unknown keys and unknown rule codes are errors with their location.

use crate::diagnostic::Severity;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "contractlint.toml";

/// A rule's configured level: a severity, or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Off,
    On(Severity),
}

impl Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Level::Off => "off",
            Level::On(severity) => severity.as_str(),
        })
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "off" => Ok(Level::Off),
            other => Severity::parse(other).map(Level::On).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown level `{other}`: expected error, warning, info or off"
                ))
            }),
        }
    }
}

/// An explicit mapping of one tool to its sources; wins over naming conventions.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ToolMapping {
    pub name: String,
    /// A JSON Schema file holding the tool's input schema, relative to the config file.
    pub schema: Option<PathBuf>,
    /// The Rust input type (its name, e.g. `AddCartLineInput`).
    pub input: Option<String>,
    /// The Rust function that validates the input.
    pub validator: Option<String>,
    /// The Rust function that handles the call.
    pub handler: Option<String>,
}

/// `[effects] write-methods = ["enqueue"]`: names the built-in lists do not know.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EffectNames {
    /// Methods that write when called on shared state, beyond `insert`, `save`, `send`, ...
    #[serde(default)]
    pub write_methods: Vec<String>,
    /// Methods that never count as writes, even when a built-in list names them.
    #[serde(default)]
    pub read_methods: Vec<String>,
}

/// How failure cases are written: the application's own error codes and the probe used
/// for an undeclared property.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CasesConfig {
    /// Name of the undeclared property sent by the `unknown-field` case (default `coupon`).
    pub unknown_field: Option<String>,
    #[serde(default)]
    pub codes: CaseCodes,
    /// `cases --run`: the tool called before each row to reset the sandbox.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reset: Option<String>,
    /// `cases --run`: the read tool whose result is compared before and after each row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<StateTool>,
    /// `cases --run`: where a response carries its error code and field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<ResponsePointers>,
    /// A sandbox tool that makes the backend fail until the next reset (`simulateOutage`):
    /// the table gains a `backend-outage` row, the base input sent after calling it, which
    /// must be refused rather than answered (an outage is not "no match").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outage: Option<String>,
    /// A sandbox tool that takes one record out of the data a search reads until the next
    /// reset (`hideProduct`), called with the record's key as its one required property:
    /// the table gains a row that removes the records the base input finds and expects no
    /// match (the seed's "same request with FT-A removed").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove: Option<String>,
    /// Count the reset and state tools (sandbox helpers) in the report's overall verdict.
    #[serde(default)]
    pub count_helpers: bool,
}

impl CasesConfig {
    /// The configured reset, state and outage tools are the sandbox's, not the application's.
    pub fn is_helper(&self, name: &str) -> bool {
        self.reset.as_deref() == Some(name)
            || self.outage.as_deref() == Some(name)
            || self.remove.as_deref() == Some(name)
            || self.state.as_ref().is_some_and(|s| s.tool == name)
    }
}

/// `[cases.state] tool = "getCart"`, with optional `arguments`, the state a reset leaves
/// (`initial`) and where the state holds what a call stores (`stored`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StateTool {
    pub tool: String,
    #[serde(default)]
    pub arguments: serde_json::Map<String, serde_json::Value>,
    /// The state the reset must leave (`initial = { lines = [] }`): a row that starts from
    /// another is not run, so a reset that does nothing cannot pass the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial: Option<serde_json::Value>,
    /// A JSON pointer to the list of stored items (`stored = "/lines"`): an accepted call
    /// that should change the state passes only when an item there holds every input
    /// property with the value sent (the line with that sku and that quantity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored: Option<String>,
}

/// JSON pointers into a response's structured content (or its JSON text content).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResponsePointers {
    #[serde(default = "code_pointer")]
    pub code: String,
    #[serde(default = "field_pointer")]
    pub field: String,
    /// Where a search's response lists the records it answers with (`"/matches"`): the
    /// generated rows that check which records of the code's data a search returns need it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matches: Option<String>,
}

fn code_pointer() -> String {
    "/code".into()
}

fn field_pointer() -> String {
    "/field".into()
}

impl Default for ResponsePointers {
    fn default() -> Self {
        ResponsePointers {
            code: code_pointer(),
            field: field_pointer(),
            matches: None,
        }
    }
}

/// Renames of the expected error codes, e.g. `OUT_OF_RANGE = "QUANTITY_INVALID"`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CaseCodes {
    #[serde(rename = "MISSING_FIELD")]
    pub missing_field: Option<String>,
    #[serde(rename = "INVALID_TYPE")]
    pub invalid_type: Option<String>,
    #[serde(rename = "OUT_OF_RANGE")]
    pub out_of_range: Option<String>,
    #[serde(rename = "UNKNOWN_FIELD")]
    pub unknown_field: Option<String>,
    #[serde(rename = "INVALID_VALUE")]
    pub invalid_value: Option<String>,
}

/// `[sign-off]`: the reviewer's entry in the readiness report; what is not given is left
/// blank there, to be filled in by hand.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SignOff {
    pub reviewer: Option<String>,
    pub date: Option<String>,
    /// What the reviewer decided (`release`, `hold`, ...), in their words.
    pub decision: Option<String>,
    /// What the decision covers (the sandbox, the build, the tools).
    pub scope: Option<String>,
}

/// `[[overrides]] files = ["legacy/**"] rules = { S003 = "off" }`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Override {
    /// Globs relative to the config file, matched against a finding's primary file.
    pub files: Vec<String>,
    #[serde(default)]
    pub rules: BTreeMap<String, Level>,
}

/// One linking group as `check --show-settings` prints it: its directory, the files it
/// lints, the configuration that applies to them and each rule's level there after
/// `--select`/`--ignore`, in catalog order.
pub struct PackageSettings {
    pub dir: std::path::PathBuf,
    pub files: usize,
    /// The file size limit that applies (the configuration's under the ceiling).
    pub max_file_size: u64,
    pub config: Config,
    pub levels: Vec<(String, Level)>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Rule code or name → level.
    #[serde(default)]
    pub rules: BTreeMap<String, Level>,
    /// Glob patterns (relative to the config file) of the only paths to lint; empty: all.
    #[serde(default)]
    pub include: Vec<String>,
    /// Glob patterns (relative to the config file) of paths not to lint.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Rule levels for some paths only; the last matching override wins.
    #[serde(default)]
    pub overrides: Vec<Override>,
    /// Files larger than this many bytes are reported, not read. It may lower the limit,
    /// never raise it past the ceiling ([`DEFAULT_MAX_FILE_SIZE`], or `--max-file-size`): the
    /// file is part of the tree being linted.
    pub max_file_size: Option<u64>,
    /// Seconds a run may spend linting; past them each package not yet linked or checked is
    /// E001. It may lower the budget, never raise it past the ceiling
    /// ([`DEFAULT_MAX_RUN_TIME`], or `--max-run-time`).
    pub max_run_time: Option<u64>,
    #[serde(default, rename = "tool")]
    pub tools: Vec<ToolMapping>,
    /// Method names that count as writes (or never do) in handler behaviour.
    #[serde(default)]
    pub effects: EffectNames,
    /// `contractlint cases` and the readiness report's case tables.
    #[serde(default)]
    pub cases: CasesConfig,
    /// The readiness report's sign-off: who reviewed it, when, what they decided, for
    /// which scope.
    #[serde(default)]
    pub sign_off: SignOff,
    /// `group = false`: report a systemic finding once per tool instead of once for the
    /// package (as `--no-group` does).
    pub group: Option<bool>,
    /// `preview = true`: run the rules whose first-sight precision has not yet earned them a
    /// place in the default set (as `--preview` does).
    pub preview: Option<bool>,
    /// `profiles = ["openai-strict"]`: the clients whose schema subset the published schemas
    /// are checked against (as `--profile` does; the two add up).
    #[serde(default)]
    pub profiles: Vec<crate::contract::Profile>,
    /// Directory the config was found in; relative paths are resolved against it.
    #[serde(skip)]
    pub base: PathBuf,
    /// Where the config came from, if anywhere.
    #[serde(skip)]
    pub path: Option<PathBuf>,
}

/// The file size limit, and the most a `contractlint.toml` can set it to; only the command
/// line (`--max-file-size`) raises it.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 10 * 1024 * 1024;

/// The run's time budget in seconds, and the most a `contractlint.toml` can set it to; only
/// the command line (`--max-run-time`) raises it. A backstop behind the work budgets, far
/// above what any tree measured takes (docs/security.md).
pub const DEFAULT_MAX_RUN_TIME: u64 = 300;

/// A configuration is a page of settings; a larger one is not ours.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

impl Config {
    /// Load from `explicit`, or find `contractlint.toml` upward from `start`.
    /// Read a regular file only, never through a link and at most [`MAX_CONFIG_BYTES`]:
    /// the file found upward may be part of an untrusted tree.
    pub fn load(explicit: Option<&Path>, start: &Path) -> Result<Config, String> {
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => find_upward(start),
        };
        let Some(path) = path else {
            return Ok(Config {
                base: std::env::current_dir().unwrap_or_default(),
                ..Config::default()
            });
        };
        let text = crate::source::guarded::read_regular_text(&path, MAX_CONFIG_BYTES)
            .map_err(|e| format!("cannot read config {}: {e}", path.display()))?;
        let mut config: Config = toml::from_str(&text).map_err(|e| {
            let at = e
                .span()
                .map(|s| location(&text, s.start))
                .unwrap_or_default();
            format!("{}{at}: {}", path.display(), e.message())
        })?;
        if let Some((at, key)) = unknown_rule(&text) {
            return Err(format!(
                "{}{at}: {}",
                path.display(),
                crate::catalog::select::unknown(&key)
            ));
        }
        config.base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        config.path = Some(path);
        Ok(config)
    }

    /// The file size limit under `ceiling` (the command line's, else
    /// [`DEFAULT_MAX_FILE_SIZE`]): the configuration's when it is lower.
    pub fn max_file_size(&self, ceiling: Option<u64>) -> u64 {
        let ceiling = ceiling.unwrap_or(DEFAULT_MAX_FILE_SIZE);
        self.max_file_size.map_or(ceiling, |m| m.min(ceiling))
    }

    /// The run's time budget under `ceiling` (the command line's, else
    /// [`DEFAULT_MAX_RUN_TIME`]): the configuration's when it is lower.
    pub fn max_run_time(&self, ceiling: Option<u64>) -> std::time::Duration {
        let ceiling = ceiling.unwrap_or(DEFAULT_MAX_RUN_TIME);
        std::time::Duration::from_secs(self.max_run_time.map_or(ceiling, |m| m.min(ceiling)))
    }
}

/// `:line:col` (1-based, columns in characters) of a byte offset.
fn location(text: &str, offset: usize) -> String {
    let line = text[..offset].matches('\n').count() + 1;
    let col = text[..offset]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    format!(":{line}:{col}")
}

/// The first rule key in `[rules]` or an override's `rules` that names no catalog rule,
/// with its location. Runs on text that already deserialized, so it only looks up spans.
fn unknown_rule(text: &str) -> Option<(String, String)> {
    use toml::de::{DeTable, DeValue};
    let doc = DeTable::parse(text).ok()?;
    let doc = doc.get_ref();
    let mut tables: Vec<&DeTable> = Vec::new();
    if let Some(DeValue::Table(t)) = doc.get("rules").map(|v| v.get_ref()) {
        tables.push(t);
    }
    if let Some(DeValue::Array(a)) = doc.get("overrides").map(|v| v.get_ref()) {
        for o in a.iter() {
            if let DeValue::Table(o) = o.get_ref()
                && let Some(DeValue::Table(t)) = o.get("rules").map(|v| v.get_ref())
            {
                tables.push(t);
            }
        }
    }
    tables.into_iter().flat_map(|t| t.keys()).find_map(|k| {
        let name: &str = k.get_ref();
        crate::catalog::find(name)
            .is_none()
            .then(|| (location(text, k.span().start), name.to_string()))
    })
}

fn find_upward(start: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(start).ok()?;
    let mut dir = if start.is_dir() {
        Some(start.as_path())
    } else {
        start.parent()
    };
    while let Some(d) = dir {
        let candidate = d.join(FILE_NAME);
        // Whatever is there is the configuration: a link or FIFO in its place is an error
        // when read, not a reason to fall through to a parent directory's.
        if std::fs::symlink_metadata(&candidate).is_ok() {
            return Some(candidate);
        }
        dir = d.parent();
    }
    None
}
