// Metamorphic: the emptiness test is written positively, its branches swapped
//! Runs the project's build and reports its outcome. The build's standard error is read by
//! a task of its own; if that task cannot be joined the report simply carries no
//! diagnostics, since success or failure comes from the exit status.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tokio::io::AsyncReadExt;
use tokio::process::Command;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildArgs {
    /// Cargo profile to build with.
    pub profile: String,
}

#[derive(Debug, Default, Serialize)]
pub struct BuildReport {
    pub success: bool,
    pub exit_code: Option<i32>,
    pub error: Option<String>,
    pub warnings: Option<String>,
}

async fn run_build(profile: &str) -> std::io::Result<BuildReport> {
    let mut child = Command::new("cargo")
        .args(["build", "--profile", profile])
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let stderr_task = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });
    let status = child.wait().await?;
    let diagnostics = match stderr_task.await {
        Ok(text) => text,
        Err(e) => {
            eprintln!("could not collect the build's diagnostics: {e}");
            String::new()
        }
    };
    let mut report = BuildReport {
        success: status.success(),
        exit_code: status.code(),
        ..BuildReport::default()
    };
    if !status.success() {
        let message = format!("build failed with {:?}", status.code());
        if diagnostics.is_empty() {
            report.error = Some(message);
        } else {
            report.error = Some(format!("{message}\n{diagnostics}"));
        }
    } else if !diagnostics.trim().is_empty() {
        report.warnings = Some(diagnostics);
    }
    Ok(report)
}

#[derive(Clone, Default)]
pub struct Runner;

#[tool_router]
impl Runner {
    #[tool(description = "Build the project with a Cargo profile and report the outcome.")]
    async fn build(
        &self,
        Parameters(args): Parameters<BuildArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let report = run_build(&args.profile)
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        let text = serde_json::to_string(&report)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}
