// Metamorphic: `.ok_or_else(|| e)?` on an `Option` is `let Some(v) = .. else { return Err(e) }`.
//! Ordering prints. The handler hands each option's name to a parser of the crate, which
//! knows a few names and answers `None` (or `false`) for the others; the handler refuses
//! those. The schema publishes any string for each.

use crate::options::{Paper, binding, is_known_finish};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct OrderPrints {
    /// The file to print.
    pub file: String,
    /// Paper size.
    pub paper: String,
    /// How the pages are bound.
    pub binding: String,
    /// Surface finish of the cover.
    pub finish: String,
}

#[derive(Default)]
pub struct PrintShop {
    orders: Mutex<Vec<String>>,
}

#[tool_router]
impl PrintShop {
    /// Orders prints of a file.
    #[tool(name = "order_prints")]
    async fn order_prints(
        &self,
        Parameters(input): Parameters<OrderPrints>,
    ) -> Result<CallToolResult, ErrorData> {
        let Some(paper) = Paper::parse(&input.paper) else {
            return Err(ErrorData::invalid_params(
                format!("unknown paper `{}`", input.paper),
                None,
            ));
        };
        let Some(bound) = binding(&input.binding) else {
            return Ok(CallToolResult::error(vec![Content::text(
                "binding must be staple or spiral",
            )]));
        };
        if !is_known_finish(&input.finish) {
            return Ok(CallToolResult::error(vec![Content::text(
                "finish must be matte or gloss",
            )]));
        }
        let order = format!("{} on {paper:?}, {bound:?}, {}", input.file, input.finish);
        self.orders.lock().unwrap().push(order.clone());
        Ok(CallToolResult::success(vec![Content::text(order)]))
    }
}

pub fn serve() {
    let _shop = PrintShop::default();
}
