//! Irrigation valves of one field. The server's own `list_tools` serves each derived input
//! schema through `portable`, which drops `$schema` and turns schemars' `["integer",
//! "null"]` into `"integer"` for function-calling bridges: the schema a client receives is
//! not the one the derive writes.
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams,
    ServerCapabilities, ServerInfo,
};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_router, ErrorData as McpError, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenValve {
    /// Valve id as printed on its housing (for example `V-07`).
    pub valve: String,
    /// Minutes to keep the valve open; the zone's watering time when left out.
    pub minutes: Option<u32>,
}

#[derive(Clone)]
pub struct Valves {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Valves {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Opens one irrigation valve, for the given minutes or the zone's watering time.
    #[tool]
    async fn open_valve(&self, Parameters(input): Parameters<OpenValve>) -> String {
        format!("{} open for {} min", input.valve, input.minutes.unwrap_or(20))
    }
}

/// Drops `$schema` and the `null` of each property's type list.
fn portable(schema: &mut Map<String, Value>) {
    schema.remove("$schema");
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for prop in props.values_mut() {
            if let Some(Value::Array(types)) = prop.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    prop["type"] = only;
                }
            }
        }
    }
}

impl ServerHandler for Valves {
    async fn list_tools(
        &self,
        _params: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let mut tools = self.tool_router.list_all();
        for tool in &mut tools {
            portable(std::sync::Arc::make_mut(&mut tool.input_schema));
        }
        Ok(ListToolsResult {
            tools,
            ..Default::default()
        })
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        self.tool_router
            .call(ToolCallContext::new(self, request, context))
            .await
    }

    fn get_info(&self) -> ServerInfo {
        ServerInfo {
            capabilities: ServerCapabilities::builder().enable_tools().build(),
            ..Default::default()
        }
    }
}

fn main() {
    let _ = Valves::new();
}
