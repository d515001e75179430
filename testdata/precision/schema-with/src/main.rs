//! An MCP server in front of a query service (rmcp). Some inputs publish another type's
//! schema through `schema_with`, so the published type is not the Rust one.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// Arguments of `runQuery`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunQuery {
    /// The query text.
    pub query: String,
    /// Values of the query's variables, as JSON text.
    #[schemars(schema_with = "String::json_schema", default)]
    pub variables: Option<Value>,
}

/// Arguments of `renderTemplate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenderTemplate {
    /// Name of the stored template.
    pub template: String,
    /// Values to fill in, as JSON text.
    #[schemars(schema_with = "String::json_schema", default)]
    pub values: Option<Value>,
}

pub struct Gateway;

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

#[tool_router]
impl Gateway {
    #[tool(name = "runQuery", description = "Runs a read-only query.")]
    async fn run_query(
        &self,
        Parameters(input): Parameters<RunQuery>,
    ) -> Result<CallToolResult, ErrorData> {
        let variables = match input.variables {
            None => Value::Null,
            Some(Value::String(text)) => serde_json::from_str(&text)
                .map_err(|e| invalid(format!("variables are not JSON: {e}")))?,
            Some(object) if object.is_object() => object,
            Some(_) => return Err(invalid("variables must be an object".into())),
        };
        let answer = serde_json::json!({ "query": input.query, "variables": variables });
        Ok(CallToolResult::success(vec![Content::text(answer.to_string())]))
    }

    #[tool(name = "renderTemplate", description = "Renders a stored template.")]
    async fn render_template(
        &self,
        Parameters(input): Parameters<RenderTemplate>,
    ) -> Result<CallToolResult, ErrorData> {
        let values: Value = match input.values {
            None => Value::Null,
            Some(Value::String(text)) => serde_json::from_str(&text)
                .map_err(|e| invalid(format!("values are not JSON: {e}")))?,
            Some(_) => return Err(invalid("values must be JSON text".into())),
        };
        let page = format!("{}: {values}", input.template);
        Ok(CallToolResult::success(vec![Content::text(page)]))
    }
}

fn main() {}
