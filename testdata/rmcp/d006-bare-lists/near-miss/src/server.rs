use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertVhdArgs {
    /// Path of the virtual hard disk to convert: relative or absolute.
    pub path: String,
    /// Where to put the copies: files, folders, or globs.
    #[serde(default)]
    pub destination: Option<String>,
    /// Site of the host (latitude, longitude, altitude)
    #[serde(default)]
    pub site: Option<String>,
    /// Disk to convert: path, name, or id.
    #[serde(default)]
    pub id: Option<String>,
    /// Kind of disk (Fixed, Dynamic, Differencing, etc)
    #[serde(default)]
    pub kind: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClickArgs {
    /// Which mouse button: left (default), right, or middle.
    #[serde(default)]
    pub button: Option<String>,
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
        let script = format!(
            "Convert-VHD -Path '{}' -Destination '{:?}' # {:?} {:?} {:?}",
            args.path, args.destination, args.site, args.id, args.kind
        );
        Ok(CallToolResult::success(vec![Content::text(powershell(script))]))
    }

    /// Clicks at the pointer's position.
    #[tool(name = "click", annotations(read_only_hint = false))]
    async fn click(
        &self,
        Parameters(args): Parameters<ClickArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        // Extra buttons of a gaming mouse go to the device by their own name.
        let name = args.button.as_deref().unwrap_or("left");
        let code = match name {
            "left" => 1,
            "right" => 2,
            "middle" => 3,
            other => {
                return Ok(CallToolResult::success(vec![Content::text(powershell(
                    format!("{other} pressed"),
                ))]));
            }
        };
        Ok(CallToolResult::success(vec![Content::text(format!("button {code}"))]))
    }
}

pub fn serve() {
    let _server = HostServer;
}
