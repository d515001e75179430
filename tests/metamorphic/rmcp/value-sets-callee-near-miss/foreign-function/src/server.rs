// Metamorphic: an associated function of another crate is a free function of it: neither body is read.
//! Ordering prints. The handler hands each option's name to a parser, but none of its
//! `None` or `false` answers turns the call away: an unknown paper becomes A4, an unknown
//! finish is only noted, and the binding is looked up by a parser of another crate, whose
//! body is not read.

use crate::options::{Paper, is_known_finish};
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
        let paper = Paper::parse(&input.paper).unwrap_or(Paper::A4);
        let Some(bound) = bindery::parse_binding(&input.binding) else {
            return Ok(CallToolResult::error(vec![Content::text("unknown binding")]));
        };
        let mut order = format!("{} on {paper:?}, {bound:?}", input.file);
        if !is_known_finish(&input.finish) {
            order.push_str(" (finish left to the printer)");
        }
        self.orders.lock().unwrap().push(order.clone());
        Ok(CallToolResult::success(vec![Content::text(order)]))
    }
}

pub fn serve() {
    let _shop = PrintShop::default();
}
