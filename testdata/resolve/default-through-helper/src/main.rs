//! An MCP server that runs cargo in a sandboxed checkout (rmcp). Flags come from shared
//! helpers; each tool names the lock mode it falls back to.

mod flags;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::process::Command;

/// Arguments of `newCrate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCrate {
    /// Directory of the new crate, relative to the checkout.
    pub path: String,
    /// How `Cargo.lock` is treated.
    ///
    /// - "locked" (default): keep `Cargo.lock` exactly as it is
    /// - "unlocked": let cargo update `Cargo.lock`
    /// - "offline": never touch the network
    #[serde(default)]
    pub lock_mode: Option<String>,
}

/// Arguments of `checkCrate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckCrate {
    /// Directory of the crate to check, relative to the checkout.
    pub path: String,
    /// How `Cargo.lock` is treated.
    ///
    /// - "locked" (default): keep `Cargo.lock` exactly as it is
    /// - "unlocked": let cargo update `Cargo.lock`
    /// - "offline": never touch the network
    #[serde(default)]
    pub lock_mode: Option<String>,
    /// How much cargo prints: "quiet", "normal" or "verbose". Defaults to "quiet".
    #[serde(default)]
    pub output_level: Option<String>,
}

/// Arguments of `docCrate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DocCrate {
    /// Directory of the crate to document, relative to the checkout.
    pub path: String,
    /// How much cargo prints: "quiet", "normal" or "verbose". Defaults to "normal".
    #[serde(default)]
    pub output_level: Option<String>,
}

pub struct Runner;

fn run(mut cmd: Command) -> Result<CallToolResult, ErrorData> {
    let out = cmd
        .output()
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        Ok(CallToolResult::success(vec![Content::text(text)]))
    } else {
        Ok(CallToolResult::error(vec![Content::text(text)]))
    }
}

#[tool_router]
impl Runner {
    #[tool(name = "newCrate", description = "Creates a new crate in the checkout.")]
    async fn new_crate(
        &self,
        Parameters(input): Parameters<NewCrate>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut cmd = Command::new("cargo");
        cmd.arg("new").arg(&input.path);
        // A new crate has no lock file yet, so this tool lets cargo write one.
        cmd.args(flags::lock_flags(input.lock_mode.as_deref(), "unlocked")?);
        run(cmd)
    }

    #[tool(
        name = "checkCrate",
        description = "Type-checks a crate without building it.",
        annotations(read_only_hint = true)
    )]
    async fn check_crate(
        &self,
        Parameters(input): Parameters<CheckCrate>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut cmd = Command::new("cargo");
        cmd.arg("check").current_dir(&input.path);
        cmd.args(flags::lock_flags(input.lock_mode.as_deref(), "locked")?);
        cmd.args(flags::level_flags(input.output_level.as_deref())?);
        run(cmd)
    }

    #[tool(
        name = "docCrate",
        description = "Builds the documentation of a crate.",
        annotations(read_only_hint = true)
    )]
    async fn doc_crate(
        &self,
        Parameters(input): Parameters<DocCrate>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut cmd = Command::new("cargo");
        cmd.arg("doc").current_dir(&input.path);
        cmd.args(flags::level_flags(input.output_level.as_deref())?);
        run(cmd)
    }
}

fn main() {}
