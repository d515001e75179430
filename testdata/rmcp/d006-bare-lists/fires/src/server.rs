use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertVhdArgs {
    /// Path of the virtual hard disk to convert.
    pub path: String,
    /// Format of the converted virtual hard disk: VHD or VHDX.
    #[serde(default, rename = "vhdFormat")]
    pub vhd_format: Option<String>,
    /// Type of the converted virtual hard disk: Fixed, Dynamic, or Differencing.
    #[serde(default, rename = "vhdType")]
    pub vhd_type: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointerArgs {
    /// Element reference from the last snapshot.
    pub target: String,
    /// click, hover, right_click, double_click, or drag.
    pub action: String,
    /// Queue priority (Low, Medium, High)
    #[serde(default)]
    pub priority: Option<String>,
}

#[derive(Default)]
pub struct HostServer;

fn powershell(script: String) -> String {
    script
}

#[tool_router]
impl HostServer {
    /// Converts a virtual hard disk to another format or type.
    #[tool(name = "convert_vhd", annotations(read_only_hint = false))]
    async fn convert_vhd(
        &self,
        Parameters(args): Parameters<ConvertVhdArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut script = format!("Convert-VHD -Path '{}'", args.path);
        if let Some(format) = &args.vhd_format {
            script.push_str(&format!(" -VHDFormat {format}"));
        }
        if let Some(kind) = &args.vhd_type {
            script.push_str(&format!(" -VHDType {kind}"));
        }
        Ok(CallToolResult::success(vec![Content::text(powershell(script))]))
    }

    /// Performs a pointer action on a page element.
    #[tool(name = "pointer", annotations(read_only_hint = false))]
    async fn pointer(
        &self,
        Parameters(args): Parameters<PointerArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let line = format!("{} {} {:?}", args.action, args.target, args.priority);
        Ok(CallToolResult::success(vec![Content::text(powershell(line))]))
    }
}

pub fn serve() {
    let _server = HostServer;
}
